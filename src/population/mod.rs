//! Opponents written apart from the computer levels, to measure the levels
//! against players they have never met: each game's population (the
//! wargame's plays in the arena only), and for the card games a family of
//! players with numeric habits for the search for a counter-strategy to
//! Hard (`cli::counter_search`).
//!
//! A member shares no code with the level it measures: it reads only its
//! seat's view and the rules, and keeps its own account of what the other
//! side may hold.

pub mod betting;
pub mod betting_playout;
pub mod betting_stacks;
pub mod bidding;
pub mod bidding_regret;
pub mod tiles;
pub mod tiles_regret;
pub mod wargame;

use crate::games::betting::engine::Betting;
use crate::games::bidding::engine::Bidding;
use crate::games::tiles::engine::Tiles;

use crate::ids::GameId;
use crate::rules::{Bot, Playable};

/// One member of a game's population.
pub struct Member<G: Playable> {
    /// Its arena name: `tracker`.
    pub name: &'static str,
    /// How it plays, in a line, for the round-robin's table.
    pub about: &'static str,
    /// Whether it was written after Hard was tuned and kept out of its
    /// tuning: what Hard scores against it is measured apart (issue 42).
    pub held_out: bool,
    pub make: fn(u64) -> Box<dyn Bot<G>>,
}

/// The games that have a population.
pub trait Population: Playable {
    fn members() -> Vec<Member<Self>>;

    /// The member called `name`.
    fn member(name: &str) -> Option<Member<Self>> {
        Self::members().into_iter().find(|m| m.name == name)
    }
}

/// Work written once for any game with a population and a family of
/// players: the card games.
pub trait ForPopulation {
    type Output;
    fn run<G: Tunable>(self) -> Self::Output;
}

/// Runs `work` for the card game `game` names; the wargame's population
/// plays in the arena only (`arena_wargame`), per scenario.
pub fn with_population<W: ForPopulation>(game: GameId, work: W) -> Result<W::Output, String> {
    match game {
        GameId::Tiles => Ok(work.run::<Tiles>()),
        GameId::Bidding => Ok(work.run::<Bidding>()),
        GameId::Betting => Ok(work.run::<Betting>()),
        GameId::Wargame => Err(
            "the wargame has no round-robin or family of players: its levels and its population \
             (greedy, rusher, turtle, gunner) are measured per scenario, with arena --scenario N"
                .into(),
        ),
    }
}

/// One habit of a family of players: a number the search moves.
pub struct Habit {
    pub name: &'static str,
    /// Where the search starts.
    pub start: f64,
    /// How far one step moves it at most.
    pub step: f64,
    /// Its meaningful range.
    pub least: f64,
    pub most: f64,
}

impl Habit {
    pub const fn new(name: &'static str, start: f64, step: f64, least: f64, most: f64) -> Habit {
        Habit {
            name,
            start,
            step,
            least,
            most,
        }
    }

    /// A value kept to the habit's range.
    pub fn keep(&self, value: f64) -> f64 {
        value.clamp(self.least, self.most)
    }
}

/// A game with a family of players whose habits are numbers.
pub trait Tunable: Population {
    fn habits() -> Vec<Habit>;
    /// A player with these habits, in `habits()`'s order.
    fn tuned(habits: &[f64], seed: u64) -> Box<dyn Bot<Self>>;
}
