//! A game the server hosts, whichever of the four it is: the match (every
//! secret and the record) behind the referee protocol's lines, so that the
//! hub and the store are written once. Nothing leaves a table but what
//! one seat may read.

use std::any::Any;

use serde_json::{Map, Value, json};

use crate::games::registry::{ForGame, with_game};
use crate::ids::GameId;
use crate::rules::protocol::{self, ask_line, end_json, event_lines, start_json};
use crate::rules::{
    Audience, Bot, Level, Match, MatchRecord, Outcome, Playable, Replaying, Seat, Step, sub_seed,
};

/// One action as the store keeps it: the protocol's action and the chance
/// outcomes it drew.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored {
    pub seat: Seat,
    pub action: Value,
    pub chance: Vec<u32>,
}

/// What an action made happen: the step to store, the event lines (each
/// private one carrying `"to"`) and the same events in serde's shape for
/// the app's tables, each with its audience.
#[derive(Debug)]
pub struct Applied {
    pub stored: Stored,
    pub lines: Vec<Value>,
    pub events: Vec<(Audience, Value)>,
}

/// A computer's move, thought on another thread so that no game waits for
/// another's; its answer goes back to `Table::computed`.
pub type Thinking = Box<dyn FnOnce() -> Box<dyn Any + Send> + Send>;

/// The set-up of a hosted game as the store keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct Opening {
    pub game: GameId,
    pub seed: u64,
    /// The game's config as JSON (the wargame's whole scenario).
    pub config: Value,
    /// The set-up's chance outcomes (the coin flip).
    pub chance: Vec<u32>,
}

pub trait Table: Send {
    fn opening(&self) -> Opening;
    fn to_move(&self) -> Option<Seat>;
    /// The actions played so far.
    fn steps(&self) -> usize;
    fn start_line(&self) -> Value;
    fn ask(&self, seat: Seat) -> Value;
    /// The `end` line once the game is over.
    fn end_line(&self) -> Option<Value>;
    /// Who won, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Plays a client's move for `seat`, read as a JSON object; `Err` is
    /// the protocol error's player and text, and nothing changed.
    fn act(&mut self, seat: Seat, line: &Map<String, Value>) -> Result<Applied, (Option<Seat>, String)>;
    /// Plays what running out of time plays for the seat to move, and the
    /// seconds it has (betting's clocks).
    fn clock(&self) -> Option<f32>;
    fn time_out(&mut self) -> Option<Applied>;
    /// Takes back the last action (the store could not keep it).
    fn undo_last(&mut self);
    /// Lets the computer play `seat` from now on.
    fn seat_computer(&mut self, seat: Seat, level: Level);
    /// The computer's level, if a computer plays `seat`.
    fn computer(&self, seat: Seat) -> Option<Level>;
    /// The computer's move for the seat to move, if a computer holds it and
    /// is not already thinking.
    fn think(&mut self) -> Option<Thinking>;
    /// Plays the answer of a `think`; `None` for one thought at another
    /// position, or that does not apply.
    fn computed(&mut self, answer: Box<dyn Any + Send>) -> Option<Applied>;
    /// What an app's table is sent after every change (`table` in
    /// docs/online.md): the seat's whole view in serde's shape, what it
    /// may play, `events` (the last action's, those it may read) and, once
    /// the game is over, the record that plays it all again.
    fn table_line(&self, seat: Seat, events: &[Value]) -> Value;
    /// Everything `reader` has been told, from `start` to now (its current
    /// `ask`, or `end`): what a client that reconnects is sent again. A
    /// watcher (`None`) reads the public lines alone.
    fn transcript(&self, reader: Option<Seat>) -> Vec<Value>;
    /// The whole match record, secrets and all: for after the end alone.
    fn record(&self) -> Value;
}

/// A new game of `game` from the lobby's options; the text says what is
/// wrong with them.
pub fn open(game: GameId, scenario: Option<u32>, seed: u64) -> Result<Box<dyn Table>, String> {
    struct Fresh {
        scenario: Option<u32>,
        seed: u64,
    }
    impl ForGame for Fresh {
        type Output = Result<Box<dyn Table>, String>;
        fn run<G: Playable>(self) -> Self::Output {
            let scenario = self.scenario.map(|number| number.to_string());
            let config = G::configure(scenario.as_deref(), Vec::new())?;
            Ok(Box::new(Hosted::<G>::new(&config, self.seed)))
        }
    }
    with_game(game, Fresh { scenario, seed })
}

