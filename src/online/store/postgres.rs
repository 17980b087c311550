//! The store for servers that share one database: PostgreSQL, through the
//! `postgres` crate (tokio-postgres with its own small runtime, so the
//! hub's thread calls it as it calls SQLite). Writes go in the hub's batch
//! (batch.rs) or, outside one, each in a transaction of its own. In a
//! batch the steps, one for each action, are kept back and sent as one
//! statement before anything else runs, so a turn of many actions costs a
//! few round trips, not one each. Leases go
//! through a second connection, committed at once: a lease taken inside a
//! batch would hold its row until the batch commits, and two servers'
//! batches taking each other's leases would deadlock.

use std::collections::HashMap;

use postgres::types::ToSql;
use postgres::{Client, NoTls, Row, Statement};

use super::batch::{Batch, Lost, Raw};
use super::contract::{
    Account, GAME_COLUMNS, GameRow, Kept, LEASE_SECONDS, PAST_GAMES, PastGame, PlayerId, Rating, Seats,
    Store, WAITING, opening, past_game, stored_step,
};
use super::migrations::{self, Migration};
use crate::ids::GameId;
use crate::online::table::{Opening, Stored};
use crate::rules::{Level, Seat};

pub struct PostgresStore {
    db: Prepared,
    /// The leases' own connection: never inside a batch.
    leases: Prepared,
    batch: Batch,
    /// The batch's steps not yet sent.
    steps: Steps,
}

/// Steps waiting to be sent, column by column, as `UNNEST` takes them.
#[derive(Default)]
struct Steps {
    codes: Vec<String>,
    numbers: Vec<i64>,
    seats: Vec<i64>,
    actions: Vec<String>,
    chances: Vec<String>,
}

fn failed(e: postgres::Error) -> String {
    // The driver's own text is "db error": the database's says what.
    match e.as_db_error() {
        Some(db) => format!("the game store: {}", db.message()),
        None => format!("the game store: {e}"),
    }
}

/// A connection and the statements prepared on it. The driver prepares a
/// statement given as text before each call, a round trip of its own and
/// a parse in the database: here each is prepared once per connection.
struct Prepared {
    client: Client,
    statements: HashMap<String, Statement>,
}

