//! Computer players: a `Bot` chooses from its seat's view alone, and a
//! game's `Bots` make one at each level.

use rand::RngExt;
use serde::{Deserialize, Serialize};

use super::game::{Game, GameRng, Level};

/// The computer players of a game, one at each level, implemented beside
/// the game's own AI.
pub trait Bots: Game {
    fn bot(level: Level, seed: u64) -> Box<dyn Bot<Self>>;
}

/// A computer player. It sees only its seat's view.
pub trait Bot<G: Game>: Send + Sync {
    fn choose(&mut self, view: &G::View) -> G::Action;

    /// One slice of thinking about `view`: the action once decided. A
    /// player that decides quickly decides at once; a slow one spreads its
    /// thinking over calls, so that a table can draw a frame between them
    /// (the same view each call, until it answers).
    fn think(&mut self, view: &G::View) -> Option<G::Action> {
        Some(self.choose(view))
    }

    /// What it believed and weighed for its last choice, kept in the
    /// record so that a replay shows exactly what it thought. Its own
    /// information: nothing its view did not hold.
    fn thought(&self) -> Option<Thought> {
        None
    }
}

/// `Bot::choose` for a player whose `think` spreads its work over calls:
/// thinks about `view` until decided.
pub fn think_through<G: Game>(bot: &mut impl Bot<G>, view: &G::View) -> G::Action {
    loop {
        if let Some(action) = bot.think(view) {
            return action;
        }
    }
}

/// A computer player's reasoning for one choice: what it believed, and its
/// best options with the value it gave each (higher is better; the unit is
/// the player's own: expected points, a position's worth).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Thought {
    pub belief: String,
    pub options: Vec<Considered>,
}

/// One option a computer player weighed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Considered {
    pub option: String,
    pub value: f64,
}

impl Thought {
    /// The best `keep` of these options, best first.
    pub fn ranked(belief: String, mut options: Vec<Considered>, keep: usize) -> Thought {
        options.sort_by(|a, b| b.value.total_cmp(&a.value));
        options.truncate(keep);
        Thought::listed(belief, options)
    }

    /// These options in the order given (a mixed strategy's, likeliest
    /// first, say).
    pub fn listed(belief: String, mut options: Vec<Considered>) -> Thought {
        // Hundredths are all a reader needs, and keep the replay short.
        for option in &mut options {
            option.value = (option.value * 100.0).round() / 100.0;
        }
        Thought { belief, options }
    }
}

/// One of `weighted`'s items, drawn by its weight (the weights need not
/// sum to one); the last if rounding carries the draw past the end.
/// `weighted` must hold something.
pub fn draw_by_weight<T: Copy>(rng: &mut GameRng, weighted: &[(T, f64)]) -> T {
    let total: f64 = weighted.iter().map(|&(_, w)| w).sum();
    let mut pick = rng.random::<f64>() * total;
    for &(item, w) in weighted {
        pick -= w;
        if pick < 0.0 {
            return item;
        }
    }
    weighted.last().expect("something to draw").0
}
