//! The referee protocol (../shared/referee-protocol.md), written once over
//! the `Game` trait: one JSON object per line each way.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{Value, json};

use crate::games::registry::ForGame;
use crate::replay::{About, Player, Replay};
use crate::rules::protocol::{self, LINE_LIMIT, ask_line, end_json, event_lines, start_json};
use crate::rules::{Bot, Level, Match, Playable, Seat, sub_seed};

/// Why the referee stopped before the end of a game.
#[derive(Debug)]
pub enum Stop {
    /// Standard input ended before `end`: exit status 3.
    InputEnded,
    Io(std::io::Error),
}

impl From<std::io::Error> for Stop {
    fn from(e: std::io::Error) -> Self {
        Stop::Io(e)
    }
}

/// `black-and-white referee`: a game between standard input and output,
/// with the computer in the seats `bots` names, kept in `record` at its end.
pub struct Refereeing {
    pub seed: u64,
    pub bots: [Option<Level>; 2],
    pub scenario: Option<String>,
    pub dice: Vec<u8>,
    pub record: Option<PathBuf>,
}

impl ForGame for Refereeing {
    type Output = ExitCode;

    fn run<G: Playable>(self) -> ExitCode {
        let config = match G::configure(self.scenario.as_deref(), self.dice) {
            Ok(config) => config,
            Err(e) => {
                eprintln!("black-and-white: {e}");
                return ExitCode::from(2);
            }
        };
        let options = RefereeOptions::<G> {
            config,
            seed: self.seed,
            bots: self.bots,
        };
        let stdin = std::io::stdin();
        let played = match run(&options, &mut stdin.lock(), &mut std::io::stdout().lock()) {
            Ok(played) => played,
            Err(Stop::InputEnded) => return ExitCode::from(3),
            Err(Stop::Io(e)) => {
                eprintln!("black-and-white referee: {e}");
                return ExitCode::from(1);
            }
        };
        if let Some(path) = self.record {
            let players = [0, 1].map(|seat| Player {
                name: format!("Player {}", seat + 1),
                computer: options.bots[seat],
            });
            let replay = Replay::of(&played, About::now(players)).expect("the referee ends with the game");
            if let Err(e) = std::fs::write(&path, replay.to_text()) {
                eprintln!(
                    "black-and-white referee: could not write the replay {}: {e}",
                    path.display()
                );
                return ExitCode::from(1);
            }
        }
        ExitCode::SUCCESS
    }
}

pub struct RefereeOptions<G: Playable> {
    pub config: G::Config,
    pub seed: u64,
    pub bots: [Option<Level>; 2],
}

/// Runs one game of `G` between the two sides, each a bot or a client on the
/// other end of `input` and `output`; the finished match, for `--record`.
pub fn run<G: Playable>(
    options: &RefereeOptions<G>,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> Result<Match<G>, Stop> {
    let mut played = Match::<G>::new(&options.config, options.seed);
    let mut bots: [Option<Box<dyn Bot<G>>>; 2] = [0, 1]
        .map(|seat| options.bots[seat].map(|level| G::bot(level, sub_seed(options.seed, 100 + seat as u64))));
    write_line(output, &start_json(played.game(), Some(options.seed)))?;
    while let Some(seat) = played.game().to_move() {
        let (action, thought) = match bots[seat].as_mut() {
            Some(bot) => {
                let action = bot.choose(&played.game().view(seat));
                (action, bot.thought())
            }
            None => (ask_until_legal(played.game(), seat, input, output)?, None),
        };
        let events = played
            .apply(seat, action)
            .expect("an action that passed check applies");
        if let Some(thought) = thought {
            played.note_thought(thought);
        }
        for line in event_lines::<G>(&events) {
            write_line(output, &line)?;
        }
    }
    write_line(output, &end_json(played.game()))?;
    Ok(played)
}

fn ask_until_legal<G: Playable>(
    game: &G,
    seat: Seat,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> Result<G::Action, Stop> {
    let ask = ask_line(game, seat);
    loop {
        write_line(output, &ask)?;
        let line = read_line(input)?.ok_or(Stop::InputEnded)?;
        match read_action::<G>(game, seat, line) {
            Ok(action) => return Ok(action),
            Err((player, message)) => {
                write_line(
                    output,
                    &json!({"type": "error", "player": player, "message": message}),
                )?;
            }
        }
    }
}

/// An input line as read: its text, or why it could not be read.
enum Line {
    Text(String),
    TooLong,
    NotUtf8,
}

/// Reads one line without ever holding more than the limit of it.
fn read_line(input: &mut impl BufRead) -> Result<Option<Line>, Stop> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], Some(i + 1)),
            None => (buffer, None),
        };
        if bytes.len() + chunk.len() > LINE_LIMIT {
            too_long = true;
        } else {
            bytes.extend_from_slice(chunk);
        }
        let used = done.unwrap_or(buffer.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    Ok(Some(if too_long {
        Line::TooLong
    } else {
        match String::from_utf8(bytes) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::NotUtf8,
        }
    }))
}

/// The action in a client's line, or the `error` message's player and text.
fn read_action<G: Playable>(game: &G, seat: Seat, line: Line) -> Result<G::Action, (Option<Seat>, String)> {
    match line {
        Line::Text(text) => protocol::read_action(game, seat, &text),
        Line::TooLong => Err((None, format!("line longer than {LINE_LIMIT} bytes"))),
        Line::NotUtf8 => Err((None, "line is not UTF-8 text".into())),
    }
}

pub fn write_line(output: &mut impl Write, value: &Value) -> Result<(), Stop> {
    serde_json::to_writer(&mut *output, value).map_err(std::io::Error::from)?;
    output.write_all(b"\n")?;
    output.flush()?;
    Ok(())
}
