//! The embedded store: SQLite in the data folder, in WAL mode with
//! `synchronous = NORMAL`, so a commit is in the file when it returns and a
//! process killed with SIGKILL loses nothing. Writes go in the hub's batch
//! (batch.rs) or, outside one, each in a transaction of its own.

use std::path::Path;

use rusqlite::functions::FunctionFlags;
use rusqlite::{Connection, OptionalExtension, params};

use super::batch::{Batch, Lost, Raw};
use super::contract::{
    Account, GAME_COLUMNS, GameRow, Kept, PAST_GAMES, PastGame, PlayerId, Rating, Seats, Store, WAITING,
    opening, past_game, stored_step, token_key,
};
use super::migrations::{self, Migration};
use crate::ids::GameId;
use crate::online::table::{Opening, Stored};
use crate::rules::{Level, Seat};

pub struct SqliteStore {
    db: Connection,
    batch: Batch,
}

fn failed(e: rusqlite::Error) -> String {
    format!("the game store: {e}")
}

impl Raw for Connection {
    fn raw(&mut self, sql: &str) -> Result<(), String> {
        self.execute_batch(sql).map_err(failed)
    }
}

impl SqliteStore {
    /// Opens (or creates) `games.sqlite` in `folder`, and brings its schema
    /// up to date.
    pub fn open(folder: &Path) -> Result<SqliteStore, String> {
        std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let path = folder.join("games.sqlite");
        let db = Connection::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        // NORMAL skips the fsync that only a power cut would need.
        db.pragma_update(None, "journal_mode", "WAL").map_err(failed)?;
        db.pragma_update(None, "synchronous", "NORMAL").map_err(failed)?;
        let mut store = SqliteStore {
            db,
            batch: Batch::default(),
        };
        store.migrate().map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(store)
    }

    /// A store that lives only as long as the process (tests).
    pub fn in_memory() -> SqliteStore {
        let db = Connection::open_in_memory().expect("an in-memory database opens");
        let mut store = SqliteStore {
            db,
            batch: Batch::default(),
        };
        store.migrate().expect("the schema applies");
        store
    }

    fn migrate(&mut self) -> Result<(), String> {
        self.db
            .create_scalar_function("token_hash", 1, FunctionFlags::SQLITE_DETERMINISTIC, |context| {
                Ok(token_key(&context.get::<String>(0)?))
            })
            .map_err(failed)?;
        self.db.execute_batch(migrations::TABLE).map_err(failed)?;
        let done = self
            .db
            .query_row("SELECT MAX(version) FROM schema_migrations", [], |row| row.get(0))
            .map_err(failed)?;
        for Migration { version, name, sql } in migrations::pending(migrations::SQLITE, done)? {
            let step = self.db.transaction().map_err(failed)?;
            step.execute_batch(sql)
                .map_err(|e| format!("migration {name}: {e}"))?;
            step.execute(
                "INSERT INTO schema_migrations (version, name, applied) VALUES (?1, ?2, ?3)",
                params![version, name, crate::replay::now_iso()],
            )
            .map_err(failed)?;
            step.commit().map_err(failed)?;
        }
        Ok(())
    }

    /// The game that meets `condition` (`key` its one parameter), with its
    /// steps.
    fn game_where(&mut self, condition: &str, key: &str) -> Result<Option<Kept>, String> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE {condition}");
        self.batch.read(&mut self.db, |db| {
            let row = db
                .query_row(&sql, [key], |row| {
                    Ok(GameRow {
                        code: row.get(0)?,
                        created: row.get(1)?,
                        opening: [row.get(2)?, row.get(3)?, row.get(4)?, row.get(5)?],
                        tokens: [row.get(6)?, row.get(7)?],
                        computers: [row.get(8)?, row.get(9)?],
                        players: [row.get(10)?, row.get(11)?],
                        rated: row.get::<_, i64>(12)? != 0,
                        days: row.get(13)?,
                        moved: row.get(14)?,
                        modded: row.get(15)?,
                    })
                })
                .optional()
                .map_err(failed)?;
            row.map(|row| {
                let steps = steps(db, &row.code);
                row.kept(steps)
            })
            .transpose()
        })
    }

    /// Writes for game `code` with one statement; whether it changed a row.
    fn write(&mut self, code: &str, sql: &str, params: impl rusqlite::Params) -> Result<bool, String> {
        self.batch.write(&mut self.db, Some(code), |db| {
            db.execute(sql, params).map(|rows| rows > 0).map_err(failed)
        })
    }
}

fn steps(db: &Connection, code: &str) -> Result<Vec<Stored>, String> {
    let mut steps = db
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
    rows.iter()
        .enumerate()
        .map(|(i, (seat, action, chance))| stored_step(i, *seat, action, chance))
        .collect()
}

impl Store for SqliteStore {
    fn begin_batch(&mut self) {
        self.batch.open();
    }

