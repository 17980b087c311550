//! What a store keeps and gives back, the trait both stores implement,
//! and the reading of rows that both share.

use sha2::{Digest, Sha256};

use super::batch::Lost;
use crate::ids::GameId;
use crate::online::table::{Opening, Stored};
use crate::rules::{Level, Seat};

/// Who holds each seat of a stored game: a token's hash (`token_key`), or
/// the computer; the account of a player who sat there signed in; and
/// whether the game counts for ratings.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Seats {
    pub tokens: [Option<String>; 2],
    pub computers: [Option<Level>; 2],
    pub players: [Option<PlayerId>; 2],
    pub rated: bool,
    /// A correspondence game's days per move.
    pub days: Option<u32>,
    /// A game on a player's own scenario: its name.
    pub modded: Option<String>,
}

/// An account's number in the store.
pub type PlayerId = i64;

/// A signed-in connection's account: its number and its name.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
}

/// An account as the store keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct Account {
    pub id: PlayerId,
    /// As its player wrote it.
    pub name: String,
    /// The password's Argon2id hash, a PHC string.
    pub password: String,
}

/// A player's Glicko-2 rating in one game, and how many rated games it
/// counts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
}

/// A game a player sat at, for their profile and their list of games.
#[derive(Debug, Clone, PartialEq)]
pub struct PastGame {
    pub code: String,
    pub game: GameId,
    pub created: String,
    /// When it ended; `None` while it goes on.
    pub ended: Option<String>,
    pub seat: Seat,
    /// The other seat's player's name, if they were signed in.
    pub opponent: Option<String>,
    pub rated: bool,
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
    /// A correspondence game's last move (or start), ISO 8601 in UTC.
    pub moved: Option<String>,
}

/// What the hub keeps and reads back. Outside a batch every write has
/// returned once it is durable (a commit); inside one, once the batch
/// commits. An error leaves the store as it was.
pub trait Store: Send {
    /// Keeps the writes from here to `commit_batch` in one transaction
    /// (batch.rs).
    fn begin_batch(&mut self);
    /// Makes the batch's writes durable together; if any statement of it
    /// failed, none of them, and the games they were for.
    fn commit_batch(&mut self) -> Result<(), Lost>;
    /// Keeps a new game under `code`; false, and nothing kept, when a game
    /// has that code already (codes are drawn at random, by every server).
    fn create(&mut self, code: &str, opening: &Opening, seats: &Seats, created: &str)
    -> Result<bool, String>;
    /// Who holds `seat` now: a person's token key (and account, if they
    /// are signed in), or the computer.
    fn seat(
        &mut self,
        code: &str,
        seat: Seat,
        token: Option<&str>,
        computer: Option<Level>,
        player: Option<PlayerId>,
    ) -> Result<(), String>;
    /// Keeps action number `n` (from 1) of a game.
    fn step(&mut self, code: &str, n: usize, stored: &Stored) -> Result<(), String>;
    /// When a correspondence game's last move (or its start) was.
    fn moved(&mut self, code: &str, at: &str) -> Result<(), String>;
    fn end(&mut self, code: &str, ended: &str) -> Result<(), String>;
    /// A game nobody joined, given up by its creator or expired.
    fn forget(&mut self, code: &str) -> Result<(), String>;
    /// Forgets every game nobody joined that was created before `cutoff`
    /// (ISO 8601 in UTC, which sorts as text); how many it forgot.
    fn forget_waiting_before(&mut self, cutoff: &str) -> Result<usize, String>;
    /// How many games are not over.
    fn unfinished_count(&mut self) -> Result<usize, String>;
    /// The unfinished game with this code, if the store has one.
    fn by_code(&mut self, code: &str) -> Result<Option<Kept>, String>;
    /// The unfinished game a seat's token key belongs to, if any.
    fn by_token(&mut self, key: &str) -> Result<Option<Kept>, String>;
    /// The finished game a seat's token key belongs to, if any.
    fn finished_by_token(&mut self, key: &str) -> Result<Option<Kept>, String>;
    /// The finished game with this code, if any.
    fn finished_by_code(&mut self, code: &str) -> Result<Option<Kept>, String>;
    /// Any game's set-up and actions, finished or not.
    fn record(&mut self, code: &str) -> Result<(Opening, Vec<Stored>), String>;

    /// Makes `owner` the one server that plays `code` while it renews its
    /// leases, unless another server holds it and renewed within
    /// `LEASE_SECONDS`: then that server's address. A store that one server
    /// alone uses always answers `None`.
    fn take_lease(&mut self, code: &str, owner: &str) -> Result<Option<String>, String>;
    /// Renews `owner`'s leases (on PostgreSQL one heartbeat row for all of
    /// them); the codes among `codes` whose lease it no longer holds
    /// (taken by another server while its renewals had lapsed).
    fn renew_leases(&mut self, owner: &str, codes: &[String]) -> Result<Vec<String>, String>;
    /// `owner` lets go of `code`: another server may take it at once.
    fn release_lease(&mut self, code: &str, owner: &str) -> Result<(), String>;