/// A new game of `game` on `config` (the game's config as JSON: for a
/// rematch the old game's, for a player's own scenario theirs).
pub fn configured(game: GameId, config: &Value, seed: u64) -> Result<Box<dyn Table>, String> {
    struct Again<'a> {
        config: &'a Value,
        seed: u64,
    }
    impl ForGame for Again<'_> {
        type Output = Result<Box<dyn Table>, String>;
        fn run<G: Playable>(self) -> Self::Output {
            let config: G::Config =
                serde_json::from_value(self.config.clone()).map_err(|e| format!("the config: {e}"))?;
            Ok(Box::new(Hosted::<G>::new(&config, self.seed)))
        }
    }
    with_game(game, Again { config, seed })
}

/// A stored game played again to where it stood; the text says where its
/// record no longer plays.
pub fn reopen(opening: &Opening, steps: &[Stored]) -> Result<Box<dyn Table>, String> {
    struct Reopening<'a> {
        opening: &'a Opening,
        steps: &'a [Stored],
    }
    impl ForGame for Reopening<'_> {
        type Output = Result<Box<dyn Table>, String>;
        fn run<G: Playable>(self) -> Self::Output {
            Ok(Box::new(Hosted::<G>::from_store(self.opening, self.steps)?))
        }
    }
    with_game(opening.game, Reopening { opening, steps })
}

