//! The command line's parsing and its messages.

use black_and_white::cli::{Command, Contender, Launch, parse};
use black_and_white::ids::GameId;
use black_and_white::rules::Level;
use black_and_white::session::Opponent;

fn args(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

#[test]
fn straight_into_a_game_with_a_screenshot() {
    let command = parse(&args("--game tiles --opponent hard --screenshot /tmp/x.png")).unwrap();
    assert_eq!(
        command,
        Command::Play(Launch {
            game: Some(GameId::Tiles),
            opponent: Some(Opponent::Computer(Level::Hard)),
            seed: None,
            screenshot: Some("/tmp/x.png".into()),
            ..Launch::default()
        })
    );
    let command = parse(&args("--game wargame --scenario 7 --build")).unwrap();
    assert_eq!(
        command,
        Command::Play(Launch {
            game: Some(GameId::Wargame),
            scenario: Some("7".into()),
            build: true,
            ..Launch::default()
        })
    );
    let command = parse(&args("--game wargame --edit --scenario 6")).unwrap();
    assert_eq!(
        command,
        Command::Play(Launch {
            game: Some(GameId::Wargame),
            scenario: Some("6".into()),
            edit: true,
            ..Launch::default()
        })
    );
    let refused = parse(&args("--game tiles --edit")).unwrap_err();
    assert!(refused.contains("--edit need --game wargame"), "{refused}");
}

#[test]
fn referee_and_arena_read_their_options() {
    assert_eq!(
        parse(&args(
            "referee --game tiles --seed 18446744073709551615 --bot 1=hard"
        ))
        .unwrap(),
        Command::Referee {
            game: GameId::Tiles,
            seed: u64::MAX,
            bots: [None, Some(Level::Hard)],
            scenario: None,
            dice: Vec::new(),
            record: None,
        }
    );
    assert_eq!(
        parse(&args(
            "referee --game wargame --scenario 6 --dice 5,4,1 --record a.jsonl"
        ))
        .unwrap(),
        Command::Referee {
            game: GameId::Wargame,
            seed: 0,
            bots: [None, None],
            scenario: Some("6".into()),
            dice: vec![5, 4, 1],
            record: Some("a.jsonl".into()),
        }
    );
    assert!(
        parse(&args("referee --game wargame --dice 5,7"))
            .unwrap_err()
            .contains("1 to 6")
    );
    assert!(
        parse(&args("referee --game tiles --scenario 3"))
            .unwrap_err()
            .contains("for the wargame")
    );
    assert_eq!(
        parse(&args(
            "arena --game tiles --a hard --b random --games 10 --seed 3 --losses lost"
        ))
        .unwrap(),
        Command::Arena {
            game: GameId::Tiles,
            a: Contender::Level(Level::Hard),
            b: Contender::Level(Level::Random),
            games: 10,
            seed: 3,
            scenario: None,
            losses: Some("lost".into()),
        }
    );
    assert_eq!(
        parse(&args("train --game tiles --iterations 1000 --out s.bin")).unwrap(),
        Command::Train {
            iterations: 1000,
            seed: 0,
            out: "s.bin".into(),
        }
    );
}

#[test]
fn bad_options_say_what_to_fix() {
    let cases = [
        ("--game chess", "unknown game `chess`"),
        ("referee --game tiles --bot 2=hard", "the player is 0 or 1"),
        ("referee --game tiles --bot 1=random", "arena only"),
        ("referee", "referee needs --game"),
        ("arena --game tiles --a hard", "--b PLAYER"),
        ("round-robin", "round-robin needs --game"),
        ("train --game bidding --out s.bin", "train solves tiles only"),
        ("train --game tiles", "train needs --out FILE"),
        ("--seed -1", "whole number"),
        ("--frobnicate", "unknown option `--frobnicate`"),
        ("--game tiles --scenario 3", "need --game wargame"),
        (
            "--game wargame --scenario 23",
            "no shipped scenario has the number 23",
        ),
        ("--game wargame --scenario /nowhere.ron", "/nowhere.ron"),
    ];
    for (line, expected) in cases {
        let error = parse(&args(line)).unwrap_err();
        assert!(error.contains(expected), "{line}: {error}");
    }
}

/// Without a display the game says so in a line, with what to do and the
/// commands that need none, and exits with code 3: no panic, no backtrace.
/// Without a GPU driver it names the package instead (that start cannot be
/// staged here: this machine has one).
#[test]
fn a_start_without_a_display_says_so_and_exits() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_black-and-white"))
        .args(["--game", "tiles"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{said}");
    assert!(said.contains("no display"), "{said}");
    assert!(said.contains("xvfb-run") && said.contains("referee"), "{said}");
    assert!(
        !said.contains("panicked") && !said.contains("backtrace"),
        "{said}"
    );
    assert_eq!(said.trim().lines().count(), 1, "one line: {said}");
}

/// `arena --losses DIR` keeps a replay of every game A lost, and only
/// those: each reads back through today's rules and ends with A beaten.
#[test]
fn the_arena_keeps_the_games_a_lost_as_replays() {
    use black_and_white::cli::arena::Levels;
    use black_and_white::games::registry::ForGame;
    use black_and_white::games::tiles::engine::Tiles;
    use black_and_white::replay::Replay;
    let dir = crate::headless::config_dir("arena-losses");
    let report = Levels {
        levels: [Level::Random, Level::Hard],
        scenario: None,
        games: 12,
        seed: 5,
        losses: Some(dir.clone()),
    }
    .run::<Tiles>()
    .unwrap();
    assert!(report.losses > 0, "Random lost none of 12 to Hard: {report}");
    let mut kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    kept.sort();
    assert_eq!(kept.len(), report.losses, "{kept:?}");
    for path in kept {
        let name = path.file_stem().unwrap().to_str().unwrap();
        let game: usize = name.trim_start_matches("lost-").parse().unwrap();
        // A sits in seat 0 in even games and seat 1 in odd ones.
        let a_seat = game % 2;
        let replay = Replay::<Tiles>::from_text(&std::fs::read_to_string(&path).unwrap()).unwrap();
        replay.check().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(replay.outcome.winner, Some(1 - a_seat), "{name}");
        assert_eq!(replay.about.players[a_seat].name, "Random", "{name}");
    }
}
