//! Opponents written apart from the computer levels, to measure the levels
//! against players they have never met: each card game's population, and
//! a family of players with numeric habits for the search for a
//! counter-strategy to Hard (`cli::counter_search`).
//!
//! A member shares no code with the level it measures: it reads only its
//! seat's view and the rules, and keeps its own account of what the other
//! side may hold.

pub mod betting;
pub mod bidding;
pub mod tiles;

use crate::rules::{Bot, Game};

/// One member of a game's population.
pub struct Member<G: Game> {
    /// Its arena name: `tracker`.
    pub name: &'static str,
    /// How it plays, in a line, for the round-robin's table.
    pub about: &'static str,
    pub make: fn(u64) -> Box<dyn Bot<G>>,
}

/// The games that have a population.
pub trait Population: Game {
    fn members() -> Vec<Member<Self>>;

    /// The member called `name`.
    fn member(name: &str) -> Option<Member<Self>> {
        Self::members().into_iter().find(|m| m.name == name)
    }
}

/// The wargame's levels are measured on its 22 scenarios instead: it has no
/// population, and the arena plays its levels only.
impl Population for crate::games::wargame::Wargame {
    fn members() -> Vec<Member<Self>> {
        Vec::new()
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