type Params<'a> = &'a [&'a (dyn ToSql + Sync)];

impl Prepared {
    fn statement(&mut self, sql: &str) -> Result<Statement, postgres::Error> {
        if let Some(statement) = self.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(sql)?;
        self.statements.insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }

    fn execute(&mut self, sql: &str, params: Params) -> Result<u64, postgres::Error> {
        let statement = self.statement(sql)?;
        self.client.execute(&statement, params)
    }

    fn query(&mut self, sql: &str, params: Params) -> Result<Vec<Row>, postgres::Error> {
        let statement = self.statement(sql)?;
        self.client.query(&statement, params)
    }

    fn query_opt(&mut self, sql: &str, params: Params) -> Result<Option<Row>, postgres::Error> {
        let statement = self.statement(sql)?;
        self.client.query_opt(&statement, params)
    }

    fn query_one(&mut self, sql: &str, params: Params) -> Result<Row, postgres::Error> {
        let statement = self.statement(sql)?;
        self.client.query_one(&statement, params)
    }
}

impl Raw for Prepared {
    fn raw(&mut self, sql: &str) -> Result<(), String> {
        self.client.batch_execute(sql).map_err(failed)
    }
}

impl PostgresStore {
    /// Connects to `url` and brings the schema up to date; several servers
    /// starting at once take turns (an advisory lock) so that each step
    /// runs once.
    pub fn connect(url: &str) -> Result<PostgresStore, String> {
        let reach = || -> Result<Prepared, String> {
            Ok(Prepared {
                client: Client::connect(url, NoTls).map_err(|e| format!("cannot reach the database: {e}"))?,
                statements: HashMap::new(),
            })
        };
        let mut store = PostgresStore {
            db: reach()?,
            leases: reach()?,
            batch: Batch::default(),
            steps: Steps::default(),
        };
        // A lease is the owner's claim for the next few seconds, not a
        // record: it need not wait for the disk. A database that crashes
        // loses at most its last leases, and a server that finds one gone
        // or taken at its next renewal lets that game go.
        store.leases.raw("SET synchronous_commit = off")?;
        store.migrate()?;
        Ok(store)
    }

    fn migrate(&mut self) -> Result<(), String> {
        let mut step = self.db.client.transaction().map_err(failed)?;
        // One number for this program's migrations: the lock is the
        // transaction's, and ends with it.
        step.execute("SELECT pg_advisory_xact_lock(7480)", &[])
            .map_err(failed)?;
        step.batch_execute(migrations::TABLE).map_err(failed)?;
        let done: Option<i64> = step
            .query_one("SELECT MAX(version) FROM schema_migrations", &[])
            .map_err(failed)?
            .get(0);
        for Migration { version, name, sql } in migrations::pending(migrations::POSTGRES, done)? {
            step.batch_execute(sql)
                .map_err(|e| format!("migration {name}: {e}"))?;
            step.execute(
                "INSERT INTO schema_migrations (version, name, applied) VALUES ($1, $2, $3)",
                &[version, name, &crate::replay::now_iso()],
            )
            .map_err(failed)?;
        }
        step.commit().map_err(failed)
    }

    /// Sends the steps kept back, inside the batch: before any other
    /// statement, so that each sees them, and at the commit.
    fn send_steps(&mut self) -> Result<(), String> {
        if self.steps.codes.is_empty() {
            return Ok(());
        }
        let Steps {
            codes,
            numbers,
            seats,
            actions,
            chances,
        } = std::mem::take(&mut self.steps);
        self.batch.write(&mut self.db, None, |db| {
            db.execute(
                "INSERT INTO steps (code, n, seat, action, chance)
                 SELECT * FROM UNNEST($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::text[])",
                &[&codes, &numbers, &seats, &actions, &chances],
            )
            .map(drop)
            .map_err(failed)
        })
    }

    /// The game that meets `condition` (`key` its one parameter), with its
    /// steps.
    fn game_where(&mut self, condition: &str, key: &str) -> Result<Option<Kept>, String> {
        self.send_steps()?;
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE {condition}");
        self.batch.read(&mut self.db, |db| {
            let Some(row) = db.query_opt(&sql, &[&key]).map_err(failed)? else {
                return Ok(None);
            };
            let row = game_row(&row).map_err(failed)?;
            let steps = steps(db, &row.code);
            row.kept(steps).map(Some)
        })
    }

    /// Writes for game `code` with one statement; whether it changed a row.
    fn write(&mut self, code: &str, sql: &str, params: Params) -> Result<bool, String> {
        self.send_steps()?;
        self.batch.write(&mut self.db, Some(code), |db| {
            db.execute(sql, params).map(|rows| rows > 0).map_err(failed)
        })
    }
}

fn steps(db: &mut Prepared, code: &str) -> Result<Vec<Stored>, String> {
    let rows = db
        .query(
            "SELECT seat, action, chance FROM steps WHERE code = $1 ORDER BY n",
            &[&code],
        )
        .map_err(failed)?;
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            let (seat, action, chance): (i64, String, String) = (
                row.try_get(0).map_err(failed)?,
                row.try_get(1).map_err(failed)?,
                row.try_get(2).map_err(failed)?,
            );
            stored_step(i, seat, &action, &chance)
        })
        .collect()
}

fn game_row(row: &Row) -> Result<GameRow, postgres::Error> {
    Ok(GameRow {
        code: row.try_get(0)?,
        created: row.try_get(1)?,
        opening: [row.try_get(2)?, row.try_get(3)?, row.try_get(4)?, row.try_get(5)?],
        tokens: [row.try_get(6)?, row.try_get(7)?],
        computers: [row.try_get(8)?, row.try_get(9)?],
        players: [row.try_get(10)?, row.try_get(11)?],
        rated: row.try_get(12)?,
        days: row.try_get(13)?,
        moved: row.try_get(14)?,
        modded: row.try_get(15)?,
    })
}

fn rating_row(row: &Row, from: usize) -> Result<Rating, postgres::Error> {
    Ok(Rating {
        rating: row.try_get(from)?,
        deviation: row.try_get(from + 1)?,
        volatility: row.try_get(from + 2)?,
        games: row.try_get::<_, i64>(from + 3)? as u32,
    })
}

