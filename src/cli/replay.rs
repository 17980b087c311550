//! `black-and-white replay FILE [--json]`: a replay checked through
//! today's rules without a window, or printed as the referee protocol's
//! lines for any tool to read.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use serde_json::json;

use super::referee;
use crate::games::registry::{ForGame, with_game};
use crate::replay::{Replay, file};
use crate::rules::{Playable, Replaying, protocol};

/// Exit 0 with the result, or 1 with the step where the replay breaks.
pub fn run(path: &Path, json: bool, out: &mut impl Write) -> ExitCode {
    match check(path, json, out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("black-and-white replay: {}: {e}", path.display());
            ExitCode::from(1)
        }
    }
}

fn check(path: &Path, json: bool, out: &mut impl Write) -> Result<(), String> {
    let text = file::read_path(path)?;
    with_game(
        file::game_of(&text)?,
        Checking {
            text: &text,
            json,
            out,
        },
    )
}

/// One replay checked, and printed as the protocol's lines with `json`.
struct Checking<'a, W: Write> {
    text: &'a str,
    json: bool,
    out: &'a mut W,
}

impl<W: Write> ForGame for Checking<'_, W> {
    type Output = Result<(), String>;

    fn run<G: Playable>(self) -> Self::Output {
        check_game::<G>(self.text, self.json, self.out)
    }
}

fn check_game<G: Playable>(text: &str, json: bool, out: &mut impl Write) -> Result<(), String> {
    let replay = Replay::<G>::from_text(text)?;
    // Every step through today's rules first: a transcript is printed only
    // for a replay that plays to its end.
    replay.check()?;
    let written = |e: std::io::Error| e.to_string();
    if json {
        return transcript(&replay, out).map_err(|e| match e {
            referee::Stop::Io(e) => written(e),
            referee::Stop::InputEnded => "the output ended".into(),
        });
    }
    let [a, b] = &replay.about.players;
    let result = crate::replay::shelf::result_line(&replay.about.players, &replay.outcome);
    writeln!(
        out,
        "{}: {} against {}, {} steps: {result} (written by Black & White {} on {}); every step is legal today",
        G::ID.id(),
        a.name,
        b.name,
        replay.record.steps.len(),
        replay.about.program,
        replay.about.date,
    )
    .map_err(written)
}

/// The game as the referee would have written it to a client that may read
/// everything: `start`, then for each step its `ask`, the client's action
/// line and the events (each private one with its `to`), then `end`.
fn transcript<G: Playable>(replay: &Replay<G>, out: &mut impl Write) -> Result<(), referee::Stop> {
    let broken = |e: crate::rules::Broken| std::io::Error::other(e.to_string());
    let mut replaying = Replaying::new(&replay.record).map_err(broken)?;
    referee::write_line(
        out,
        &protocol::start_json(replaying.game(), Some(replay.record.seed)),
    )?;
    for step in &replay.record.steps {
        referee::write_line(out, &protocol::ask_line(replaying.game(), step.seat))?;
        referee::write_line(
            out,
            &json!({"player": step.seat, "action": G::action_json(&step.action)}),
        )?;
        let events = replaying.step().expect("a step of the record").map_err(broken)?;
        for line in protocol::event_lines::<G>(&events) {
            referee::write_line(out, &line)?;
        }
    }
    referee::write_line(out, &protocol::end_json(replaying.game()))?;
    Ok(())
}
