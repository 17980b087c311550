//! The shape every rules core shares (`Game`) and the plain values around
//! it: seats, levels, outcomes, seeds.

use std::fmt::Debug;

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use super::chance::Chance;
use crate::ids::GameId;

/// A player: 0 or 1.
pub type Seat = usize;

/// Every seeded random generator of the games: a named, portable algorithm
/// (ChaCha with 12 rounds), so that a seed gives the same game whatever
/// rand's `GameRng` becomes in a later version.
pub type GameRng = rand::rngs::ChaCha12Rng;

/// Who may learn of an event: both players, or one seat only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    Public,
    Only(Seat),
}

impl Audience {
    pub fn includes(self, seat: Seat) -> bool {
        match self {
            Audience::Public => true,
            Audience::Only(s) => s == seat,
        }
    }
}

/// The other player.
pub fn other(seat: Seat) -> Seat {
    1 - seat
}

/// The seat with the higher of two values (a tile, a bid, a score), or
/// `None` when they are equal.
pub fn higher<T: Ord>(values: [T; 2]) -> Option<Seat> {
    match values[0].cmp(&values[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

/// The game's coin flip: who goes first, fixed by the seed (or read from a
/// replay's record).
pub fn coin_flip(seed: u64, chance: &mut Chance) -> Seat {
    use rand::{RngExt, SeedableRng};
    chance.draw(0..=1, "coin flip", || {
        GameRng::seed_from_u64(sub_seed(seed, 1)).random_range(0..2)
    }) as Seat
}

impl Outcome {
    /// The outcome of a finished game: whoever scored more wins.
    pub fn by_score(score: [i64; 2]) -> Outcome {
        Outcome {
            winner: higher(score),
            score,
        }
    }
}

/// How a finished game came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `None` for a drawn game.
    pub winner: Option<Seat>,
    /// The game's own score: points, rounds won or chips.
    pub score: [i64; 2],
}

impl Outcome {
    /// The result for one seat as the arena counts it: a win 1, a draw 0.5.
    pub fn points_for(&self, seat: Seat) -> f64 {
        match self.winner {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// The strength of a computer opponent. `Random` exists for measurement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    Random,
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const PLAYABLE: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub fn parse(text: &str) -> Result<Level, String> {
        match text {
            "random" => Ok(Level::Random),
            "easy" => Ok(Level::Easy),
            "normal" => Ok(Level::Normal),
            "hard" => Ok(Level::Hard),
            other => Err(format!(
                "unknown level `{other}`: expected random, easy, normal or hard"
            )),
        }
    }

    /// The name `parse` reads: "easy".
    pub fn id(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Level::Random => "Random",
            Level::Easy => "Easy",
            Level::Normal => "Normal",
            Level::Hard => "Hard",
        }
    }
}

/// How a game is set up from the options every front end shares: the
/// referee's and the arena's `--scenario` and `--dice`, the lobby's
/// scenario. The text says what is wrong with them.
pub trait Configure: Game {
    fn configure(scenario: Option<&str>, dice: Vec<u8>) -> Result<Self::Config, String>;
}

/// A rules core: plain data, deterministic from its seed, with the legal
/// actions, `apply`, and a per-seat view that holds only what that seat may
/// know. Rules only: its computer players are `Bots`, its shapes on the
/// wire `Protocol`.
pub trait Game: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// What one seat may know, with the public history it has seen.
    type View: Clone + Debug + Serialize + Send + Sync + 'static;
    /// Something that happened (a tile placed, a round settled), for the
    /// seats in its `audience`.
    type Event: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// What a game is set up from besides its seed: nothing for the card
    /// games; the scenario and any forced dice for the wargame.
    type Config: Clone + Debug + Default + Serialize + DeserializeOwned + Send + Sync + 'static;

    const ID: GameId;

    /// A game with the default set-up.
    fn new_game(seed: u64) -> Self {
        Self::configured(&Self::Config::default(), seed)
    }
    fn configured(config: &Self::Config, seed: u64) -> Self {
        Self::start(config, seed, Chance::default())
    }
    /// A game whose chance outcomes come from `chance`: drawn from the
    /// seed, or a replay's recorded ones.
    fn start(config: &Self::Config, seed: u64, chance: Chance) -> Self;
    /// Where the game's chance outcomes come from, for the record to take
    /// the ones each action drew.
    fn chance(&mut self) -> &mut Chance;
    /// The coin flip's result, for games that have one.
    fn first(&self) -> Option<Seat>;
    /// Whose action the game waits for; `None` once it is over.
    fn to_move(&self) -> Option<Seat>;
    fn view(&self, seat: Seat) -> Self::View;
    /// What `seat` would see with nothing hidden: a replay watched with
    /// everything uncovered. The card games' tables uncover the other side
    /// from the game itself, so their view stays the seat's own.
    fn uncovered(&self, seat: Seat) -> Self::View {
        self.view(seat)
    }
    /// Every legal action of the seat to move, or a representative sample
    /// where the full set is too large to list.
    fn legal_actions(&self) -> Vec<Self::Action>;
    /// Why `action` is not legal for `seat` now, or `Ok`.
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), String>;
    /// Applies a legal action; an illegal one changes nothing.
    fn apply(&mut self, seat: Seat, action: Self::Action) -> Result<Vec<Self::Event>, String>;
    fn outcome(&self) -> Option<Outcome>;
    /// The round (betting: the slot, the wargame: the turn) the game is in,
    /// from 1; 0 before the first (betting's and the wargame's set-up).
    fn round(&self) -> u32;
    /// Each side's score as it stands: points, rounds won, chips won,
    /// victory points.
    fn standing(&self) -> [i64; 2];
    /// Who may learn of `event`: everything is public unless a game says
    /// otherwise (the wargame's checks on a block the other side has not
    /// seen).
    fn audience(_event: &Self::Event) -> Audience {
        Audience::Public
    }
    /// The seconds the seat to move has for its action, and what running
    /// out of them plays for it: betting's clocks. `None` for the games
    /// without one.
    fn clock(&self) -> Option<(f32, Self::Action)> {
        None
    }
    fn random_action(&self, rng: &mut GameRng) -> Self::Action;
    /// A fingerprint of the data the rules read besides the config (the
    /// wargame's units, commanders and terrain, a rulebook of the player's
    /// own included), kept in a replay; or why the data `config` names is
    /// not here.
    fn data_fingerprint(_config: &Self::Config) -> Result<Option<String>, String> {
        Ok(None)
    }
}

/// Derives independent seeds from one seed, so that a game, its bots and its
/// coin flips replay exactly.
pub fn sub_seed(seed: u64, stream: u64) -> u64 {
    let mut z = seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