impl Store for PostgresStore {
    fn begin_batch(&mut self) {
        self.batch.open();
    }

    fn commit_batch(&mut self) -> Result<(), Lost> {
        // A failure here fails the batch, and the commit says so.
        let _ = self.send_steps();
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
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
             ON CONFLICT (code) DO NOTHING",
            &[
                &code,
                &opening.game.id(),
                &env!("CARGO_PKG_VERSION"),
                &created,
                &opening.seed.to_string(),
                &opening.config.to_string(),
                &serde_json::to_string(&opening.chance).expect("numbers serialize"),
                &seats.tokens[0],
                &seats.tokens[1],
                &seats.computers[0].map(Level::id),
                &seats.computers[1].map(Level::id),
                &seats.players[0],
                &seats.players[1],
                &seats.rated,
                &seats.days.map(i64::from),
                &seats.modded,
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
            "UPDATE games SET token0 = $2, computer0 = $3, player0 = COALESCE($4, player0) WHERE code = $1"
        } else {
            "UPDATE games SET token1 = $2, computer1 = $3, player1 = COALESCE($4, player1) WHERE code = $1"
        };
        self.write(code, sql, &[&code, &token, &computer.map(Level::id), &player])
            .map(drop)
    }

    fn step(&mut self, code: &str, n: usize, stored: &Stored) -> Result<(), String> {
        let batched = self.batch.is_open();
        if batched {
            self.batch.note(Some(code))?;
        }
        let steps = &mut self.steps;
        steps.codes.push(code.to_owned());
        steps.numbers.push(n as i64);
        steps.seats.push(stored.seat as i64);
        steps.actions.push(stored.action.to_string());
        steps
            .chances
            .push(serde_json::to_string(&stored.chance).expect("numbers serialize"));
        if batched { Ok(()) } else { self.send_steps() }
    }

    fn moved(&mut self, code: &str, at: &str) -> Result<(), String> {
        self.write(code, "UPDATE games SET moved = $2 WHERE code = $1", &[&code, &at])
            .map(drop)
    }

    fn end(&mut self, code: &str, ended: &str) -> Result<(), String> {
        self.write(
            code,
            "UPDATE games SET ended = $2 WHERE code = $1",
            &[&code, &ended],
        )
        .map(drop)
    }

    fn forget(&mut self, code: &str) -> Result<(), String> {
        self.send_steps()?;
        self.batch.write(&mut self.db, Some(code), |db| {
            db.execute("DELETE FROM steps WHERE code = $1", &[&code])
                .map_err(failed)?;
            db.execute("DELETE FROM games WHERE code = $1", &[&code])
                .map(drop)
                .map_err(failed)
        })
    }

