//! The lobby's messages (docs/online.md): create a game, join one by its
//! code, take a seat back with its token, watch one, leave. Anything without a
//! `type` is a move, read by the referee protocol's rules.

use serde_json::{Map, Value};

use crate::ids::GameId;
use crate::rules::strict_json;
pub use crate::wire::{Across, Request};

/// One message from a client: a request of the lobby, or a move, kept as
/// the object it was read into for the protocol's reader.
#[derive(Debug, Clone, PartialEq)]
pub enum Incoming {
    Lobby(Request),
    Move(Map<String, Value>),
}

/// How a new game is offered, as the hub takes a `create`: with the app's
/// table lines, listed in the lobby, rated, for a range of ratings, by
/// correspondence, on a player's own scenario.
pub struct Terms {
    pub table: bool,
    pub public: bool,
    pub rated: bool,
    pub range: Option<[u32; 2]>,
    pub days: Option<u32>,
    /// The wargame on a player's own scenario: its file's text.
    pub scenario_file: Option<String>,
}

/// Reads a client's message; the text says what is wrong.
pub fn read(text: &str) -> Result<Incoming, String> {
    let value = strict_json::parse(text).map_err(|e| format!("not JSON: {e}"))?;
    let Value::Object(object) = value else {
        return Err("expected a JSON object".into());
    };
    let Some(kind) = object.get("type") else {
        return Ok(Incoming::Move(object));
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
            only(
                &[
                    "game",
                    "opponent",
                    "scenario",
                    "scenario_file",
                    "table",
                    "public",
                    "rated",
                    "range",
                    "days",
                ],
                &["game", "opponent"],
            )?;
            let game = GameId::parse(text_of(&object, "game")?)?;
            let across = Across::parse(text_of(&object, "opponent")?)?;
            if (object.contains_key("scenario") || object.contains_key("scenario_file"))
                && game != GameId::Wargame
            {
                return Err("only the wargame takes a scenario".into());
            }
            let scenario_file = match object.get("scenario_file") {
                None => None,
                Some(_) if object.contains_key("scenario") => {
                    return Err("a scenario's number or a scenario file, not both".into());
                }
                Some(text) => Some(
                    text.as_str()
                        .ok_or("scenario_file is the text of a scenario file")?
                        .to_owned(),
                ),
            };
            let scenario = scenario_of(&object)?;
            let public = flag(&object, "public")?;
            let rated = flag(&object, "rated")?;
            if (public || rated) && across != Across::Person {
                return Err("only a game against a person is listed in the lobby or rated".into());
            }
            let range = match object.get("range") {
                None => None,
                Some(range) => Some(
                    serde_json::from_value::<[u32; 2]>(range.clone())
                        .ok()
                        .filter(|[low, high]| low <= high && *high <= 4000)
                        .ok_or("range is two ratings, the lower first, at most 4000: [1400, 1700]")?,
                ),
            };
            if range.is_some() && !public {
                return Err("a range is for a game listed in the lobby (public)".into());
            }
            let days = match object.get("days") {
                None => None,
                Some(_) if game == GameId::Betting => {
                    return Err("betting's clocks are its rules: it is not played by correspondence".into());
                }
                Some(_) if across != Across::Person => {
                    return Err("a correspondence game is against a person".into());
                }
                Some(days) => Some(
                    days.as_u64()
                        .filter(|days| (1..=14).contains(days))
                        .ok_or("days is the days per move, 1 to 14")? as u32,
                ),
            };
            Ok(Incoming::Lobby(Request::Create {
                game,
                across,
                scenario,
                table: flag(&object, "table")?,
                public,
                rated,
                range,
                days,
                scenario_file,
            }))
        }
        "join" => {
            only(&["code", "table", "accept_mod"], &["code"])?;
            Ok(Incoming::Lobby(Request::Join {
                code: text_of(&object, "code")?.trim().to_ascii_uppercase(),
                table: flag(&object, "table")?,
                accept_mod: flag(&object, "accept_mod")?,
            }))
        }
        "resume" => {
            only(&["token", "table"], &["token"])?;
            Ok(Incoming::Lobby(Request::Resume {
                token: text_of(&object, "token")?.to_owned(),
                table: flag(&object, "table")?,
            }))
        }
        "rematch" => {
            only(&["swap", "scenario"], &[])?;
            let swap = match object.get("swap") {
                None => true,
                Some(Value::Bool(swap)) => *swap,
                Some(_) => return Err("swap must be true or false".into()),
            };
            Ok(Incoming::Lobby(Request::Rematch {
                swap,
                scenario: scenario_of(&object)?,
            }))
        }
        "sign_up" | "sign_in" => {
            only(&["name", "password"], &["name", "password"])?;
            let name = text_of(&object, "name")?.to_owned();
            let password = text_of(&object, "password")?.to_owned();
            Ok(Incoming::Lobby(if kind == "sign_up" {
                Request::SignUp { name, password }
            } else {
                Request::SignIn { name, password }
            }))
        }
        "hello" => {
            only(&["session"], &["session"])?;
            Ok(Incoming::Lobby(Request::Hello {
                session: text_of(&object, "session")?.to_owned(),
            }))
        }
        "sign_out" => {
            only(&[], &[])?;
            Ok(Incoming::Lobby(Request::SignOut))
        }
        "profile" => {
            only(&["name"], &["name"])?;
            Ok(Incoming::Lobby(Request::Profile {
                name: text_of(&object, "name")?.to_owned(),
            }))
        }
        "return" => {
            only(&["code", "table"], &["code"])?;
            Ok(Incoming::Lobby(Request::Return {
                code: text_of(&object, "code")?.trim().to_ascii_uppercase(),
                table: flag(&object, "table")?,
            }))
        }
        "my_games" => {
            only(&[], &[])?;
            Ok(Incoming::Lobby(Request::MyGames))
        }
        "best" => {
            only(&["game"], &["game"])?;
            Ok(Incoming::Lobby(Request::Best {
                game: GameId::parse(text_of(&object, "game")?)?,
            }))
        }
        "lobby" => {
            only(&[], &[])?;
            Ok(Incoming::Lobby(Request::Lobby))
        }
        "watch" => {
            only(&["code"], &["code"])?;
            Ok(Incoming::Lobby(Request::Watch {
                code: text_of(&object, "code")?.trim().to_ascii_uppercase(),
            }))
        }
        "leave" => {
            only(&[], &[])?;
            Ok(Incoming::Lobby(Request::Leave))
        }
        other => Err(format!(
            "no message has the type `{other}`: create, join, resume, rematch, lobby, watch, leave, sign_up, sign_in, hello, sign_out, profile, my_games, return or best, or a move without a type"
        )),
    }
}

/// A shipped scenario's number, if the message names one.
fn scenario_of(object: &Map<String, Value>) -> Result<Option<u32>, String> {
    object
        .get("scenario")
        .map(|value| {
            value
                .as_u64()
                .filter(|n| (1..=22).contains(n))
                .map(|n| n as u32)
                .ok_or_else(|| "scenario is a shipped scenario's number, 1 to 22".to_owned())
        })
        .transpose()
}

/// A key that is true or false, false when missing.
fn flag(object: &Map<String, Value>, key: &str) -> Result<bool, String> {
    match object.get(key) {
        None => Ok(false),
        Some(Value::Bool(on)) => Ok(*on),
        Some(_) => Err(format!("{key} must be true or false")),
    }
}

fn text_of<'a>(object: &'a Map<String, Value>, key: &str) -> Result<&'a str, String> {
    object
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{key} must be a string"))
}
