//! The server's store: an embedded SQLite database in the data folder
//! (docs/online.md has the schema). Every action is written here before
//! anyone is answered, so a server killed mid-game starts again with every
//! game where it was.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;

use super::table::{Opening, Stored};
use crate::ids::GameId;
use crate::rules::{Level, Seat};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    code     TEXT PRIMARY KEY,
    game     TEXT NOT NULL,
    program  TEXT NOT NULL,
    created  TEXT NOT NULL,
    seed     TEXT NOT NULL,
    config   TEXT NOT NULL,
    chance   TEXT NOT NULL,
    token0   TEXT,
    token1   TEXT,
    computer0 TEXT,
    computer1 TEXT,
    ended    TEXT
);
CREATE TABLE IF NOT EXISTS steps (
    code   TEXT NOT NULL REFERENCES games(code),
    n      INTEGER NOT NULL,
    seat   INTEGER NOT NULL,
    action TEXT NOT NULL,
    chance TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE INDEX IF NOT EXISTS games_token0 ON games(token0);
CREATE INDEX IF NOT EXISTS games_token1 ON games(token1);
";

/// Who holds each seat of a stored game.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Seats {
    pub tokens: [Option<String>; 2],
    pub computers: [Option<Level>; 2],
}

/// A game not yet over, as the store gives it back.
#[derive(Debug, Clone)]
pub struct Kept {
    pub code: String,
    /// When it was created, ISO 8601 in UTC.
    pub created: String,
    pub opening: Opening,
    pub seats: Seats,
    pub steps: Vec<Stored>,
}

pub struct Store {
    db: Connection,
}

fn failed(e: rusqlite::Error) -> String {
    format!("the game store: {e}")
}

fn opening(game: &str, seed: &str, config: &str, chance: &str) -> Result<Opening, String> {
    Ok(Opening {
        game: GameId::parse(game)?,
        seed: seed.parse().map_err(|_| format!("the seed `{seed}`"))?,
        config: serde_json::from_str(config).map_err(|e| format!("the config: {e}"))?,
        chance: serde_json::from_str(chance).map_err(|e| format!("the chance: {e}"))?,
    })
}

fn level(text: &Option<String>) -> Result<Option<Level>, String> {
    text.as_deref().map(Level::parse).transpose()
}

impl Store {
    /// Opens (or creates) `games.sqlite` in `folder`.
    pub fn open(folder: &Path) -> Result<Store, String> {
        std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let path = folder.join("games.sqlite");
        let db = Connection::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        // WAL: a commit is in the file as soon as it returns, so a killed
        // process loses nothing; NORMAL skips the fsync that only a power
        // cut would need.
        db.pragma_update(None, "journal_mode", "WAL").map_err(failed)?;
        db.pragma_update(None, "synchronous", "NORMAL").map_err(failed)?;
        db.execute_batch(SCHEMA).map_err(failed)?;
        Ok(Store { db })
    }

    /// A store that lives only as long as the process (tests).
    pub fn in_memory() -> Store {
        let db = Connection::open_in_memory().expect("an in-memory database opens");
        db.execute_batch(SCHEMA).expect("the schema applies");
        Store { db }
    }

    pub fn code_taken(&self, code: &str) -> Result<bool, String> {
        self.db
            .query_row("SELECT 1 FROM games WHERE code = ?1", [code], |_| Ok(()))
            .optional()
            .map(|found| found.is_some())
            .map_err(failed)
    }

