//! The server's store: every game's set-up and actions, written before
//! anyone is answered, so that a server killed mid-game (or another server
//! taking its games) starts again with every game where it was. One trait,
//! two stores: SQLite in the data folder (the default) and PostgreSQL
//! (`serve --database postgres://…`). docs/online.md has the schema.

mod batch;
mod contract;
mod migrations;
mod postgres;
mod sqlite;

pub use self::batch::Lost;
pub use self::contract::{
    Account, Kept, LEASE_SECONDS, PastGame, Player, PlayerId, Rating, Seats, Store, token_key,
};
pub use self::postgres::PostgresStore;
pub use self::sqlite::SqliteStore;

/// Where `serve` keeps its games.
#[derive(Debug, Clone, PartialEq)]
pub enum Database {
    /// `games.sqlite` in this folder.
    Sqlite(std::path::PathBuf),
    /// A PostgreSQL connection string (`postgres://user@host:port/name`).
    Postgres(String),
}

impl Database {
    pub fn open(&self) -> Result<Box<dyn Store>, String> {
        Ok(match self {
            Database::Sqlite(folder) => Box::new(SqliteStore::open(folder)?),
            Database::Postgres(url) => Box::new(PostgresStore::connect(url)?),
        })
    }

    /// What the log names it by: the file, or the server without its
    /// password.
    pub fn describe(&self) -> String {
        match self {
            Database::Sqlite(folder) => folder.join("games.sqlite").display().to_string(),
            Database::Postgres(url) => match url.split_once('@') {
                Some((_, rest)) => format!("postgres://…@{rest}"),
                None => url.clone(),
            },
        }
    }
}
