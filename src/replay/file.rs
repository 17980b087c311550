//! The replay file: JSON lines (docs/replays.md). A header line with the
//! format and program version, the game, its players, seed, configuration
//! and the set-up's chance outcomes; one line per action with its seat and
//! the chance outcomes it drew; an end line with the result.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::ids::GameId;
use crate::rules::{Broken, Level, Match, MatchRecord, Outcome, Playable, Seat, Step};

/// The format this program writes and reads. A file of another format is
/// refused with the version that wrote it.
pub const FORMAT: u32 = 1;

/// The longest replay file read: far above any real game (a long wargame
/// is some hundreds of kilobytes), low enough that a wrong file is refused
/// before it is held.
pub const SIZE_LIMIT: usize = 16 * 1024 * 1024;

/// A replay file's text, refused before it is read whole when it is too
/// big to be one.
pub fn read_path(path: &std::path::Path) -> Result<String, String> {
    let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    if size > SIZE_LIMIT as u64 {
        return Err(format!("{size} bytes; a replay is at most {SIZE_LIMIT}"));
    }
    std::fs::read_to_string(path).map_err(|e| e.to_string())
}

/// One side of a replayed game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// "You", "Computer", "Player 1".
    pub name: String,
    /// The computer's level, `None` for a person.
    pub computer: Option<Level>,
}

/// What a replay says about itself besides the record.
#[derive(Debug, Clone, PartialEq)]
pub struct About {
    /// The program's version that wrote it.
    pub program: String,
    /// When the game ended, ISO 8601 in UTC: "2026-12-02T09:14:03Z".
    pub date: String,
    pub players: [Player; 2],
    /// The game's data fingerprint when it was played (the wargame).
    pub data: Option<String>,
}

impl About {
    /// Written now by this program; the data's fingerprint is the
    /// match's, set by `Replay::of`.
    pub fn now(players: [Player; 2]) -> About {
        About {
            program: env!("CARGO_PKG_VERSION").into(),
            date: super::clock::now_iso(),
            players,
            data: None,
        }
    }
}

/// A finished game, kept to watch again.
#[derive(Debug, Clone)]
pub struct Replay<G: Playable> {
    pub about: About,
    pub record: MatchRecord<G>,
    pub outcome: Outcome,
}

/// The header line, as any game's replay starts.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    #[serde(rename = "type")]
    kind: String,
    format: u32,
    program: String,
    game: String,
    date: String,
    players: [Player; 2],
    seed: u64,
    config: Value,
    chance: Vec<u32>,
    data: Option<String>,
}

/// The game a replay's text holds, read from its first line only, with the
/// refusal a player should see when it cannot be read.
pub fn game_of(text: &str) -> Result<GameId, String> {
    let header = header(text)?;
    GameId::parse(&header.game).map_err(|e| format!("line 1: {e}"))
}

fn header(text: &str) -> Result<Header, String> {
    if text.len() > SIZE_LIMIT {
        return Err(format!(
            "the file is {} bytes; a replay is at most {SIZE_LIMIT}",
            text.len()
        ));
    }
    let first = text
        .lines()
        .next()
        .ok_or("the file is empty: it is not a replay")?;
    let value: Value =
        serde_json::from_str(first).map_err(|e| format!("line 1 is not JSON ({e}): it is not a replay"))?;
    if value.get("type").and_then(Value::as_str) != Some("replay") {
        return Err("line 1 is not a replay header ({\"type\":\"replay\",...})".into());
    }
    let format = value.get("format").and_then(Value::as_u64);
    let program = value
        .get("program")
        .and_then(Value::as_str)
        .unwrap_or("an unknown version");
    if format != Some(u64::from(FORMAT)) {
        let format = format.map_or("an unknown format".into(), |f| format!("format {f}"));
        return Err(format!(
            "written by Black & White {program} in replay {format}; this program ({}) reads format {FORMAT}",
            env!("CARGO_PKG_VERSION")
        ));
    }
    serde_json::from_value(value).map_err(|e| format!("line 1: {e}"))
}

impl<G: Playable> Replay<G> {
    /// The replay of a finished match.
    pub fn of(played: &Match<G>, about: About) -> Option<Replay<G>> {
        let record = played.record();
        let data = G::data_fingerprint(record.config()).ok().flatten();
        Some(Replay {
            outcome: played.game().outcome()?,
            record,
            about: About { data, ..about },
        })
    }

    /// The file's text: one JSON object per line.
    pub fn to_text(&self) -> String {
        let record = &self.record;
        let header = Header {
            kind: "replay".into(),
            format: FORMAT,
            program: self.about.program.clone(),
            game: G::ID.id().into(),
            date: self.about.date.clone(),
            players: self.about.players.clone(),
            seed: record.seed,
            config: serde_json::to_value(&record.config).expect("configs serialize"),
            chance: record.chance.clone().unwrap_or_default(),
            data: self.about.data.clone(),
        };
        let mut lines = vec![serde_json::to_string(&header).expect("headers serialize")];
        for (n, step) in record.steps.iter().enumerate() {
            let mut line = json!({
                "type": "step",
                "n": n + 1,
                "player": step.seat,
                "action": G::action_json(&step.action),
            });
            if !step.chance.is_empty() {
                line["chance"] = json!(step.chance);
            }
            if let Some(thought) = &step.thought {
                line["thought"] = json!(thought);
            }
            lines.push(line.to_string());
        }
        let end = json!({"type": "end", "winner": self.outcome.winner, "score": self.outcome.score});
        lines.push(end.to_string());
        lines.join("\n") + "\n"
    }

