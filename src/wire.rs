//! What the online server and the app's online screen both say on the
//! wire besides the referee protocol (docs/online.md), as types both sides
//! share: the lobby's requests, the lobby's lines, who takes the other
//! seat of a new game, and how long a game's code is.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ids::GameId;
use crate::rules::{Level, Seat};

/// The letters of a game's code (docs/online.md).
pub const CODE_LENGTH: usize = 5;

/// Who takes the other seat of a new game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Across {
    /// Somebody who joins with the code.
    Person,
    /// The server's own computer player.
    Computer(Level),
}

impl Across {
    /// The `create` message's `opponent`.
    pub fn id(self) -> &'static str {
        match self {
            Across::Person => "person",
            Across::Computer(level) => level.id(),
        }
    }

    pub fn parse(text: &str) -> Result<Across, String> {
        match text {
            "person" => Ok(Across::Person),
            level => match Level::parse(level) {
                Ok(Level::Random) | Err(_) => {
                    Err(format!("opponent is person, easy, normal or hard, not `{level}`"))
                }
                Ok(level) => Ok(Across::Computer(level)),
            },
        }
    }
}

/// What a client asks of the lobby; a move is the referee protocol's own
/// `{"player": P, "action": A}`. `table: true` asks for the app's `table`
/// lines besides the protocol's.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Request {
    Create {
        #[serde(serialize_with = "game_text")]
        game: GameId,
        #[serde(rename = "opponent", serialize_with = "across_text")]
        across: Across,
        /// The wargame's shipped scenario (1-22).
        #[serde(skip_serializing_if = "Option::is_none")]
        scenario: Option<u32>,
        table: bool,
        /// Listed in the lobby as a seek, for anyone to join.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        public: bool,
        /// Counts for both players' ratings (both signed in).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        rated: bool,
        /// Only a player whose rating in the game is within it may join.
        #[serde(skip_serializing_if = "Option::is_none")]
        range: Option<[u32; 2]>,
        /// A correspondence game: days per move instead of minutes.
        #[serde(skip_serializing_if = "Option::is_none")]
        days: Option<u32>,
        /// The wargame on a player's own scenario: the text of its file.
        #[serde(skip_serializing_if = "Option::is_none")]
        scenario_file: Option<String>,
    },
    Join {
        code: String,
        table: bool,
        /// The player agrees to play a game on another player's own
        /// scenario.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        accept_mod: bool,
    },
    Resume {
        token: String,
        table: bool,
    },
    /// After the end: play again, the seats swapped or not, the wargame on
    /// another scenario or the same; both players must ask the same.
    Rematch {
        swap: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        scenario: Option<u32>,
    },
    /// The lobby's open seeks, now and as they come and go.
    Lobby,
    /// A new account, signed in at once.
    SignUp {
        name: String,
        password: String,
    },
    SignIn {
        name: String,
        password: String,
    },
    /// Signed in again with a session a `signed_in` gave.
    Hello {
        session: String,
    },
    SignOut,
    /// A player's ratings and latest games.
    Profile {
        name: String,
    },
    /// The signed-in player's games not yet over: which wait for them.
    MyGames,
    /// A signed-in player's seat in game `code` taken back by their
    /// account (a new token for it).
    Return {
        code: String,
        table: bool,
    },
    /// The best rated players of a game.
    Best {
        #[serde(serialize_with = "game_text")]
        game: GameId,
    },
    /// Watch a game by its code: what is public at its table.
    Watch {
        code: String,
    },
    Leave,
}

/// A game listed in the lobby: it waits for anyone to join by its code.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Seek {
    pub code: String,
    #[serde(with = "game_id")]
    pub game: GameId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<u32>,
    /// Who waits: a player's name, or "a guest".
    pub by: String,
    /// Their rating in the game, if they have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i64>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// The ratings it takes, if it asks for a range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<[u32; 2]>,
    /// A player's own scenario: its name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modded: Option<String>,
    /// A correspondence game's days per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
}

/// One rating: a player's in a game, for a profile or a table of the best.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// The player (in the table of the best), or the game (in a profile).
    pub who: String,
    pub rating: i64,
    pub deviation: i64,
    pub games: u32,
    /// Too few games yet for the rating to say much.
    pub provisional: bool,
}

/// A game not yet over that a signed-in player sits at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MyGame {
    pub code: String,
    #[serde(with = "game_id")]
    pub game: GameId,
    pub player: Seat,
    pub opponent: Option<String>,
    /// It is this player's move.
    pub your_move: bool,
    /// Nobody has joined it yet.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub waiting: bool,
    /// A correspondence game's days per move, and when the move is due.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub due: Option<String>,
}

/// A game on a profile: newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayedGame {
    pub code: String,
    #[serde(with = "game_id")]
    pub game: GameId,
    pub created: String,
    /// `None` while it goes on.
    pub ended: Option<String>,
    pub player: Seat,
    /// The other player's name, if they were signed in.
    pub opponent: Option<String>,
    pub rated: bool,
}

