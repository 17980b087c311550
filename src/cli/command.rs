//! What the command line asks for, once read.

use std::path::PathBuf;

use super::arena::Contender;
use crate::ids::GameId;
use crate::rules::Level;
use crate::session::Launch;

/// `loadtest`'s options.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadOptions {
    pub games: usize,
    /// One game, or `None` for all four in turn.
    pub game: Option<GameId>,
    /// Each client's pause before a move, about this long.
    pub think_ms: u64,
    /// Running servers (`--server`, once or more); none starts its own.
    pub servers: Vec<String>,
    /// How many servers of its own it starts.
    pub start: usize,
    /// The PostgreSQL its own servers share; `None`: each a SQLite folder.
    pub database: Option<String>,
    /// Seconds after which it kills its first server with SIGKILL.
    pub kill_after: Option<u64>,
}

#[derive(Debug, PartialEq)]
pub enum Command {
    Play(Launch),
    Referee {
        game: GameId,
        seed: u64,
        bots: [Option<Level>; 2],
        /// Wargame: a shipped scenario's number or a file.
        scenario: Option<String>,
        /// Wargame: die results to use first.
        dice: Vec<u8>,
        /// Where to write the replay of the game.
        record: Option<PathBuf>,
    },
    /// Checks a replay file, or prints it as protocol lines.
    Replay {
        file: PathBuf,
        json: bool,
    },
    Arena {
        game: GameId,
        a: Contender,
        b: Contender,
        games: usize,
        seed: u64,
        /// Wargame: the scenario.
        scenario: Option<String>,
        /// Where to keep the replays of the games A lost.
        losses: Option<PathBuf>,
    },
    /// Every pair of levels and population members.
    RoundRobin {
        game: GameId,
        games: usize,
        seed: u64,
    },
    /// The search for a counter-strategy to a card game's Hard.
    CounterSearch {
        game: GameId,
        starts: usize,
        steps: usize,
        games: usize,
        seed: u64,
    },
    /// A best response against a card game's Hard (or a toy), scored.
    Exploit {
        game: GameId,
        against: super::exploit::Target,
        games: usize,
        seed: u64,
    },
    /// Solves tiles' strategy into a file.
    Train {
        iterations: u64,
        seed: u64,
        out: PathBuf,
    },
    /// Checks wargame scenario files.
    Validate(Vec<PathBuf>),
    /// A picture of every screen, into this folder.
    Gallery(PathBuf),
    /// The online server.
    Serve {
        port: u16,
        data: Option<PathBuf>,
        /// A PostgreSQL server's URL instead of the data folder's SQLite.
        database: Option<String>,
        /// Where servers on the same database send this one's players.
        advertise: Option<String>,
    },
    /// Games at once through a server, timed.
    Loadtest(LoadOptions),
    Help,
}
