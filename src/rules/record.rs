//! The match: the authoritative game with its record (configuration, seed,
//! every action in order with its seat, and every chance outcome each one
//! drew). Whoever holds a match holds every secret of the game: the
//! session keeps it private, and what draws, sounds, logs or sends sees
//! only what one seat is shown. The referee, the replay checker and the
//! replay file are written on it too.

use serde::{Deserialize, Serialize};

use super::bots::Thought;
use super::chance::Chance;
use super::game::{Game, Seat};

/// A match as it is kept (a saved battle, a replay): its configuration,
/// seed, actions and chance outcomes.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound(
    serialize = "G::Config: Serialize, G::Action: Serialize",
    deserialize = "G::Config: Deserialize<'de>, G::Action: Deserialize<'de>"
))]
#[serde(deny_unknown_fields)]
pub struct MatchRecord<G: Game> {
    pub config: G::Config,
    pub seed: u64,
    /// The outcomes drawn in setting up (the coin flip). `None` in a record
    /// written before outcomes were kept: it replays from the seed.
    #[serde(default)]
    pub chance: Option<Vec<u32>>,
    pub steps: Vec<Step<G::Action>>,
}

impl<G: Game> MatchRecord<G> {
    /// What the match was set up from: public (the scenario).
    pub fn config(&self) -> &G::Config {
        &self.config
    }
}

/// One action of the record, with the seat that played it and the chance
/// outcomes it drew (dice, a random fill).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step<A> {
    pub seat: Seat,
    pub action: A,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chance: Vec<u32>,
    /// A computer player's reasoning for this action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thought: Option<Thought>,
}

/// Why a record does not play: the step (counted from 1) and the reason.
#[derive(Debug, Clone, PartialEq)]
pub struct Broken {
    /// 0 when the set-up itself does not fit the record.
    pub step: usize,
    pub reason: String,
}

impl Broken {
    /// Step `step` (from 1), played by `seat`, does not fit.
    fn at(step: usize, seat: Seat, reason: String) -> Broken {
        Broken {
            step,
            reason: format!("player {seat}: {reason}"),
        }
    }
}

impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.step {
            0 => write!(f, "the set-up: {}", self.reason),
            n => write!(f, "step {n}: {}", self.reason),
        }
    }
}

pub struct Match<G: Game> {
    config: G::Config,
    seed: u64,
    game: G,
    setup_chance: Vec<u32>,
    steps: Vec<Step<G::Action>>,
}

impl<G: Game> Match<G> {
    pub fn new(config: &G::Config, seed: u64) -> Self {
        Self::begin(config, seed, Chance::default()).expect("a game drawn from its seed starts")
    }

    fn begin(config: &G::Config, seed: u64, chance: Chance) -> Result<Self, Broken> {
        let mut game = G::start(config, seed, chance);
        let setup_chance = game
            .chance()
            .take()
            .map_err(|reason| Broken { step: 0, reason })?;
        Ok(Match {
            config: config.clone(),
            seed,
            game,
            setup_chance,
            steps: Vec::new(),
        })
    }

    /// The match a record describes, played again with its own chance
    /// outcomes; `Err` names the first step that does not fit today's rules.
    pub fn from_record(record: &MatchRecord<G>) -> Result<Self, Broken> {
        Self::replay(record, record.steps.len())
    }

    /// The match after the record's first `len` steps, ready to play on.
    pub fn replay(record: &MatchRecord<G>, len: usize) -> Result<Self, Broken> {
        let mut replaying = Replaying::new(record)?;
        for _ in 0..len {
            if replaying.step().transpose()?.is_none() {
                break;
            }
        }
        Ok(replaying.finish())
    }

    pub fn record(&self) -> MatchRecord<G> {
        MatchRecord {
            config: self.config.clone(),
            seed: self.seed,
            chance: Some(self.setup_chance.clone()),
            steps: self.steps.clone(),
        }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn steps(&self) -> &[Step<G::Action>] {
        &self.steps
    }

    /// Applies a legal action and records it with the chance outcomes it
    /// drew; an illegal one changes nothing.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<Vec<G::Event>, String> {
        let events = self.game.apply(seat, action.clone())?;
        let chance = self.game.chance().take()?;
        self.steps.push(Step {
            seat,
            action,
            chance,
            thought: None,
        });
        Ok(events)
    }