    /// A new account; `None`, and nothing kept, when the name (whatever
    /// its case) is taken.
    fn add_player(&mut self, name: &str, password: &str, created: &str) -> Result<Option<PlayerId>, String>;
    /// The account with this name, whatever its case.
    fn player_named(&mut self, name: &str) -> Result<Option<Account>, String>;
    /// A session (its token's key) signed in to `player`.
    fn add_session(&mut self, key: &str, player: PlayerId, created: &str) -> Result<(), String>;
    /// The account a session's key is signed in to: its number and name.
    fn session(&mut self, key: &str) -> Result<Option<(PlayerId, String)>, String>;
    fn end_session(&mut self, key: &str) -> Result<(), String>;
    /// A player's rating in `game`, once they have played it rated.
    fn rating(&mut self, player: PlayerId, game: GameId) -> Result<Option<Rating>, String>;
    fn set_rating(&mut self, player: PlayerId, game: GameId, rating: &Rating) -> Result<(), String>;
    /// The best rated players of `game`, best first.
    fn best(&mut self, game: GameId, limit: usize) -> Result<Vec<(String, Rating)>, String>;
    /// A player's games, the newest first.
    fn games_of(&mut self, player: PlayerId, limit: usize) -> Result<Vec<PastGame>, String>;
}

/// How long a lease holds without renewal: a dead server's games may be
/// taken up by another this long after its last renewal.
pub const LEASE_SECONDS: u32 = 5;

/// What a seat's token is kept and looked up by: its SHA-256 in hex. A
/// token is 128 random bits, so a fast hash is enough; a leaked table
/// seats nobody.
pub fn token_key(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

pub fn opening(game: &str, seed: &str, config: &str, chance: &str) -> Result<Opening, String> {
    Ok(Opening {
        game: GameId::parse(game)?,
        seed: seed.parse().map_err(|_| format!("the seed `{seed}`"))?,
        config: serde_json::from_str(config).map_err(|e| format!("the config: {e}"))?,
        chance: serde_json::from_str(chance).map_err(|e| format!("the chance: {e}"))?,
    })
}

pub fn level(text: &Option<String>) -> Result<Option<Level>, String> {
    text.as_deref().map(Level::parse).transpose()
}

/// One stored action from its columns; `i` counts from 0.
pub fn stored_step(i: usize, seat: i64, action: &str, chance: &str) -> Result<Stored, String> {
    let bad = |what: &str| format!("step {}: {what}", i + 1);
    Ok(Stored {
        seat: match seat {
            0 | 1 => seat as Seat,
            _ => return Err(bad("the seat")),
        },
        action: serde_json::from_str(action).map_err(|_| bad("the action"))?,
        chance: serde_json::from_str(chance).map_err(|_| bad("the chance"))?,
    })
}

/// The columns of a game row as text, in the order `GAME_COLUMNS` names.
pub struct GameRow {
    pub code: String,
    pub created: String,
    /// game, seed, config, chance.
    pub opening: [String; 4],
    pub tokens: [Option<String>; 2],
    pub computers: [Option<String>; 2],
    pub players: [Option<PlayerId>; 2],
    pub rated: bool,
    pub days: Option<i64>,
    pub moved: Option<String>,
    pub modded: Option<String>,
}

pub const GAME_COLUMNS: &str = "code, created, game, seed, config, chance, token0, token1, computer0, computer1, \
     player0, player1, rated, days, moved, modded";

/// The columns of a player's game, in the order `games_of` selects them
/// (`$1`/`?1` the player), newest first.
pub const PAST_GAMES: &str = "SELECT g.code, g.game, g.created, g.ended,
        CASE WHEN g.player0 = {1} THEN 0 ELSE 1 END,
        o.name, g.rated
    FROM games g
    LEFT JOIN players o ON o.id = CASE WHEN g.player0 = {1} THEN g.player1 ELSE g.player0 END
    WHERE g.player0 = {1} OR g.player1 = {1}
    ORDER BY g.created DESC, g.code
    LIMIT {2}";

/// One row of `PAST_GAMES` read.
pub fn past_game(
    code: String,
    game: &str,
    created: String,
    ended: Option<String>,
    seat: i64,
    opponent: Option<String>,
    rated: bool,
) -> Result<PastGame, String> {
    Ok(PastGame {
        game: GameId::parse(game).map_err(|e| format!("game {code}: {e}"))?,
        code,
        created,
        ended,
        seat: seat as Seat,
        opponent,
        rated,
    })
}

impl GameRow {
    /// The game it holds, with `steps` read by the store; an error says
    /// what of it the program cannot read.
    pub fn kept(self, steps: Result<Vec<Stored>, String>) -> Result<Kept, String> {
        let code = self.code;
        let read = || -> Result<Kept, String> {
            let [game, seed, config, chance] = &self.opening;
            Ok(Kept {
                opening: opening(game, seed, config, chance)?,
                seats: Seats {
                    tokens: self.tokens,
                    computers: [level(&self.computers[0])?, level(&self.computers[1])?],
                    players: self.players,
                    rated: self.rated,
                    days: self.days.map(|days| days as u32),
                    modded: self.modded,
                },
                moved: self.moved,
                steps: steps?,
                code: code.clone(),
                created: self.created,
            })
        };
        read().map_err(|e| format!("game {code}: {e}"))
    }
}

/// The condition that finds a game still waiting for its second player.
pub const WAITING: &str = "ended IS NULL AND token1 IS NULL AND computer1 IS NULL";
