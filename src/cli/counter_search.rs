//! The search for a counter-strategy to a card game's Hard: hill-climbing
//! the habits of the game's family of players (`Tunable`) against Hard,
//! every step of one climb judged on the same games, and the best found
//! measured afresh, so that the figure reported is not the search's luck.

use rand::{RngExt, SeedableRng};

use super::arena::{self, ArenaReport};
use crate::population::{ForPopulation, Tunable};
use crate::rules::{GameRng, Level, sub_seed};

/// The family's report against Hard over `games` games from `seed`.
fn against_hard<G: Tunable>(habits: &[f64], games: usize, seed: u64) -> ArenaReport {
    arena::play_bots::<G>(
        &G::Config::default(),
        |player, seed| {
            if player == 0 {
                G::tuned(habits, seed)
            } else {
                G::bot(Level::Hard, seed)
            }
        },
        games,
        seed,
    )
}

/// What the search found.
pub struct Found {
    pub habits: Vec<f64>,
    /// Its rate on the games the search judged it by.
    pub searched_rate: f64,
    /// Its report over fresh games: the figure to give.
    pub fresh: ArenaReport,
}

impl Found {
    /// The habits by name.
    pub fn describe<G: Tunable>(&self) -> String {
        G::habits()
            .iter()
            .zip(&self.habits)
            .map(|(habit, value)| format!("{} {value:.2}", habit.name))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Climbs from the family's starting habits and from `starts - 1` random
/// ones, `steps` steps each, every candidate judged on `games` games; then
/// plays the best found `check_games` fresh games.
pub fn search<G: Tunable>(
    starts: usize,
    steps: usize,
    games: usize,
    check_games: usize,
    seed: u64,
    log: &mut dyn FnMut(String),
) -> Found {
    let habits = G::habits();
    let mut rng = GameRng::seed_from_u64(seed);
    let start: Vec<f64> = habits.iter().map(|h| h.start).collect();
    let mut best = (start.clone(), f64::MIN);
    for climb in 0..starts {
        let mut here: Vec<f64> = if climb == 0 {
            start.clone()
        } else {
            habits
                .iter()
                .map(|h| h.keep(h.start + rng.random_range(-2.0..=2.0) * h.step))
                .collect()
        };
        let judge = sub_seed(seed, climb as u64);
        let mut rate = against_hard::<G>(&here, games, judge).rate;
        for step in 0..steps {
            let candidate: Vec<f64> = here
                .iter()
                .zip(&habits)
                .map(|(value, h)| h.keep(value + rng.random_range(-1.0..=1.0) * h.step))
                .collect();
            let r = against_hard::<G>(&candidate, games, judge).rate;
            if r > rate {
                (here, rate) = (candidate, r);
                log(format!("climb {climb} step {step}: {rate:.3}"));
            }
        }
        log(format!("climb {climb} ends at {rate:.3}"));
        if rate > best.1 {
            best = (here, rate);
        }
    }
    let fresh = against_hard::<G>(&best.0, check_games, sub_seed(seed, 999));
    Found {
        habits: best.0,
        searched_rate: best.1,
        fresh,
    }
}

/// `black-and-white counter-search`: the best counter found, and its
/// habits by name.
pub struct Searching {
    pub starts: usize,
    pub steps: usize,
    pub games: usize,
    pub seed: u64,
}

impl ForPopulation for Searching {
    type Output = (Found, String);

    fn run<G: Tunable>(self) -> (Found, String) {
        let found = search::<G>(
            self.starts,
            self.steps,
            self.games,
            2000,
            self.seed,
            &mut |line| eprintln!("{line}"),
        );
        let habits = found.describe::<G>();
        (found, habits)
    }
}
