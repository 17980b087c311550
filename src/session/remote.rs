//! One seat of a match that the online server holds (docs/online.md): what
//! its `table` lines say the seat sees and may play, and the actions the
//! person sends back. The match itself, with every secret, never comes
//! here; once the game is over the server sends its record, and the
//! session plays it again to uncover everything as a game on this screen
//! does.

use rand::RngExt;
use serde_json::{Value, json};

use crate::rules::{GameRng, Match, MatchRecord, Outcome, Playable, Seat, from_wire};

/// What the server last said the seat sees and may play.
#[derive(Clone)]
pub struct Seen<G: Playable> {
    pub seat: Seat,
    pub view: G::View,
    pub legal: Vec<G::Action>,
    pub to_move: Option<Seat>,
    pub first: Option<Seat>,
    pub outcome: Option<Outcome>,
    pub steps: usize,
}

/// The seat's side of a game played on the server.
pub struct Remote<G: Playable> {
    pub seen: Seen<G>,
    /// An action sent and not answered yet: the person waits for the
    /// server before acting again.
    pub sent: bool,
    /// Messages for the server, taken by the connection each frame.
    pub outbox: Vec<String>,
    /// The seed of this seat's own random fills ("Fill at random"): the
    /// server's seed is a secret, so it is drawn here.
    pub fill_seed: u64,
}

/// One `table` line, read and checked.
pub struct TableLine<G: Playable> {
    pub seen: Seen<G>,
    /// The last action's events that this seat may read.
    pub events: Vec<G::Event>,
    /// Once the game is over: the whole game, played again here.
    pub finished: Option<Match<G>>,
}

impl<G: Playable> TableLine<G> {
    /// Reads a `table` line; the text says what in it was wrong, and
    /// nothing is changed by a line that cannot be read.
    pub fn read(line: &Value) -> Result<TableLine<G>, String> {
        let field = |key: &str| line.get(key).cloned().unwrap_or(Value::Null);
        let seat = match line.get("player").and_then(Value::as_u64) {
            Some(p @ (0 | 1)) => p as Seat,
            _ => return Err("a table line's player is 0 or 1".into()),
        };
        let seat_of = |key: &str| -> Result<Option<Seat>, String> {
            match field(key) {
                Value::Null => Ok(None),
                value => match value.as_u64() {
                    Some(p @ (0 | 1)) => Ok(Some(p as Seat)),
                    _ => Err(format!("a table line's {key} is 0, 1 or null")),
                },
            }
        };
        let view = G::read_view_wire(field("view"), seat).map_err(|e| format!("the view: {e}"))?;
        let legal: Vec<G::Action> =
            from_wire(field("legal")).map_err(|e| format!("the legal actions: {e}"))?;
        let events: Vec<G::Event> = from_wire(field("events")).map_err(|e| format!("the events: {e}"))?;
        let outcome: Option<Outcome> =
            from_wire(field("outcome")).map_err(|e| format!("the outcome: {e}"))?;
        let steps = field("steps").as_u64().ok_or("a table line's steps is a count")? as usize;
        let finished = match field("record") {
            Value::Null => None,
            record => {
                let record: MatchRecord<G> = from_wire(record).map_err(|e| format!("the record: {e}"))?;
                let played = Match::from_record(&record).map_err(|e| format!("the record: {e}"))?;
                if played.game().outcome() != outcome || played.steps().len() != steps {
                    return Err("the record does not end as the table line says".into());
                }
                Some(played)
            }
        };
        Ok(TableLine {
            seen: Seen {
                seat,
                view,
                legal,
                to_move: seat_of("to_move")?,
                first: seat_of("first")?,
                outcome,
                steps,
            },
            events,
            finished,
        })
    }
}

impl<G: Playable> Remote<G> {
    /// The seat as its first `table` line shows it.
    pub fn new(line: &TableLine<G>) -> Remote<G> {
        Remote {
            seen: line.seen.clone(),
            sent: false,
            outbox: Vec::new(),
            fill_seed: rand::make_rng::<GameRng>().random(),
        }
    }

    /// Takes in what a `table` line says the seat sees now: the server
    /// has answered.
    pub fn update(&mut self, line: &TableLine<G>) {
        self.seen = line.seen.clone();
        self.sent = false;
    }

    /// Sends the person's action; the server says whether it was legal.
    pub fn send(&mut self, action: &G::Action) -> Result<(), String> {
        if self.seen.to_move != Some(self.seen.seat) || self.sent {
            return Err("wait for your turn".into());
        }
        let message = json!({"player": self.seen.seat, "action": G::action_json(action)});
        self.outbox.push(message.to_string());
        self.sent = true;
        Ok(())
    }

    /// The server refused the last action: the person may act again.
    pub fn refused(&mut self) {
        self.sent = false;
    }
}