    /// Keeps a computer player's reasoning with the action it just played.
    pub fn note_thought(&mut self, thought: Thought) {
        if let Some(step) = self.steps.last_mut() {
            step.thought = Some(thought);
        }
    }

    /// Plays a recorded step again with its own chance outcomes; `Err`
    /// says why it no longer fits (step numbers count from 1).
    pub fn apply_recorded(&mut self, step: &Step<G::Action>) -> Result<Vec<G::Event>, Broken> {
        let n = self.steps.len() + 1;
        let broken = |reason: String| Broken::at(n, step.seat, reason);
        *self.game.chance() = Chance::scripted(step.chance.iter().copied());
        let applied = self.apply(step.seat, step.action.clone());
        self.game.chance().unscript();
        let events = applied.map_err(broken)?;
        if let Some(thought) = &step.thought {
            self.note_thought(thought.clone());
        }
        let drawn = &self.steps.last().expect("just applied").chance;
        if *drawn != step.chance {
            return Err(broken(format!(
                "the action draws {} chance outcomes where the record holds {}",
                drawn.len(),
                step.chance.len()
            )));
        }
        Ok(events)
    }

    /// Takes the record back to its first `len` actions and plays them again.
    pub fn rewind(&mut self, len: usize) {
        if len >= self.steps.len() {
            return;
        }
        *self = Match::replay(&self.record(), len).expect("a recorded action replays");
    }
}

/// A record played again one step at a time, every chance outcome read
/// from it: the replay checker's and the replay viewer's way through a game.
pub struct Replaying<'a, G: Game> {
    record: &'a MatchRecord<G>,
    played: Match<G>,
}

impl<'a, G: Game> Replaying<'a, G> {
    /// The set-up, played again; `Err` when it does not fit the record.
    pub fn new(record: &'a MatchRecord<G>) -> Result<Self, Broken> {
        let chance = match &record.chance {
            Some(setup) => Chance::scripted(setup.iter().copied()),
            None => Chance::default(),
        };
        let mut played = Match::<G>::begin(&record.config, record.seed, chance)?;
        played.game.chance().unscript();
        if record.chance.as_ref().is_some_and(|c| *c != played.setup_chance) {
            return Err(Broken {
                step: 0,
                reason: "the set-up draws other chance outcomes than the record holds".into(),
            });
        }
        Ok(Replaying { record, played })
    }

    /// The next step's events; `None` after the last step.
    pub fn step(&mut self) -> Option<Result<Vec<G::Event>, Broken>> {
        let step = self.record.steps.get(self.played.steps.len())?;
        if self.record.chance.is_none() {
            // Written before chance outcomes were kept: drawn from the seed.
            let n = self.played.steps.len() + 1;
            return Some(
                self.played
                    .apply(step.seat, step.action.clone())
                    .map_err(|reason| Broken::at(n, step.seat, reason)),
            );
        }
        Some(self.played.apply_recorded(step))
    }

    /// `at` of the game at every position of the record, from the set-up to
    /// after its last step (the replay bar's rounds, the result chart).
    pub fn positions<T>(record: &'a MatchRecord<G>, mut at: impl FnMut(&G) -> T) -> Result<Vec<T>, Broken> {
        let mut replaying = Replaying::new(record)?;
        let mut seen = vec![at(replaying.game())];
        while let Some(step) = replaying.step() {
            step?;
            seen.push(at(replaying.game()));
        }
        Ok(seen)
    }

    /// The game as it stands.
    pub fn game(&self) -> &G {
        self.played.game()
    }

    /// The match as far as it was played; its outcomes come from the seed
    /// again from here (play goes on after an undo).
    pub fn finish(self) -> Match<G> {
        self.played
    }
}