/// What the server says besides the referee protocol's lines and the
/// app's `table` lines.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LobbyLine {
    /// A new game, its code and the creator's seat and token.
    Created {
        code: String,
        #[serde(with = "game_id")]
        game: GameId,
        player: Seat,
        token: String,
    },
    /// The other seat taken by its code.
    Joined {
        code: String,
        #[serde(with = "game_id")]
        game: GameId,
        player: Seat,
        token: String,
    },
    /// A seat taken back by its token; what that seat was told follows.
    Resumed {
        code: String,
        #[serde(with = "game_id")]
        game: GameId,
        player: Seat,
    },
    /// The answer to `watch`: what is public at the table follows, from
    /// `start` to now, then `caught_up`.
    Watching {
        code: String,
        #[serde(with = "game_id")]
        game: GameId,
    },
    /// The whole record of a game that is over (config, seed, every
    /// action and chance outcome): what a watcher is sent after the `end`
    /// to replay it with both sides' knowledge.
    Record {
        code: String,
        record: serde_json::Value,
    },
    /// A seat taken back by its player's account: its new token; what
    /// that seat was told follows, as after `resumed`.
    Returned {
        code: String,
        #[serde(with = "game_id")]
        game: GameId,
        player: Seat,
        token: String,
    },
    /// The game waits for somebody to join with its code.
    Waiting {
        code: String,
    },
    /// The answer to `lobby`: every open seek, oldest first.
    Seeks {
        seeks: Vec<Seek>,
    },
    /// A seek opened since, for those in the lobby.
    SeekAdded {
        seek: Seek,
    },
    /// A seek taken, given up or expired.
    SeekRemoved {
        code: String,
    },
    /// Signed in as `name`; `session` (after `sign_up` and `sign_in`)
    /// signs in again with `hello`, after a restart too.
    SignedIn {
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        session: Option<String>,
    },
    SignedOut,
    /// A rated game ended (or was abandoned): the seat's new rating.
    Rated {
        #[serde(with = "game_id")]
        game: GameId,
        before: i64,
        after: i64,
        provisional: bool,
    },
    /// The answer to `profile`.
    Profile {
        name: String,
        ratings: Vec<Standing>,
        games: Vec<PlayedGame>,
    },
    /// The answer to `my_games`: the games the player's move is first.
    MyGames {
        games: Vec<MyGame>,
    },
    /// The answer to `best`: best first.
    Best {
        #[serde(with = "game_id")]
        game: GameId,
        players: Vec<Standing>,
    },
    /// A player offers a rematch (sent to both seats): the other accepts
    /// with the same `rematch`, or offers other terms with another.
    RematchOffered {
        player: Seat,
        swap: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scenario: Option<u32>,
    },
    /// Both agreed: the new game's code, this seat and its token; `start`
    /// follows.
    Rematched {
        code: String,
        #[serde(with = "game_id")]
        game: GameId,
        player: Seat,
        token: String,
    },
    /// The other seat's connection dropped or came back.
    Presence {
        player: Seat,
        connected: bool,
    },
    /// How long the seat to move has (betting's clocks).
    Clock {
        player: Option<Seat>,
        seconds: f32,
    },
    /// The other player left, or was away longer than `limits::ABANDON`
    /// (`away_s`, its seconds); the server's computer plays their seat.
    Left {
        player: Seat,
        #[serde(with = "level_id")]
        computer: Level,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        away_s: Option<u64>,
    },
    /// The answer to `leave`: the connection closes.
    Bye,
    /// A resumed transcript ends here: what follows is new.
    CaughtUp {
        steps: usize,
    },
    /// Game `code` is played by another server (several share one
    /// database): send the same message there.
    Moved {
        code: String,
        server: String,
    },
    /// Anything refused: `player` is the move's seat, or none for the
    /// lobby's messages; a refusal that a later try may pass says when.
    Error {
        player: Option<Seat>,
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        retry_ms: Option<u64>,
    },
}

impl LobbyLine {
    /// An error that is not about a move.
    pub fn error(message: impl Into<String>) -> LobbyLine {
        LobbyLine::Error {
            player: None,
            message: message.into(),
            retry_ms: None,
        }
    }

    /// A refusal that a try after `retry_ms` may pass (the server full,
    /// its store out of reach): a client keeps what it was trying with.
    pub fn for_now(message: impl Into<String>, retry_ms: u64) -> LobbyLine {
        LobbyLine::Error {
            player: None,
            message: message.into(),
            retry_ms: Some(retry_ms),
        }
    }

    /// The line as the wire carries it.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("lobby lines serialize")
    }
}

fn game_text<S: Serializer>(game: &GameId, out: S) -> Result<S::Ok, S::Error> {
    out.serialize_str(game.id())
}

fn across_text<S: Serializer>(across: &Across, out: S) -> Result<S::Ok, S::Error> {
    out.serialize_str(across.id())
}

/// A game by its id on the wire: "tiles".
mod game_id {
    use super::*;

    pub fn serialize<S: Serializer>(game: &GameId, out: S) -> Result<S::Ok, S::Error> {
        game_text(game, out)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<GameId, D::Error> {
        GameId::parse(&String::deserialize(input)?).map_err(serde::de::Error::custom)
    }
}

/// A level by its id on the wire: "normal".
mod level_id {
    use super::*;

    pub fn serialize<S: Serializer>(level: &Level, out: S) -> Result<S::Ok, S::Error> {
        out.serialize_str(level.id())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Level, D::Error> {
        Level::parse(&String::deserialize(input)?).map_err(serde::de::Error::custom)
    }
}