    fn commit_batch(&mut self) -> Result<(), Lost> {
        self.batch.commit(&mut self.db)
    }

    fn create(
        &mut self,
        code: &str,
        opening: &Opening,
        seats: &Seats,
        created: &str,
    ) -> Result<bool, String> {
        self.write(
            code,
            "INSERT INTO games (code, game, program, created, seed, config, chance,
                                token0, token1, computer0, computer1, player0, player1, rated, days, modded)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
             ON CONFLICT (code) DO NOTHING",
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
                seats.players[0],
                seats.players[1],
                seats.rated as i64,
                seats.days,
                seats.modded,
            ],
        )
    }

    fn seat(
        &mut self,
        code: &str,
        seat: Seat,
        token: Option<&str>,
        computer: Option<Level>,
        player: Option<PlayerId>,
    ) -> Result<(), String> {
        let sql = if seat == 0 {
            "UPDATE games SET token0 = ?2, computer0 = ?3, player0 = COALESCE(?4, player0) WHERE code = ?1"
        } else {
            "UPDATE games SET token1 = ?2, computer1 = ?3, player1 = COALESCE(?4, player1) WHERE code = ?1"
        };
        self.write(code, sql, params![code, token, computer.map(Level::id), player])
            .map(drop)
    }

    fn step(&mut self, code: &str, n: usize, stored: &Stored) -> Result<(), String> {
        self.write(
            code,
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
    }

    fn moved(&mut self, code: &str, at: &str) -> Result<(), String> {
        self.write(
            code,
            "UPDATE games SET moved = ?2 WHERE code = ?1",
            params![code, at],
        )
        .map(drop)
    }

    fn end(&mut self, code: &str, ended: &str) -> Result<(), String> {
        self.write(
            code,
            "UPDATE games SET ended = ?2 WHERE code = ?1",
            params![code, ended],
        )
        .map(drop)
    }

    fn forget(&mut self, code: &str) -> Result<(), String> {
        self.batch.write(&mut self.db, Some(code), |db| {
            db.execute("DELETE FROM steps WHERE code = ?1", [code])
                .map_err(failed)?;
            db.execute("DELETE FROM games WHERE code = ?1", [code])
                .map(drop)
                .map_err(failed)
        })
    }

    fn forget_waiting_before(&mut self, cutoff: &str) -> Result<usize, String> {
        let waiting = format!("SELECT code FROM games WHERE {WAITING} AND created < ?1");
        self.batch.write(&mut self.db, None, |db| {
            db.execute(&format!("DELETE FROM steps WHERE code IN ({waiting})"), [cutoff])
                .map_err(failed)?;
            db.execute(&format!("DELETE FROM games WHERE code IN ({waiting})"), [cutoff])
                .map_err(failed)
        })
    }

    fn unfinished_count(&mut self) -> Result<usize, String> {
        self.batch.read(&mut self.db, |db| {
            db.query_row("SELECT COUNT(*) FROM games WHERE ended IS NULL", [], |row| {
                row.get::<_, i64>(0)
            })
            .map(|n| n as usize)
            .map_err(failed)
        })
    }

    fn by_code(&mut self, code: &str) -> Result<Option<Kept>, String> {
        self.game_where("ended IS NULL AND code = ?1", code)
    }

    fn by_token(&mut self, key: &str) -> Result<Option<Kept>, String> {
        self.game_where("ended IS NULL AND (token0 = ?1 OR token1 = ?1)", key)
    }

    fn finished_by_token(&mut self, key: &str) -> Result<Option<Kept>, String> {
        self.game_where("ended IS NOT NULL AND (token0 = ?1 OR token1 = ?1)", key)
    }

    fn finished_by_code(&mut self, code: &str) -> Result<Option<Kept>, String> {
        self.game_where("ended IS NOT NULL AND code = ?1", code)
    }

    fn record(&mut self, code: &str) -> Result<(Opening, Vec<Stored>), String> {
        self.batch.read(&mut self.db, |db| {
            let [game, seed, config, chance] = db
                .query_row(
                    "SELECT game, seed, config, chance FROM games WHERE code = ?1",
                    [code],
                    |row| Ok([row.get::<_, String>(0)?, row.get(1)?, row.get(2)?, row.get(3)?]),
                )
                .map_err(failed)?;
            Ok((opening(&game, &seed, &config, &chance)?, steps(db, code)?))
        })
    }

    // One server per SQLite file: every game is its own.
    fn take_lease(&mut self, _code: &str, _owner: &str) -> Result<Option<String>, String> {
        Ok(None)
    }

    fn renew_leases(&mut self, _owner: &str, _codes: &[String]) -> Result<Vec<String>, String> {
        Ok(Vec::new())
    }

    fn release_lease(&mut self, _code: &str, _owner: &str) -> Result<(), String> {
        Ok(())
    }

    fn add_player(&mut self, name: &str, password: &str, created: &str) -> Result<Option<PlayerId>, String> {
        self.batch.write(&mut self.db, None, |db| {
            let added = db
                .execute(
                    "INSERT INTO players (name, name_key, password, created) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (name_key) DO NOTHING",
                    params![name, name.to_lowercase(), password, created],
                )
                .map_err(failed)?;
            Ok((added > 0).then(|| db.last_insert_rowid()))
        })
    }

    fn player_named(&mut self, name: &str) -> Result<Option<Account>, String> {
        self.batch.read(&mut self.db, |db| {
            db.query_row(
                "SELECT id, name, password FROM players WHERE name_key = ?1",
                [name.to_lowercase()],
                |row| {
                    Ok(Account {
                        id: row.get(0)?,
                        name: row.get(1)?,
                        password: row.get(2)?,
                    })
                },
            )
            .optional()
            .map_err(failed)
        })
    }

    fn add_session(&mut self, key: &str, player: PlayerId, created: &str) -> Result<(), String> {
        self.batch.write(&mut self.db, None, |db| {
            db.execute(
                "INSERT INTO sessions (key, player, created) VALUES (?1, ?2, ?3)",
                params![key, player, created],
            )
            .map(drop)
            .map_err(failed)
        })
    }

    fn session(&mut self, key: &str) -> Result<Option<(PlayerId, String)>, String> {
        self.batch.read(&mut self.db, |db| {
            db.query_row(
                "SELECT p.id, p.name FROM sessions s JOIN players p ON p.id = s.player WHERE s.key = ?1",
                [key],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()
            .map_err(failed)
        })
    }

    fn end_session(&mut self, key: &str) -> Result<(), String> {
        self.batch.write(&mut self.db, None, |db| {
            db.execute("DELETE FROM sessions WHERE key = ?1", [key])
                .map(drop)
                .map_err(failed)
        })
    }

    fn rating(&mut self, player: PlayerId, game: GameId) -> Result<Option<Rating>, String> {
        self.batch.read(&mut self.db, |db| {
            db.query_row(
                "SELECT rating, deviation, volatility, games FROM ratings WHERE player = ?1 AND game = ?2",
                params![player, game.id()],
                |row| {
                    Ok(Rating {
                        rating: row.get(0)?,
                        deviation: row.get(1)?,
                        volatility: row.get(2)?,
                        games: row.get::<_, i64>(3)? as u32,
                    })
                },
            )
            .optional()
            .map_err(failed)
        })
    }

    fn set_rating(&mut self, player: PlayerId, game: GameId, rating: &Rating) -> Result<(), String> {
        self.batch.write(&mut self.db, None, |db| {
            db.execute(
                "INSERT INTO ratings (player, game, rating, deviation, volatility, games)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (player, game) DO UPDATE SET rating = ?3, deviation = ?4, volatility = ?5, games = ?6",
                params![
                    player,
                    game.id(),
                    rating.rating,
                    rating.deviation,
                    rating.volatility,
                    rating.games as i64
                ],
            )
            .map(drop)
            .map_err(failed)
        })
    }

    fn best(&mut self, game: GameId, limit: usize) -> Result<Vec<(String, Rating)>, String> {
        self.batch.read(&mut self.db, |db| {
            let mut best = db
                .prepare(
                    "SELECT p.name, r.rating, r.deviation, r.volatility, r.games
                     FROM ratings r JOIN players p ON p.id = r.player
                     WHERE r.game = ?1
                     ORDER BY r.rating DESC, p.name LIMIT ?2",
                )
                .map_err(failed)?;
            best.query_map(params![game.id(), limit as i64], |row| {
                Ok((
                    row.get(0)?,
                    Rating {
                        rating: row.get(1)?,
                        deviation: row.get(2)?,
                        volatility: row.get(3)?,
                        games: row.get::<_, i64>(4)? as u32,
                    },
                ))
            })
            .map_err(failed)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(failed)
        })
    }

    fn games_of(&mut self, player: PlayerId, limit: usize) -> Result<Vec<PastGame>, String> {
        let sql = PAST_GAMES.replace("{1}", "?1").replace("{2}", "?2");
        self.batch.read(&mut self.db, |db| {
            let mut games = db.prepare(&sql).map_err(failed)?;
            let rows = games
                .query_map(params![player, limit as i64], |row| {
                    Ok((
                        row.get::<_, String>(0)?,
                        row.get::<_, String>(1)?,
                        row.get::<_, String>(2)?,
                        row.get::<_, Option<String>>(3)?,
                        row.get::<_, i64>(4)?,
                        row.get::<_, Option<String>>(5)?,
                        row.get::<_, i64>(6)? != 0,
                    ))
                })
                .map_err(failed)?
                .collect::<Result<Vec<_>, _>>()
                .map_err(failed)?;
            rows.into_iter()
                .map(|(code, game, created, ended, seat, opponent, rated)| {
                    past_game(code, &game, created, ended, seat, opponent, rated)
                })
                .collect()
        })
    }
}
