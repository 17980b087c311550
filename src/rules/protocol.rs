//! The referee protocol's messages (../shared/referee-protocol.md), written
//! once over the `Game` trait for the referee, the replay printer and the
//! online server: what each side is told, and the client's action read
//! strictly.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use super::game::{Audience, Game, Seat};
use super::strict_json;

/// A game's shapes on the wire: the referee protocol's (`ask`, actions,
/// events, the reveal) for other programs, and serde's whole view for the
/// app's table online. Implemented in each game's `engine/protocol.rs`.
pub trait Protocol: Game {
    /// The protocol's `view` and `legal` for an `ask` to `seat`.
    fn ask_json(&self, seat: Seat) -> (Value, Value);
    /// Reads a protocol action; the text says what was wrong.
    fn parse_action(value: &Value) -> Result<Self::Action, String>;
    /// The protocol's shape of an action, which `parse_action` reads back.
    fn action_json(action: &Self::Action) -> Value {
        serde_json::to_value(action).expect("actions serialize")
    }
    /// The protocol message for an event, if the protocol reports it.
    fn event_json(event: &Self::Event) -> Option<Value>;
    /// The protocol's `end.reveal`.
    fn reveal_json(&self) -> Value;

    /// The seat's view as the online server sends it to the app's table:
    /// serde's shape, whole (the protocol's `view` is shaped for other
    /// programs and leaves out what only a table draws).
    fn view_wire(view: &Self::View) -> Value {
        serde_json::to_value(view).expect("views serialize")
    }
    /// Reads `view_wire`'s value back as `seat`'s view; the text says what
    /// was wrong.
    fn read_view_wire(value: Value, seat: Seat) -> Result<Self::View, String>;
}

/// A value read back from its serde JSON, for the online wire.
pub fn from_wire<T: DeserializeOwned>(value: Value) -> Result<T, String> {
    serde_json::from_value(value).map_err(|e| e.to_string())
}

/// The longest client message accepted, newline not counted.
pub const LINE_LIMIT: usize = 64 * 1024;

/// The protocol's `start` line. The referee tells its seed; a server keeps
/// its own secret while the game runs (it decides the coin flips, the dice
/// and the random fills to come), so its `start` has none.
pub fn start_json<G: Protocol>(game: &G, seed: Option<u64>) -> Value {
    let mut line = json!({"type": "start", "game": G::ID.id(), "first": game.first()});
    if let Some(seed) = seed {
        line["seed"] = json!(seed);
    }
    line
}

/// The protocol's `ask` line for `seat`.
pub fn ask_line<G: Protocol>(game: &G, seat: Seat) -> Value {
    let (view, legal) = game.ask_json(seat);
    json!({"type": "ask", "player": seat, "view": view, "legal": legal})
}

/// The protocol's lines for what one action made happen, each private one
/// addressed to its seat.
pub fn event_lines<G: Protocol>(events: &[G::Event]) -> Vec<Value> {
    events
        .iter()
        .filter_map(|event| G::event_json(event).map(|message| addressed(message, G::audience(event))))
        .collect()
}

/// The protocol's `end` line, with the reveal.
pub fn end_json<G: Protocol>(game: &G) -> Value {
    let outcome = game.outcome().expect("a game with nobody to move is over");
    json!({"type": "end", "winner": outcome.winner, "score": outcome.score, "reveal": game.reveal_json()})
}

/// A line for one seat carries `"to": P` (the protocol's audience rule):
/// it goes out once, and only that seat may read it.
fn addressed(mut message: Value, audience: Audience) -> Value {
    if let (Audience::Only(seat), Some(object)) = (audience, message.as_object_mut()) {
        object.insert("to".into(), json!(seat));
    }
    message
}

/// The action in a client's line, or the `error` message's player and text.
pub fn read_action<G: Protocol>(
    game: &G,
    seat: Seat,
    text: &str,
) -> Result<G::Action, (Option<Seat>, String)> {
    let value = strict_json::parse(text).map_err(|e| (None, format!("not JSON: {e}")))?;
    let Value::Object(object) = value else {
        return Err((None, "expected an object {\"player\":P,\"action\":A}".into()));
    };
    action_of(game, seat, &object)
}

/// The action in a client's line already read as a JSON object (the
/// online server's, which read it once for its lobby), or the `error`
/// message's player and text.
pub fn action_of<G: Protocol>(
    game: &G,
    seat: Seat,
    object: &Map<String, Value>,
) -> Result<G::Action, (Option<Seat>, String)> {
    let named = named_player(object);
    let keys_ok = object.len() == 2 && object.contains_key("player") && object.contains_key("action");
    if !keys_ok {
        let keys: Vec<&str> = object.keys().map(String::as_str).collect();
        return Err((
            named,
            format!("expected exactly the keys player and action, got {keys:?}"),
        ));
    }
    let Some(player) = named else {
        return Err((None, "player must be the integer 0 or 1".into()));
    };
    if player != seat {
        return Err((
            Some(player),
            format!("it is player {seat}'s turn, not player {player}'s"),
        ));
    }
    let action = G::parse_action(&object["action"]).map_err(|e| (Some(player), e))?;
    game.check(seat, &action)
        .map_err(|e| (Some(player), format!("illegal action: {e}")))?;
    Ok(action)
}

fn named_player(object: &Map<String, Value>) -> Option<Seat> {
    match object.get("player")?.as_u64()? {
        p @ (0 | 1) => Some(p as Seat),
        _ => None,
    }
}
