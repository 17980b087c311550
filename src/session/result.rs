//! How the last game ended, for the result screen.

use bevy::prelude::*;

use super::events::agree;
use crate::rules::Outcome;

/// How the last game ended, for the result screen.
#[derive(Resource, Debug, Clone)]
pub struct MatchResult {
    pub names: [String; 2],
    pub outcome: Outcome,
    pub headline: String,
    /// The game's seed, secret while it ran: with the record it replays
    /// the game.
    pub seed: u64,
    /// The kept replay's name, to open it from the result screen.
    pub replay: Option<String>,
    /// Each side's score after each action, from the start: the result
    /// screen's chart.
    pub standings: Vec<[i64; 2]>,
}

impl MatchResult {
    pub fn new(names: [String; 2], outcome: Outcome, seed: u64) -> Self {
        let [a, b] = outcome.score;
        let headline = match outcome.winner {
            Some(w) => {
                let verb = agree(&names[w], "win", "wins");
                format!(
                    "{} {verb} {}–{}.",
                    names[w],
                    outcome.score[w],
                    outcome.score[1 - w]
                )
            }
            None => format!("A drawn game, {a}–{b}."),
        };
        MatchResult {
            names,
            outcome,
            headline,
            seed,
            replay: None,
            standings: Vec::new(),
        }
    }
}
