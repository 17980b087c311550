//! The command line: play (optionally straight into a game), the referee,
//! and the arena.

pub mod arena;
mod command;
pub mod counter_search;
pub mod exploit;
#[cfg(not(target_arch = "wasm32"))]
mod gallery;
#[cfg(not(target_arch = "wasm32"))]
pub mod loadtest;
#[cfg(target_arch = "wasm32")]
mod page;
pub mod referee;
pub mod replay;
#[cfg(not(target_arch = "wasm32"))]
pub mod serve;
pub mod train;
pub mod validate;

pub use crate::session::Launch;
pub use arena::Contender;
pub use command::{Command, LoadOptions};
#[cfg(target_arch = "wasm32")]
pub use page::page_arguments;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::games::registry::with_game;
use crate::games::wargame::engine as wargame;
use crate::ids::GameId;
use crate::population::with_population;
use crate::rules::{Level, Seat};
use crate::session::{Eyes, Opponent};

const USAGE: &str = "\
usage:
  black-and-white [--game GAME [--opponent LEVEL|friend] [--seed N] [--quick-setup] [--screenshot PATH]
                   [--scenario ID-or-PATH] [--build] [--new-game] [--edit] [--autoplay MOVES]] [--size WxH]
                   [--frame-times SECONDS]
  black-and-white --replay FILE [--step N] [--eyes 1|2|all] [--screenshot PATH] [--size WxH]
  black-and-white referee --game GAME [--seed N] [--bot P=LEVEL]... [--scenario ID-or-PATH] [--dice D,D,...]
                         [--record FILE]
  black-and-white replay FILE [--json]
  black-and-white arena --game GAME --a PLAYER --b PLAYER [--games N] [--seed S] [--scenario ID-or-PATH] [--losses DIR]
  black-and-white round-robin --game GAME [--games N] [--seed S]
  black-and-white counter-search --game GAME [--starts N] [--steps N] [--games N] [--seed S]
  black-and-white exploit --game tiles|bidding|betting [--against hard|lowest|random] [--games N] [--seed S]
  black-and-white train --game tiles [--iterations N] [--seed S] --out FILE
  black-and-white validate FILE...
  black-and-white gallery DIR
  black-and-white serve [--port N] [--data DIR | --database postgres://USER@HOST:PORT/NAME] [--advertise ws://HOST:PORT]
  black-and-white loadtest [--games N] [--game GAME|all] [--think MS] [--server ws://HOST:PORT]...
                          [--servers N --database postgres://… [--kill-after SECONDS]]

GAME: tiles, bidding, betting, wargame. LEVEL: easy, normal, hard. PLAYER: random, a LEVEL, or a
member of the game's population of outside players (round-robin lists a card game's; the
wargame's are greedy, rusher, turtle and gunner).
round-robin plays every pair of the levels and the population and prints the table.
counter-search hill-climbs the habits of a card game's family of players against its Hard (each
step judged on --games games, default 300) and plays the best found 2000 fresh games.
exploit plays a best response that knows Hard's code (in tiles and bidding the chance of each of
its moves, in betting how it stacks; never its hand) against Hard (in tiles also a toy that always
plays its lowest tile, or a random player), and prints its score.
train solves the strategy of tiles' population member regret (counterfactual regret
minimisation, default 50 million sampled games) into FILE, printing after each fifth how it fares
against Normal and against its best response; the shipped one is assets/population/tiles-regret.bin.
Wargame: --scenario takes a shipped scenario's number (1-22) or a .ron file (default 21);
--dice forces the next die results, each 1 to 6. Playing the wargame from the command line
starts straight into the battle, both armies built by the computer; --build lets you build yours.
--new-game opens the game's new-game dialog instead; --edit (wargame) opens the scenario editor on
a copy of --scenario, or on a new scenario without it; --autoplay lets the computer make your
first MOVES moves (lifting the curtain); --size sets the window, such as 1024x768;
--frame-times prints the median and 99th percentile of the table's frame times over SECONDS and
exits (in the browser: the page's address takes the options, ?game=wargame&frame-times=20).
--replay watches a replay file from action N, through player 1's or 2's eyes or all uncovered.
referee --record writes the replay of the game it ran. replay checks a replay file through
today's rules and prints its result (exit 0) or the step where it breaks (exit 1); --json prints
the whole game as the referee protocol's lines, private ones marked with \"to\".
gallery writes a picture of every screen at 1280x720 and 600x900 into DIR (it opens windows:
under xvfb-run where there is no display).
serve runs the online server (default port 7480, the games kept in DIR/games.sqlite, DIR being
the data folder, or in PostgreSQL); loadtest plays N games at once through a server (its own unless --server) and
prints the time from an action to the next ask, and the server's memory and CPU; --servers starts
several on one PostgreSQL, and --kill-after kills the first mid-load, its players resuming on
the others.";

pub fn parse(args: &[String]) -> Result<Command, String> {
    let (mode, rest) = match args.first().map(String::as_str) {
        Some("referee") => ("referee", &args[1..]),
        Some("arena") => ("arena", &args[1..]),
        Some("round-robin") => ("round-robin", &args[1..]),
        Some("counter-search") => ("counter-search", &args[1..]),
        Some("exploit") => ("exploit", &args[1..]),
        Some("train") => ("train", &args[1..]),
        Some("--help" | "-h" | "help") => return Ok(Command::Help),
        Some("validate") if args.len() > 1 => {
            return Ok(Command::Validate(args[1..].iter().map(PathBuf::from).collect()));
        }
        Some("validate") => return Err("validate needs one or more scenario files".into()),
        #[cfg(not(target_arch = "wasm32"))]
        Some("gallery") => {
            return match &args[1..] {
                [dir] => Ok(Command::Gallery(dir.into())),
                _ => Err("gallery takes one folder to write the pictures into".into()),
            };
        }
        #[cfg(not(target_arch = "wasm32"))]
        Some("serve") => return serve::parse(&args[1..]),
        #[cfg(not(target_arch = "wasm32"))]
        Some("loadtest") => return loadtest::parse(&args[1..]).map(Command::Loadtest),
        Some("replay") => {
            return match &args[1..] {
                [file] => Ok(Command::Replay {
                    file: file.into(),
                    json: false,
                }),
                [file, flag] | [flag, file] if flag == "--json" => Ok(Command::Replay {
                    file: file.into(),
                    json: true,
                }),
                _ => Err("replay takes one replay file, and --json to print it as protocol lines".into()),
            };
        }
        _ => ("play", args),
    };
    let mut flags = Flags::default();
    let mut iter = rest.iter();
    while let Some(flag) = iter.next() {
        let mut value = || {
            iter.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match (mode, flag.as_str()) {
            (_, "--game") => flags.game = Some(GameId::parse(&value()?)?),
            (_, "--seed") => flags.seed = Some(parse_number(&value()?, "--seed")?),
            ("play", "--opponent") => {
                let v = value()?;
                flags.opponent = Some(if v == "friend" {
                    Opponent::Friend
                } else {
                    Opponent::Computer(playable_level(&v)?)
                });
            }
            ("play", "--screenshot") => flags.screenshot = Some(PathBuf::from(value()?)),
            ("play", "--frame-times") => {
                flags.frame_times = Some(parse_number(&value()?, "--frame-times")?.clamp(1, 600) as u32)
            }
            ("play", "--quick-setup") => flags.quick_setup = true,
            ("play", "--build") => flags.build = true,
            ("play", "--new-game") => flags.new_game = true,
            ("play", "--edit") => flags.edit = true,
            ("play", "--online") => flags.online = true,
            ("play", "--autoplay") => {
                flags.autoplay = parse_number(&value()?, "--autoplay")?.min(10_000) as u32
            }
            ("play", "--size") => flags.size = Some(parse_size(&value()?)?),
            ("play", "--replay") => flags.replay = Some(PathBuf::from(value()?)),
            ("play", "--step") => flags.step = parse_number(&value()?, "--step")? as usize,
            ("play", "--eyes") => {
                flags.eyes = Some(match value()?.as_str() {
                    "1" => Eyes::Seat(0),
                    "2" => Eyes::Seat(1),
                    "all" => Eyes::Everything,
                    other => return Err(format!("--eyes takes 1, 2 or all, not `{other}`")),
                })
            }
            ("referee", "--bot") => {
                let (seat, level) = parse_bot(&value()?)?;
                flags.bots[seat] = Some(level);
            }
            ("referee", "--dice") => flags.dice = parse_dice(&value()?)?,
            ("referee", "--record") => flags.record = Some(PathBuf::from(value()?)),
            (_, "--scenario") => flags.scenario = Some(value()?),
            ("arena", "--a") => flags.a = Some(Contender::parse(&value()?)),
            ("arena", "--b") => flags.b = Some(Contender::parse(&value()?)),
            ("arena", "--losses") => flags.losses = Some(PathBuf::from(value()?)),
            ("counter-search", "--starts") => {
                flags.starts = Some(parse_number(&value()?, "--starts")? as usize)
            }
            ("counter-search", "--steps") => flags.steps = Some(parse_number(&value()?, "--steps")? as usize),
            ("train", "--iterations") => flags.iterations = Some(parse_number(&value()?, "--iterations")?),
            ("train", "--out") => flags.out = Some(PathBuf::from(value()?)),
            ("exploit", "--against") => flags.against = Some(exploit::Target::parse(&value()?)?),
            ("arena" | "round-robin" | "counter-search" | "exploit", "--games") => {
                flags.games = Some(parse_number(&value()?, "--games")? as usize)
            }
            _ => return Err(format!("unknown option `{flag}`")),
        }
    }
    match mode {
        "play" => {
            let wargame = flags.game == Some(GameId::Wargame);
            if !wargame && (flags.scenario.is_some() || flags.build || flags.edit) {
                return Err("--scenario, --build and --edit need --game wargame".into());
            }
            if let Some(scenario) = &flags.scenario {
                wargame::shipped::find(scenario)?;
            }
            if flags.game.is_none() && (flags.new_game || flags.autoplay > 0) {
                return Err("--new-game and --autoplay need --game".into());
            }
            if flags.online && (flags.game.is_some() || flags.replay.is_some()) {
                return Err("--online opens the Play online screen: it takes no --game or --replay".into());
            }
            if flags.replay.is_some() && flags.game.is_some() {
                return Err("--replay opens a replay: it takes no --game".into());
            }
            if flags.replay.is_none() && (flags.step > 0 || flags.eyes.is_some()) {
                return Err("--step and --eyes need --replay FILE".into());
            }
            Ok(Command::Play(Launch {
                game: flags.game,
                opponent: flags.opponent,
                seed: flags.seed,
                screenshot: flags.screenshot,
                frame_times: flags.frame_times,
                quick_setup: flags.quick_setup,
                scenario: flags.scenario,
                build: flags.build,
                size: flags.size,
                new_game: flags.new_game,
                edit: flags.edit,
                online: flags.online,
                autoplay: flags.autoplay,
                replay: flags.replay,
                step: flags.step,
                eyes: flags.eyes,
            }))
        }
        "referee" => {
            let game = flags.game.ok_or("referee needs --game")?;
            if game != GameId::Wargame && (flags.scenario.is_some() || !flags.dice.is_empty()) {
                return Err("--scenario and --dice are for the wargame".into());
            }
            Ok(Command::Referee {
                game,
                seed: flags.seed.unwrap_or(0),
                bots: flags.bots,
                scenario: flags.scenario,
                dice: flags.dice,
                record: flags.record,
            })
        }
        "counter-search" => Ok(Command::CounterSearch {
            game: flags.game.ok_or("counter-search needs --game")?,
            starts: flags.starts.unwrap_or(4),
            steps: flags.steps.unwrap_or(40),
            games: flags.games.unwrap_or(300),
            seed: flags.seed.unwrap_or(0),
        }),
        "exploit" => Ok(Command::Exploit {
            game: flags.game.ok_or("exploit needs --game")?,
            against: flags.against.unwrap_or(exploit::Target::Hard),
            games: flags.games.unwrap_or(1000),
            seed: flags.seed.unwrap_or(0),
        }),
        "train" => match flags.game {
            Some(GameId::Tiles) => Ok(Command::Train {
                iterations: flags.iterations.unwrap_or(50_000_000),
                seed: flags.seed.unwrap_or(0),
                out: flags.out.ok_or("train needs --out FILE")?,
            }),
            _ => Err("train solves tiles only: give --game tiles".into()),
        },
        "round-robin" => Ok(Command::RoundRobin {
            game: flags.game.ok_or("round-robin needs --game")?,
            games: flags.games.unwrap_or(2000),
            seed: flags.seed.unwrap_or(0),
        }),
        _ => {
            let game = flags.game.ok_or("arena needs --game")?;
            if game != GameId::Wargame && flags.scenario.is_some() {
                return Err("--scenario is for the wargame".into());
            }
            Ok(Command::Arena {
                game,
                a: flags.a.ok_or("arena needs --a PLAYER")?,
                b: flags.b.ok_or("arena needs --b PLAYER")?,
                games: flags.games.unwrap_or(2000),
                seed: flags.seed.unwrap_or(0),
                scenario: flags.scenario,
                losses: flags.losses,
            })
        }
    }
}

#[derive(Default)]
struct Flags {
    game: Option<GameId>,
    seed: Option<u64>,
    opponent: Option<Opponent>,
    screenshot: Option<PathBuf>,
    frame_times: Option<u32>,
    quick_setup: bool,
    build: bool,
    new_game: bool,
    edit: bool,
    online: bool,
    autoplay: u32,
    size: Option<(u32, u32)>,
    bots: [Option<Level>; 2],
    scenario: Option<String>,
    dice: Vec<u8>,
    record: Option<PathBuf>,
    replay: Option<PathBuf>,
    step: usize,
    eyes: Option<Eyes>,
    a: Option<Contender>,
    b: Option<Contender>,
    losses: Option<PathBuf>,
    games: Option<usize>,
    starts: Option<usize>,
    steps: Option<usize>,
    against: Option<exploit::Target>,
    iterations: Option<u64>,
    out: Option<PathBuf>,
}

fn parse_number(text: &str, flag: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("{flag} takes a whole number from 0 to 18446744073709551615, not `{text}`"))
}

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let wrong = || format!("--size takes WIDTHxHEIGHT, each 320 to 7680, such as 1024x768, not `{text}`");
    let (w, h) = text.split_once('x').ok_or_else(wrong)?;
    let side = |t: &str| t.parse::<u32>().ok().filter(|n| (320..=7680).contains(n));
    Ok((side(w).ok_or_else(wrong)?, side(h).ok_or_else(wrong)?))
}

