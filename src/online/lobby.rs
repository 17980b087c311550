//! The lobby's messages (docs/online.md): create a game, join one by its
//! code, take a seat back with its token, leave. Anything without a
//! `type` is a move, read by the referee protocol's rules.

use serde_json::{Map, Value, json};

use crate::ids::GameId;
use crate::rules::{Seat, strict_json};
pub use crate::wire::Across;

/// One message from a client. `table: true` asks for the app's `table`
/// lines besides the protocol's.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    Create {
        game: GameId,
        across: Across,
        /// The wargame's shipped scenario (1-22).
        scenario: Option<u32>,
        table: bool,
    },
    Join {
        code: String,
        table: bool,
    },
    Resume {
        token: String,
        table: bool,
    },
    Leave,
    /// `{"player":P,"action":A}`, kept as text for the protocol's reader.
    Move(String),
}

/// Reads a client's message; the text says what is wrong.
pub fn read(text: &str) -> Result<Request, String> {
    let value = strict_json::parse(text).map_err(|e| format!("not JSON: {e}"))?;
    let Value::Object(object) = value else {
        return Err("expected a JSON object".into());
    };
    let Some(kind) = object.get("type") else {
        return Ok(Request::Move(text.to_owned()));
    };
    let kind = kind.as_str().ok_or("type must be a string")?;
    let only = |allowed: &[&str], required: &[&str]| -> Result<(), String> {
        if let Some(key) = object
            .keys()
            .find(|k| *k != "type" && !allowed.contains(&k.as_str()))
        {
            return Err(format!("a {kind} message has no key `{key}`"));
        }
        match required.iter().find(|k| !object.contains_key(**k)) {
            Some(key) => Err(format!("a {kind} message needs `{key}`")),
            None => Ok(()),
        }
    };
    match kind {
        "create" => {
            only(&["game", "opponent", "scenario", "table"], &["game", "opponent"])?;
            let game = GameId::parse(text_of(&object, "game")?)?;
            let across = Across::parse(text_of(&object, "opponent")?)?;
            let scenario = match object.get("scenario") {
                None => None,
                Some(_) if game != GameId::Wargame => {
                    return Err("only the wargame takes a scenario".into());
                }
                Some(value) => Some(
                    value
                        .as_u64()
                        .filter(|n| (1..=22).contains(n))
                        .ok_or("scenario is a shipped scenario's number, 1 to 22")?
                        as u32,
                ),
            };
            Ok(Request::Create {
                game,
                across,
                scenario,
                table: wants_table(&object)?,
            })
        }
        "join" => {
            only(&["code", "table"], &["code"])?;
            Ok(Request::Join {
                code: text_of(&object, "code")?.trim().to_ascii_uppercase(),
                table: wants_table(&object)?,
            })
        }
        "resume" => {
            only(&["token", "table"], &["token"])?;
            Ok(Request::Resume {
                token: text_of(&object, "token")?.to_owned(),
                table: wants_table(&object)?,
            })
        }
        "leave" => {
            only(&[], &[])?;
            Ok(Request::Leave)
        }
        other => Err(format!(
            "no message has the type `{other}`: create, join, resume or leave, or a move without a type"
        )),
    }
}

fn wants_table(object: &Map<String, Value>) -> Result<bool, String> {
    match object.get("table") {
        None => Ok(false),
        Some(Value::Bool(table)) => Ok(*table),
        Some(_) => Err("table must be true or false".into()),
    }
}

fn text_of<'a>(object: &'a Map<String, Value>, key: &str) -> Result<&'a str, String> {
    object
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{key} must be a string"))
}

/// The server's answer to `create`, `join` and `resume`: the seat's game,
/// code and (on create and join) the token that takes the seat back.
pub fn seated(kind: &str, code: &str, game: GameId, seat: Seat, token: Option<&str>) -> Value {
    let mut line = json!({"type": kind, "code": code, "game": game.id(), "player": seat});
    if let Some(token) = token {
        line["token"] = json!(token);
    }
    line
}

/// An error that is not about a move: `player` is null.
pub fn error(message: impl Into<String>) -> Value {
    json!({"type": "error", "player": null, "message": message.into()})
}
