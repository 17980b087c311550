//! The match: the authoritative game with its record (configuration, seed,
//! and every action in order with its seat). It is private to the session
//! module: what draws, sounds, logs or sends sees only what one seat is
//! shown (`Shown`), never this.

use serde::{Deserialize, Serialize};

use crate::rules::{Game, Seat};

/// A match as it is kept (a saved battle): its configuration, seed and
/// actions. Only the session can read the seed and the actions back, by
/// playing them again; a table only keeps and stores it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound(
    serialize = "G::Config: Serialize, G::Action: Serialize",
    deserialize = "G::Config: Deserialize<'de>, G::Action: Deserialize<'de>"
))]
#[serde(deny_unknown_fields)]
pub struct MatchRecord<G: Game> {
    config: G::Config,
    seed: u64,
    steps: Vec<Step<G::Action>>,
}

impl<G: Game> MatchRecord<G> {
    /// What the match was set up from: public (the scenario).
    pub fn config(&self) -> &G::Config {
        &self.config
    }
}

/// One action of the record, with the seat that played it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step<A> {
    pub seat: Seat,
    pub action: A,
}

pub(super) struct Match<G: Game> {
    config: G::Config,
    seed: u64,
    game: G,
    steps: Vec<Step<G::Action>>,
}

impl<G: Game> Match<G> {
    pub(super) fn new(config: &G::Config, seed: u64) -> Self {
        Match {
            config: config.clone(),
            seed,
            game: G::configured(config, seed),
            steps: Vec::new(),
        }
    }

    /// The match after `steps`, played again from the start; an action
    /// that is not legal any more is refused with its place in the record.
    pub(super) fn replay(config: &G::Config, seed: u64, steps: &[Step<G::Action>]) -> Result<Self, String> {
        let mut played = Match::new(config, seed);
        for (n, step) in steps.iter().enumerate() {
            played
                .apply(step.seat, step.action.clone())
                .map_err(|e| format!("step {} (player {}): {e}", n + 1, step.seat + 1))?;
        }
        Ok(played)
    }

    pub(super) fn record(&self) -> MatchRecord<G> {
        MatchRecord {
            config: self.config.clone(),
            seed: self.seed,
            steps: self.steps.clone(),
        }
    }

    /// The match a record describes, played again; `Err` names the step
    /// that is not legal any more.
    pub(super) fn from_record(record: &MatchRecord<G>) -> Result<Self, String> {
        Match::replay(&record.config, record.seed, &record.steps)
    }

    pub(super) fn game(&self) -> &G {
        &self.game
    }

    pub(super) fn seed(&self) -> u64 {
        self.seed
    }

    pub(super) fn steps(&self) -> &[Step<G::Action>] {
        &self.steps
    }

    /// Applies a legal action and records it; an illegal one changes nothing.
    pub(super) fn apply(&mut self, seat: Seat, action: G::Action) -> Result<Vec<G::Event>, String> {
        let events = self.game.apply(seat, action.clone())?;
        self.steps.push(Step { seat, action });
        Ok(events)
    }

    /// Takes the record back to its first `len` actions and plays them again.
    pub(super) fn rewind(&mut self, len: usize) {
        if len >= self.steps.len() {
            return;
        }
        let kept = &self.steps[..len];
        *self = Match::replay(&self.config, self.seed, kept).expect("a recorded action replays");
    }
}