fn parse_dice(text: &str) -> Result<Vec<u8>, String> {
    text.split(',')
        .map(|d| match d.trim().parse::<u8>() {
            Ok(die @ 1..=6) => Ok(die),
            _ => Err(format!(
                "--dice takes results 1 to 6 separated by commas, not `{d}`"
            )),
        })
        .collect()
}

fn playable_level(text: &str) -> Result<Level, String> {
    match Level::parse(text)? {
        Level::Random => Err("the random player is for the arena only: choose easy, normal or hard".into()),
        level => Ok(level),
    }
}

fn parse_bot(text: &str) -> Result<(Seat, Level), String> {
    let (seat, level) = text
        .split_once('=')
        .ok_or_else(|| format!("--bot takes P=LEVEL, such as 1=hard, not `{text}`"))?;
    let seat = match seat {
        "0" => 0,
        "1" => 1,
        _ => return Err(format!("--bot: the player is 0 or 1, not `{seat}`")),
    };
    Ok((seat, playable_level(level)?))
}

/// Runs the program with these arguments (without the program name).
pub fn main(args: &[String]) -> ExitCode {
    let command = match parse(args) {
        Ok(command) => command,
        Err(e) => {
            eprintln!("black-and-white: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Help => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Command::Play(launch) => crate::run(launch),
        Command::Validate(files) => match validate::run(&files, &mut std::io::stdout().lock()) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::from(1),
            Err(e) => {
                eprintln!("black-and-white validate: {e}");
                ExitCode::from(1)
            }
        },
        Command::Referee {
            game,
            seed,
            bots,
            scenario,
            dice,
            record,
        } => run_referee(game, seed, bots, scenario, dice, record),
        Command::Replay { file, json } => replay::run(&file, json, &mut std::io::stdout().lock()),
        #[cfg(not(target_arch = "wasm32"))]
        Command::Gallery(dir) => gallery::run(&dir),
        #[cfg(not(target_arch = "wasm32"))]
        Command::Serve {
            port,
            data,
            database,
            advertise,
        } => serve::run(port, data, database, advertise),
        #[cfg(not(target_arch = "wasm32"))]
        Command::Loadtest(options) => loadtest::run(&options),
        #[cfg(target_arch = "wasm32")]
        Command::Serve { .. } | Command::Loadtest(_) | Command::Gallery(_) => ExitCode::from(2),
        Command::Arena {
            game,
            a,
            b,
            games,
            seed,
            scenario,
            losses,
        } => {
            let report = match (&a, &b) {
                (Contender::Level(a), Contender::Level(b)) => with_game(
                    game,
                    arena::Levels {
                        levels: [*a, *b],
                        scenario,
                        games,
                        seed,
                        losses,
                    },
                ),
                _ if game == GameId::Wargame => arena::arena_wargame(
                    &[a.clone(), b.clone()],
                    scenario.as_deref(),
                    games,
                    seed,
                    losses.as_deref(),
                ),
                _ => with_population(
                    game,
                    arena::Contenders {
                        contenders: [a.clone(), b.clone()],
                        games,
                        seed,
                        losses,
                    },
                )
                .and_then(|report| report),
            };
            let report = match report {
                Ok(report) => report,
                Err(e) => {
                    eprintln!("black-and-white arena: {e}");
                    return ExitCode::from(2);
                }
            };
            println!(
                "{} arena: A = {} against B = {}, seed {seed}",
                game.id(),
                a.label(),
                b.label()
            );
            println!("{report}");
            ExitCode::SUCCESS
        }
        Command::CounterSearch {
            game,
            starts,
            steps,
            games,
            seed,
        } => {
            let searching = counter_search::Searching {
                starts,
                steps,
                games,
                seed,
            };
            let (found, habits) = match with_population(game, searching) {
                Ok(found) => found,
                Err(e) => {
                    eprintln!("black-and-white counter-search: {e}");
                    return ExitCode::from(2);
                }
            };
            println!(
                "{} counter-search: the best counter to Hard found: {habits}
score rate {:.3} on the games it was chosen by; over {} fresh games:
{}",
                game.id(),
                found.searched_rate,
                found.fresh.games,
                found.fresh
            );
            ExitCode::SUCCESS
        }
        Command::Exploit {
            game,
            against,
            games,
            seed,
        } => match exploit::exploit(game, against, games, seed) {
            Ok(report) => {
                println!(
                    "{} exploit: A = the best response against B = {against:?}, seed {seed}",
                    game.id()
                );
                println!("{report}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("black-and-white exploit: {e}");
                ExitCode::from(2)
            }
        },
        Command::Train {
            iterations,
            seed,
            out,
        } => match train::run(iterations, seed, &out) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("black-and-white train: {e}");
                ExitCode::from(1)
            }
        },
        Command::RoundRobin { game, games, seed } => {
            let table = match with_population(game, arena::RoundRobin { games, seed }) {
                Ok(table) => table,
                Err(e) => {
                    eprintln!("black-and-white round-robin: {e}");
                    return ExitCode::from(2);
                }
            };
            print!("{table}");
            ExitCode::SUCCESS
        }
    }
}

fn run_referee(
    game: GameId,
    seed: u64,
    bots: [Option<Level>; 2],
    scenario: Option<String>,
    dice: Vec<u8>,
    record: Option<PathBuf>,
) -> ExitCode {
    with_game(
        game,
        referee::Refereeing {
            seed,
            bots,
            scenario,
            dice,
            record,
        },
    )
}