    pub fn create(&self, code: &str, opening: &Opening, seats: &Seats, created: &str) -> Result<(), String> {
        self.db
            .execute(
                "INSERT INTO games (code, game, program, created, seed, config, chance,
                                    token0, token1, computer0, computer1)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                params![
                    code,
                    opening.game.id(),
                    env!("CARGO_PKG_VERSION"),
                    created,
                    opening.seed.to_string(),
                    opening.config.to_string(),
                    serde_json::to_string(&opening.chance).expect("numbers serialize"),
                    seats.tokens[0],
                    seats.tokens[1],
                    seats.computers[0].map(Level::id),
                    seats.computers[1].map(Level::id),
                ],
            )
            .map(drop)
            .map_err(failed)
    }

    /// Who holds `seat` now: a person's token, or the computer.
    pub fn seat(
        &self,
        code: &str,
        seat: Seat,
        token: Option<&str>,
        computer: Option<Level>,
    ) -> Result<(), String> {
        let sql = if seat == 0 {
            "UPDATE games SET token0 = ?2, computer0 = ?3 WHERE code = ?1"
        } else {
            "UPDATE games SET token1 = ?2, computer1 = ?3 WHERE code = ?1"
        };
        self.db
            .execute(sql, params![code, token, computer.map(Level::id)])
            .map(drop)
            .map_err(failed)
    }

    /// Keeps action number `n` (from 1) of a game.
    pub fn step(&self, code: &str, n: usize, stored: &Stored) -> Result<(), String> {
        self.db
            .execute(
                "INSERT INTO steps (code, n, seat, action, chance) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    code,
                    n as i64,
                    stored.seat as i64,
                    stored.action.to_string(),
                    serde_json::to_string(&stored.chance).expect("numbers serialize"),
                ],
            )
            .map(drop)
            .map_err(failed)
    }

    pub fn end(&self, code: &str, ended: &str) -> Result<(), String> {
        self.db
            .execute(
                "UPDATE games SET ended = ?2 WHERE code = ?1",
                params![code, ended],
            )
            .map(drop)
            .map_err(failed)
    }

    /// A game nobody joined, given up by its creator or expired.
    pub fn forget(&mut self, code: &str) -> Result<(), String> {
        let forgetting = self.db.transaction().map_err(failed)?;
        forgetting
            .execute("DELETE FROM steps WHERE code = ?1", [code])
            .map_err(failed)?;
        forgetting
            .execute("DELETE FROM games WHERE code = ?1", [code])
            .map_err(failed)?;
        forgetting.commit().map_err(failed)
    }

    /// Forgets every game nobody joined that was created before `cutoff`
    /// (ISO 8601 in UTC, which sorts as text); how many it forgot.
    pub fn forget_waiting_before(&mut self, cutoff: &str) -> Result<usize, String> {
        let forgetting = self.db.transaction().map_err(failed)?;
        let waiting = "SELECT code FROM games WHERE ended IS NULL AND token1 IS NULL
                       AND computer1 IS NULL AND created < ?1";
        forgetting
            .execute(&format!("DELETE FROM steps WHERE code IN ({waiting})"), [cutoff])
            .map_err(failed)?;
        let forgotten = forgetting
            .execute(&format!("DELETE FROM games WHERE code IN ({waiting})"), [cutoff])
            .map_err(failed)?;
        forgetting.commit().map_err(failed)?;
        Ok(forgotten)
    }

    /// How many games are not over.
    pub fn unfinished_count(&self) -> Result<usize, String> {
        self.db
            .query_row("SELECT COUNT(*) FROM games WHERE ended IS NULL", [], |row| {
                row.get::<_, i64>(0)
            })
            .map(|n| n as usize)
            .map_err(failed)
    }

    /// The unfinished game with this code, if the store has one.
    pub fn by_code(&self, code: &str) -> Result<Option<Kept>, String> {
        self.unfinished("code = ?1", code)
    }

    /// The unfinished game a seat's token belongs to, if any.
    pub fn by_token(&self, token: &str) -> Result<Option<Kept>, String> {
        self.unfinished("(token0 = ?1 OR token1 = ?1)", token)
    }

    /// The unfinished game `condition` finds with `key`, with its actions
    /// in order; an error says what of it the program cannot read.
    fn unfinished(&self, condition: &str, key: &str) -> Result<Option<Kept>, String> {
        let row = self
            .db
            .query_row(
                &format!(
                    "SELECT code, created, game, seed, config, chance, token0, token1, computer0, computer1
                     FROM games WHERE ended IS NULL AND {condition}"
                ),
                [key],
                |row| {
                    Ok((
                        [row.get::<_, String>(0)?, row.get::<_, String>(1)?],
                        [
                            row.get::<_, String>(2)?,
                            row.get::<_, String>(3)?,
                            row.get::<_, String>(4)?,
                            row.get::<_, String>(5)?,
                        ],
                        [row.get::<_, Option<String>>(6)?, row.get::<_, Option<String>>(7)?],
                        [row.get::<_, Option<String>>(8)?, row.get::<_, Option<String>>(9)?],
                    ))
                },
            )
            .optional()
            .map_err(failed)?;
        let Some(([code, created], [game, seed, config, chance], tokens, computers)) = row else {
            return Ok(None);
        };
        let read = || -> Result<Kept, String> {
            Ok(Kept {
                opening: opening(&game, &seed, &config, &chance)?,
                seats: Seats {
                    tokens,
                    computers: [level(&computers[0])?, level(&computers[1])?],
                },
                steps: self.steps(&code)?,
                code: code.clone(),
                created,
            })
        };
        read().map(Some).map_err(|e| format!("game {code}: {e}"))
    }

    /// Any game's set-up and actions, finished or not.
    pub fn record(&self, code: &str) -> Result<(Opening, Vec<Stored>), String> {
        let (game, seed, config, chance) = self
            .db
            .query_row(
                "SELECT game, seed, config, chance FROM games WHERE code = ?1",
                [code],
                |row| {
                    Ok((
                        row.get::<_, String>(0)?,
                        row.get::<_, String>(1)?,
                        row.get::<_, String>(2)?,
                        row.get::<_, String>(3)?,
                    ))
                },
            )
            .map_err(failed)?;
        Ok((opening(&game, &seed, &config, &chance)?, self.steps(code)?))
    }

    fn steps(&self, code: &str) -> Result<Vec<Stored>, String> {
        let mut steps = self
            .db
            .prepare("SELECT seat, action, chance FROM steps WHERE code = ?1 ORDER BY n")
            .map_err(failed)?;
        let rows = steps
            .query_map([code], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, String>(2)?,
                ))
            })
            .map_err(failed)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(failed)?;
        rows.into_iter()
            .enumerate()
            .map(|(i, (seat, action, chance))| {
                let bad = |what: &str| format!("step {}: {what}", i + 1);
                Ok(Stored {
                    seat: match seat {
                        0 | 1 => seat as Seat,
                        _ => return Err(bad("the seat")),
                    },
                    action: serde_json::from_str::<Value>(&action).map_err(|_| bad("the action"))?,
                    chance: serde_json::from_str(&chance).map_err(|_| bad("the chance"))?,
                })
            })
            .collect()
    }
}
