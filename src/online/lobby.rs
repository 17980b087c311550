//! The lobby's messages (docs/online.md): create a game, join one by its
//! code, take a seat back with its token, leave. Anything without a
//! `type` is a move, read by the referee protocol's rules.

use serde_json::{Map, Value, json};

use crate::games::GameId;
use crate::rules::{Level, Seat, strict_json};

/// Who takes the other seat of a new game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Across {
    /// Somebody who joins with the code.
    Person,
    /// The server's own computer player.
    Computer(Level),
}

/// One message from a client.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    Create {
        game: GameId,
        across: Across,
        /// The wargame's shipped scenario (1-22).
        scenario: Option<u32>,
    },
    Join {
        code: String,
    },
    Resume {
        token: String,
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
            only(&["game", "opponent", "scenario"], &["game", "opponent"])?;
            let game = GameId::parse(text_of(&object, "game")?)?;
            let across = match text_of(&object, "opponent")? {
                "person" => Across::Person,
                level => match Level::parse(level) {
                    Ok(Level::Random) | Err(_) => {
                        return Err(format!("opponent is person, easy, normal or hard, not `{level}`"));
                    }
                    Ok(level) => Across::Computer(level),
                },
            };
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
            })
        }
        "join" => {
            only(&["code"], &["code"])?;
            Ok(Request::Join {
                code: text_of(&object, "code")?.trim().to_ascii_uppercase(),
            })
        }
        "resume" => {
            only(&["token"], &["token"])?;
            Ok(Request::Resume {
                token: text_of(&object, "token")?.to_owned(),
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
