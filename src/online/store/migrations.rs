//! The stores' schema as versioned files (migrations/), applied in order at
//! start; each store records the versions it has applied, so a step runs
//! once, and a store newer than the program is refused.

/// One step of a schema: its number, its name (the file's), its SQL.
pub struct Migration {
    pub version: i64,
    pub name: &'static str,
    pub sql: &'static str,
}

pub const SQLITE: &[Migration] = &[
    Migration {
        version: 1,
        name: "0001_games.sql",
        sql: include_str!("../../../migrations/sqlite/0001_games.sql"),
    },
    Migration {
        version: 2,
        name: "0002_hashed_tokens.sql",
        sql: include_str!("../../../migrations/sqlite/0002_hashed_tokens.sql"),
    },
    Migration {
        version: 3,
        name: "0003_accounts.sql",
        sql: include_str!("../../../migrations/sqlite/0003_accounts.sql"),
    },
];

pub const POSTGRES: &[Migration] = &[
    Migration {
        version: 1,
        name: "0001_games.sql",
        sql: include_str!("../../../migrations/postgres/0001_games.sql"),
    },
    Migration {
        version: 2,
        name: "0002_leases.sql",
        sql: include_str!("../../../migrations/postgres/0002_leases.sql"),
    },
    Migration {
        version: 3,
        name: "0003_leases_apart.sql",
        sql: include_str!("../../../migrations/postgres/0003_leases_apart.sql"),
    },
    Migration {
        version: 4,
        name: "0004_server_heartbeats.sql",
        sql: include_str!("../../../migrations/postgres/0004_server_heartbeats.sql"),
    },
    Migration {
        version: 5,
        name: "0005_accounts.sql",
        sql: include_str!("../../../migrations/postgres/0005_accounts.sql"),
    },
];

/// The table that records what was applied, the same in both stores.
pub const TABLE: &str = "CREATE TABLE IF NOT EXISTS schema_migrations (
    version BIGINT PRIMARY KEY,
    name    TEXT NOT NULL,
    applied TEXT NOT NULL
)";

/// The steps of `all` still to apply to a store that has applied up to
/// `done`; an error if the store is ahead of this program.
pub fn pending(all: &'static [Migration], done: Option<i64>) -> Result<&'static [Migration], String> {
    let done = done.unwrap_or(0);
    let newest = all.last().map_or(0, |m| m.version);
    if done > newest {
        return Err(format!(
            "the store's schema is version {done}, newer than this program's {newest}: \
             run the newer program, or a store of its own"
        ));
    }
    Ok(&all[all.iter().take_while(|m| m.version <= done).count()..])
}