    /// Reads a replay of `G`; the text says which line is wrong and why.
    /// It does not play it: `check` does.
    pub fn from_text(text: &str) -> Result<Replay<G>, String> {
        let header = header(text)?;
        if header.game != G::ID.id() {
            return Err(format!("a replay of {}, not of {}", header.game, G::ID.id()));
        }
        let config: G::Config =
            serde_json::from_value(header.config).map_err(|e| format!("line 1: the config: {e}"))?;
        let mut steps = Vec::new();
        let mut outcome = None;
        for (i, line) in text.lines().enumerate().skip(1) {
            let at = i + 1;
            if line.trim().is_empty() {
                continue;
            }
            if outcome.is_some() {
                return Err(format!(
                    "line {at}: the game has already ended on the line before"
                ));
            }
            let value: Value =
                serde_json::from_str(line).map_err(|e| format!("line {at} is not JSON ({e})"))?;
            let object = value
                .as_object()
                .ok_or_else(|| format!("line {at} is not an object"))?;
            match object.get("type").and_then(Value::as_str) {
                Some("step") => steps
                    .push(read_step::<G>(object, steps.len() + 1).map_err(|e| format!("line {at}: {e}"))?),
                Some("end") => outcome = Some(read_end(object).map_err(|e| format!("line {at}: {e}"))?),
                _ => return Err(format!("line {at}: expected a \"step\" or \"end\" line")),
            }
        }
        let outcome = outcome.ok_or("the file ends before the game does: no \"end\" line")?;
        Ok(Replay {
            about: About {
                program: header.program,
                date: header.date,
                players: header.players,
                data: header.data,
            },
            record: MatchRecord {
                config,
                seed: header.seed,
                chance: Some(header.chance),
                steps,
            },
            outcome,
        })
    }

    /// Plays every action again through today's rules and compares the
    /// result with the recorded one; the refusal names the version that
    /// wrote the replay and the step where it breaks.
    pub fn check(&self) -> Result<Match<G>, String> {
        let refusal = |broken: Broken| {
            let mut text = format!(
                "this replay no longer plays (written by Black & White {}): {broken}",
                self.about.program
            );
            if let Some(data) = &self.about.data
                && G::data_fingerprint(&self.record.config).ok().flatten().as_ref() != Some(data)
            {
                text += "; the game's data (units, commanders, terrain) has changed since it was recorded";
            }
            text
        };
        // A battle on data of a player's own that is not here is refused
        // before a step is played.
        G::data_fingerprint(&self.record.config)
            .map_err(|missing| format!("this replay cannot be played here: {missing}"))?;
        let played = Match::from_record(&self.record).map_err(refusal)?;
        let Some(outcome) = played.game().outcome() else {
            return Err(refusal(Broken {
                step: self.record.steps.len(),
                reason: "the game is not over after the last step".into(),
            }));
        };
        if outcome != self.outcome {
            return Err(refusal(Broken {
                step: self.record.steps.len(),
                reason: format!(
                    "the game ends {}–{}, the replay says {}–{}",
                    outcome.score[0], outcome.score[1], self.outcome.score[0], self.outcome.score[1]
                ),
            }));
        }
        Ok(played)
    }
}

fn read_step<G: Playable>(object: &Map<String, Value>, n: usize) -> Result<Step<G::Action>, String> {
    let known = ["type", "n", "player", "action", "chance", "thought"];
    if let Some(key) = object.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(format!("a step has no key `{key}`"));
    }
    if object.get("n").and_then(Value::as_u64) != Some(n as u64) {
        return Err(format!("expected step {n}"));
    }
    let seat: Seat = match object.get("player").and_then(Value::as_u64) {
        Some(p @ (0 | 1)) => p as Seat,
        _ => return Err("player must be 0 or 1".into()),
    };
    let action = G::parse_action(object.get("action").ok_or("a step needs an action")?)?;
    let chance = match object.get("chance") {
        None => Vec::new(),
        Some(value) => serde_json::from_value(value.clone()).map_err(|e| format!("chance: {e}"))?,
    };
    let thought = match object.get("thought") {
        None => None,
        Some(value) => Some(serde_json::from_value(value.clone()).map_err(|e| format!("thought: {e}"))?),
    };
    Ok(Step {
        seat,
        action,
        chance,
        thought,
    })
}

fn read_end(object: &Map<String, Value>) -> Result<Outcome, String> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct End {
        #[serde(rename = "type")]
        _kind: String,
        winner: Option<Seat>,
        score: [i64; 2],
    }
    let end: End = serde_json::from_value(Value::Object(object.clone())).map_err(|e| e.to_string())?;
    if end.winner.is_some_and(|w| w > 1) {
        return Err("winner must be 0, 1 or null".into());
    }
    Ok(Outcome {
        winner: end.winner,
        score: end.score,
    })
}