/// The match record a stored game holds.
pub fn record_of<G: Playable>(opening: &Opening, steps: &[Stored]) -> Result<MatchRecord<G>, String> {
    let config: G::Config =
        serde_json::from_value(opening.config.clone()).map_err(|e| format!("the config: {e}"))?;
    let steps = steps
        .iter()
        .enumerate()
        .map(|(n, stored)| {
            Ok(Step {
                seat: stored.seat,
                action: G::parse_action(&stored.action).map_err(|e| format!("step {}: {e}", n + 1))?,
                chance: stored.chance.clone(),
                thought: None,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(MatchRecord {
        config,
        seed: opening.seed,
        chance: Some(opening.chance.clone()),
        steps,
    })
}

struct Hosted<G: Playable> {
    played: Match<G>,
    /// The computer players; `Thinking` borrows one while it thinks.
    bots: [Option<Box<dyn Bot<G>>>; 2],
    levels: [Option<Level>; 2],
}

/// What a computer's thinking hands back.
struct Answer<G: Playable> {
    /// How many actions the game had when it began: an answer for another
    /// position (thought before the game was sent away and taken up again
    /// from the store) is dropped.
    at: usize,
    seat: Seat,
    bot: Box<dyn Bot<G>>,
    action: G::Action,
}

impl<G: Playable> Hosted<G> {
    fn new(config: &G::Config, seed: u64) -> Self {
        Hosted {
            played: Match::new(config, seed),
            bots: [None, None],
            levels: [None, None],
        }
    }

    fn from_store(opening: &Opening, steps: &[Stored]) -> Result<Self, String> {
        let record = record_of::<G>(opening, steps)?;
        Ok(Hosted {
            played: Match::from_record(&record).map_err(|broken| broken.to_string())?,
            bots: [None, None],
            levels: [None, None],
        })
    }

    fn applied(&self, events: &[G::Event]) -> Applied {
        let step = self.played.steps().last().expect("an action was just played");
        Applied {
            stored: Stored {
                seat: step.seat,
                action: G::action_json(&step.action),
                chance: step.chance.clone(),
            },
            lines: event_lines::<G>(events),
            events: events
                .iter()
                .map(|e| (G::audience(e), serde_json::to_value(e).expect("events serialize")))
                .collect(),
        }
    }
}

/// Whether `line` may be read by `reader`: public, or addressed to its
/// seat; a watcher (`None`) reads public lines alone.
pub fn readable_by(line: &Value, reader: Option<Seat>) -> bool {
    match line.get("to") {
        None => true,
        Some(to) => reader.is_some_and(|seat| to.as_u64() == Some(seat as u64)),
    }
}

impl<G: Playable> Table for Hosted<G> {
    fn opening(&self) -> Opening {
        let record = self.played.record();
        Opening {
            game: G::ID,
            seed: record.seed,
            config: serde_json::to_value(&record.config).expect("configs serialize"),
            chance: record.chance.unwrap_or_default(),
        }
    }

    fn to_move(&self) -> Option<Seat> {
        self.played.game().to_move()
    }

    fn steps(&self) -> usize {
        self.played.steps().len()
    }

    fn start_line(&self) -> Value {
        start_json(self.played.game(), None)
    }

    fn ask(&self, seat: Seat) -> Value {
        ask_line(self.played.game(), seat)
    }

    fn end_line(&self) -> Option<Value> {
        self.played.game().outcome().map(|_| end_json(self.played.game()))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.played.game().outcome()
    }

    fn act(&mut self, seat: Seat, line: &Map<String, Value>) -> Result<Applied, (Option<Seat>, String)> {
        if self.to_move() != Some(seat) {
            return Err((Some(seat), format!("it is not player {seat}'s turn")));
        }
        let action = protocol::action_of(self.played.game(), seat, line)?;
        let events = self
            .played
            .apply(seat, action)
            .map_err(|e| (Some(seat), format!("illegal action: {e}")))?;
        Ok(self.applied(&events))
    }

    fn clock(&self) -> Option<f32> {
        self.played.game().clock().map(|(seconds, _)| seconds)
    }

    fn time_out(&mut self) -> Option<Applied> {
        let seat = self.to_move()?;
        let (_, action) = self.played.game().clock()?;
        let events = self.played.apply(seat, action).ok()?;
        Some(self.applied(&events))
    }

    fn undo_last(&mut self) {
        let len = self.played.steps().len().saturating_sub(1);
        self.played.rewind(len);
    }

    fn seat_computer(&mut self, seat: Seat, level: Level) {
        self.levels[seat] = Some(level);
        self.bots[seat] = Some(G::bot(level, sub_seed(self.played.seed(), 100 + seat as u64)));
    }

    fn computer(&self, seat: Seat) -> Option<Level> {
        self.levels[seat]
    }

    fn think(&mut self) -> Option<Thinking> {
        let seat = self.to_move()?;
        let mut bot = self.bots[seat].take()?;
        let view = self.played.game().view(seat);
        let at = self.played.steps().len();
        Some(Box::new(move || {
            let action = bot.choose(&view);
            Box::new(Answer::<G> {
                at,
                seat,
                bot,
                action,
            }) as Box<dyn Any + Send>
        }))
    }

    fn computed(&mut self, answer: Box<dyn Any + Send>) -> Option<Applied> {
        let Answer {
            at,
            seat,
            bot,
            action,
        } = *answer.downcast::<Answer<G>>().ok()?;
        if at != self.played.steps().len() {
            return None;
        }
        let thought = bot.thought();
        self.bots[seat] = Some(bot);
        let events = self.played.apply(seat, action).ok()?;
        if let Some(thought) = thought {
            self.played.note_thought(thought);
        }
        Some(self.applied(&events))
    }

    fn table_line(&self, seat: Seat, events: &[Value]) -> Value {
        let game = self.played.game();
        let to_move = game.to_move();
        let legal = if to_move == Some(seat) {
            serde_json::to_value(game.legal_actions()).expect("actions serialize")
        } else {
            json!([])
        };
        let outcome = game.outcome();
        json!({
            "type": "table",
            "player": seat,
            "steps": self.played.steps().len(),
            "first": game.first(),
            "to_move": to_move,
            "view": G::view_wire(&game.view(seat)),
            "legal": legal,
            "events": events,
            "outcome": outcome,
            "record": outcome.map(|_| self.played.record()),
        })
    }

    fn transcript(&self, reader: Option<Seat>) -> Vec<Value> {
        let record = self.played.record();
        let mut replaying = Replaying::new(&record).expect("the match's own record replays");
        let mut lines = vec![start_json(replaying.game(), None)];
        while let Some(step) = replaying.step() {
            let events = step.expect("the match's own record replays");
            lines.extend(
                event_lines::<G>(&events)
                    .into_iter()
                    .filter(|l| readable_by(l, reader)),
            );
        }
        match (self.end_line(), self.to_move()) {
            (Some(end), _) => lines.push(end),
            (None, Some(to_move)) if reader == Some(to_move) => lines.push(self.ask(to_move)),
            _ => {}
        }
        lines
    }

    fn record(&self) -> Value {
        serde_json::to_value(self.played.record()).expect("records serialize")
    }
}