    fn forget_waiting_before(&mut self, cutoff: &str) -> Result<usize, String> {
        self.send_steps()?;
        let waiting = format!("SELECT code FROM games WHERE {WAITING} AND created < $1");
        let forgotten = self.batch.write(&mut self.db, None, |db| {
            db.execute(
                &format!("DELETE FROM steps WHERE code IN ({waiting})"),
                &[&cutoff],
            )
            .map_err(failed)?;
            db.execute(
                &format!("DELETE FROM games WHERE code IN ({waiting})"),
                &[&cutoff],
            )
            .map(|forgotten| forgotten as usize)
            .map_err(failed)
        })?;
        // A lease whose owner's heartbeat ran out holds nothing: any
        // server may take it.
        self.leases
            .execute(
                "DELETE FROM leases WHERE NOT EXISTS (SELECT 1 FROM servers
                     WHERE servers.owner = leases.owner AND servers.expires > now())",
                &[],
            )
            .map_err(failed)?;
        Ok(forgotten)
    }

    fn unfinished_count(&mut self) -> Result<usize, String> {
        self.send_steps()?;
        self.batch.read(&mut self.db, |db| {
            db.query_one("SELECT COUNT(*) FROM games WHERE ended IS NULL", &[])
                .and_then(|row| row.try_get::<_, i64>(0))
                .map(|n| n as usize)
                .map_err(failed)
        })
    }

    fn by_code(&mut self, code: &str) -> Result<Option<Kept>, String> {
        self.game_where("ended IS NULL AND code = $1", code)
    }

    fn by_token(&mut self, key: &str) -> Result<Option<Kept>, String> {
        self.game_where("ended IS NULL AND (token0 = $1 OR token1 = $1)", key)
    }

    fn finished_by_token(&mut self, key: &str) -> Result<Option<Kept>, String> {
        self.game_where("ended IS NOT NULL AND (token0 = $1 OR token1 = $1)", key)
    }

    fn finished_by_code(&mut self, code: &str) -> Result<Option<Kept>, String> {
        self.game_where("ended IS NOT NULL AND code = $1", code)
    }

    fn record(&mut self, code: &str) -> Result<(Opening, Vec<Stored>), String> {
        self.send_steps()?;
        self.batch.read(&mut self.db, |db| {
            let row = db
                .query_one(
                    "SELECT game, seed, config, chance FROM games WHERE code = $1",
                    &[&code],
                )
                .map_err(failed)?;
            let column = |i: usize| row.try_get::<_, String>(i).map_err(failed);
            let opening = opening(&column(0)?, &column(1)?, &column(2)?, &column(3)?)?;
            Ok((opening, steps(db, code)?))
        })
    }

    fn take_lease(&mut self, code: &str, owner: &str) -> Result<Option<String>, String> {
        // Taken when there is none, when it is ours already, or when its
        // owner's heartbeat ran out; otherwise the owner it names.
        let taken = self
            .leases
            .query_opt(
                "INSERT INTO leases (code, owner) VALUES ($1, $2)
                 ON CONFLICT (code) DO UPDATE SET owner = EXCLUDED.owner
                 WHERE leases.owner = EXCLUDED.owner
                    OR NOT EXISTS (SELECT 1 FROM servers
                                   WHERE servers.owner = leases.owner AND servers.expires > now())
                 RETURNING owner",
                &[&code, &owner],
            )
            .map_err(failed)?;
        if taken.is_some() {
            return Ok(None);
        }
        let held = self
            .leases
            .query_opt("SELECT owner FROM leases WHERE code = $1", &[&code])
            .map_err(failed)?;
        match held {
            Some(row) => Ok(Some(row.try_get(0).map_err(failed)?)),
            // Released between the two statements: try once more.
            None => self.take_lease(code, owner),
        }
    }

    fn renew_leases(&mut self, owner: &str, codes: &[String]) -> Result<Vec<String>, String> {
        // One row for all of them; `was` reads it as it stood before.
        let lapsed: Option<bool> = self
            .leases
            .query_one(
                "WITH was AS (SELECT expires FROM servers WHERE owner = $1)
                 INSERT INTO servers (owner, expires) VALUES ($1, now() + make_interval(secs => $2))
                 ON CONFLICT (owner) DO UPDATE SET expires = EXCLUDED.expires
                 RETURNING (SELECT expires < now() FROM was)",
                &[&owner, &f64::from(LEASE_SECONDS)],
            )
            .and_then(|row| row.try_get(0))
            .map_err(failed)?;
        if lapsed != Some(true) || codes.is_empty() {
            return Ok(Vec::new());
        }
        // The heartbeat had run out: another server may have taken some.
        let kept: std::collections::HashSet<String> = self
            .leases
            .query(
                "SELECT code FROM leases WHERE owner = $1 AND code = ANY($2)",
                &[&owner, &codes],
            )
            .map_err(failed)?
            .iter()
            .map(|row| row.try_get(0))
            .collect::<Result<_, _>>()
            .map_err(failed)?;
        Ok(codes
            .iter()
            .filter(|code| !kept.contains(code.as_str()))
            .cloned()
            .collect())
    }

    fn release_lease(&mut self, code: &str, owner: &str) -> Result<(), String> {
        self.leases
            .execute(
                "DELETE FROM leases WHERE code = $1 AND owner = $2",
                &[&code, &owner],
            )
            .map(drop)
            .map_err(failed)
    }

    fn add_player(&mut self, name: &str, password: &str, created: &str) -> Result<Option<PlayerId>, String> {
        self.send_steps()?;
        self.batch.write(&mut self.db, None, |db| {
            let added = db
                .query_opt(
                    "INSERT INTO players (name, name_key, password, created) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (name_key) DO NOTHING RETURNING id",
                    &[&name, &name.to_lowercase(), &password, &created],
                )
                .map_err(failed)?;
            Ok(added.map(|row| row.get(0)))
        })
    }

    fn player_named(&mut self, name: &str) -> Result<Option<Account>, String> {
        self.send_steps()?;
        self.batch.read(&mut self.db, |db| {
            let row = db
                .query_opt(
                    "SELECT id, name, password FROM players WHERE name_key = $1",
                    &[&name.to_lowercase()],
                )
                .map_err(failed)?;
            Ok(row.map(|row| Account {
                id: row.get(0),
                name: row.get(1),
                password: row.get(2),
            }))
        })
    }

    fn add_session(&mut self, key: &str, player: PlayerId, created: &str) -> Result<(), String> {
        self.send_steps()?;
        self.batch.write(&mut self.db, None, |db| {
            db.execute(
                "INSERT INTO sessions (key, player, created) VALUES ($1, $2, $3)",
                &[&key, &player, &created],
            )
            .map(drop)
            .map_err(failed)
        })
    }

    fn session(&mut self, key: &str) -> Result<Option<(PlayerId, String)>, String> {
        self.send_steps()?;
        self.batch.read(&mut self.db, |db| {
            let row = db
                .query_opt(
                    "SELECT p.id, p.name FROM sessions s JOIN players p ON p.id = s.player WHERE s.key = $1",
                    &[&key],
                )
                .map_err(failed)?;
            Ok(row.map(|row| (row.get(0), row.get(1))))
        })
    }

    fn end_session(&mut self, key: &str) -> Result<(), String> {
        self.send_steps()?;
        self.batch.write(&mut self.db, None, |db| {
            db.execute("DELETE FROM sessions WHERE key = $1", &[&key])
                .map(drop)
                .map_err(failed)
        })
    }

    fn rating(&mut self, player: PlayerId, game: GameId) -> Result<Option<Rating>, String> {
        self.send_steps()?;
        self.batch.read(&mut self.db, |db| {
            let row = db
                .query_opt(
                    "SELECT rating, deviation, volatility, games FROM ratings WHERE player = $1 AND game = $2",
                    &[&player, &game.id()],
                )
                .map_err(failed)?;
            row.map(|row| rating_row(&row, 0).map_err(failed)).transpose()
        })
    }

    fn set_rating(&mut self, player: PlayerId, game: GameId, rating: &Rating) -> Result<(), String> {
        self.send_steps()?;
        self.batch.write(&mut self.db, None, |db| {
            db.execute(
                "INSERT INTO ratings (player, game, rating, deviation, volatility, games)
                 VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (player, game) DO UPDATE SET rating = $3, deviation = $4, volatility = $5, games = $6",
                &[
                    &player,
                    &game.id(),
                    &rating.rating,
                    &rating.deviation,
                    &rating.volatility,
                    &(rating.games as i64),
                ],
            )
            .map(drop)
            .map_err(failed)
        })
    }

    fn best(&mut self, game: GameId, limit: usize) -> Result<Vec<(String, Rating)>, String> {
        self.send_steps()?;
        self.batch.read(&mut self.db, |db| {
            let rows = db
                .query(
                    "SELECT p.name, r.rating, r.deviation, r.volatility, r.games
                     FROM ratings r JOIN players p ON p.id = r.player
                     WHERE r.game = $1
                     ORDER BY r.rating DESC, p.name LIMIT $2",
                    &[&game.id(), &(limit as i64)],
                )
                .map_err(failed)?;
            rows.iter()
                .map(|row| Ok((row.get(0), rating_row(row, 1).map_err(failed)?)))
                .collect()
        })
    }

    fn games_of(&mut self, player: PlayerId, limit: usize) -> Result<Vec<PastGame>, String> {
        self.send_steps()?;
        let sql = PAST_GAMES.replace("{1}", "$1").replace("{2}", "$2");
        self.batch.read(&mut self.db, |db| {
            let rows = db.query(&sql, &[&player, &(limit as i64)]).map_err(failed)?;
            rows.iter()
                .map(|row| {
                    past_game(
                        row.get(0),
                        row.get::<_, &str>(1),
                        row.get(2),
                        row.get(3),
                        row.get::<_, i32>(4) as i64,
                        row.get(5),
                        row.get(6),
                    )
                })
                .collect()
        })
    }
}
