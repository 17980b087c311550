//! Replays: the corpus in tests/replays plays to its recorded results, a
//! replay holds every chance outcome (it plays with another seed), a file
//! that no longer plays says which version wrote it and where it breaks,
//! and a finished game in the app is kept.

use std::path::PathBuf;
use std::process::Command;

use black_and_white::games::betting::engine::Betting;
use black_and_white::games::bidding::engine::Bidding;
use black_and_white::games::tiles::engine::Tiles;
use black_and_white::games::wargame::engine::Wargame;
use black_and_white::ids::GameId;
use black_and_white::replay::{About, Player, Replay, file};
use black_and_white::rules::{Game, GameRng, Level, Match, Playable};
use rand::SeedableRng;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_black-and-white");

fn corpus() -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/replays");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/replays exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect();
    files.sort();
    files
}

fn corpus_file(name: &str) -> String {
    std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/replays")
            .join(name),
    )
    .unwrap()
}

/// The replay's result as today's rules reach it, or the refusal.
fn check_text(text: &str) -> Result<[i64; 2], String> {
    fn checked<G: Playable>(text: &str) -> Result<[i64; 2], String> {
        let replay = Replay::<G>::from_text(text)?;
        let played = replay.check()?;
        Ok(played.game().outcome().expect("checked games are over").score)
    }
    match file::game_of(text)? {
        GameId::Tiles => checked::<Tiles>(text),
        GameId::Bidding => checked::<Bidding>(text),
        GameId::Betting => checked::<Betting>(text),
        GameId::Wargame => checked::<Wargame>(text),
    }
}

/// The text with its line `n` (from 0) changed by `edit`.
fn edited(text: &str, n: usize, edit: impl FnOnce(&mut Value)) -> String {
    let mut lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    edit(&mut lines[n]);
    lines.iter().map(|l| l.to_string() + "\n").collect()
}

fn end_score(text: &str) -> [i64; 2] {
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    serde_json::from_value(last["score"].clone()).unwrap()
}

#[test]
fn every_replay_in_the_corpus_plays_to_its_recorded_result() {
    let files = corpus();
    for game in GameId::ALL {
        let count = files.iter().filter(|(_, t)| file::game_of(t) == Ok(game)).count();
        assert!(count >= 5, "{} replays of {}", count, game.id());
    }
    let mut scenarios = std::collections::BTreeSet::new();
    let mut with_commanders = 0;
    for (path, text) in &files {
        let score = check_text(text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(score, end_score(text), "{}", path.display());
        if file::game_of(text) == Ok(GameId::Wargame) {
            let header: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
            scenarios.insert(header["config"]["scenario"]["number"].to_string());
            with_commanders += usize::from(text.contains("\"commander\":\""));
        }
    }
    assert!(
        scenarios.len() >= 5,
        "wargame scenarios in the corpus: {scenarios:?}"
    );
    assert!(
        with_commanders >= 3,
        "{with_commanders} wargame replays with a commander"
    );
}

/// The dice and the random arrangement are written out: with another seed
/// the replay still plays to the same end. (Drawn from the seed instead,
/// the first die would differ and the game would go astray.)
#[test]
fn a_replay_holds_its_chance_outcomes_and_plays_with_any_seed() {
    for name in [
        "wargame-scenario-9.jsonl",
        "betting-timeout-hard.jsonl",
        "tiles-hard-normal.jsonl",
    ] {
        let text = corpus_file(name);
        assert!(
            text.lines().skip(1).any(|l| l.contains("\"chance\"")) || name.starts_with("tiles"),
            "{name} records chance outcomes"
        );
        let reseeded = edited(&text, 0, |h| h["seed"] = 987_654_321.into());
        assert_eq!(check_text(&reseeded), Ok(end_score(&text)), "{name}");
    }
    // The coin flip is recorded too: flipping it gives the other player the
    // lead, and the first step is then out of turn.
    let tiles = corpus_file("tiles-hard-normal.jsonl");
    let flipped = edited(&tiles, 0, |h| {
        let first = h["chance"][0].as_u64().unwrap();
        h["chance"][0] = (1 - first).into();
    });
    let refusal = check_text(&flipped).unwrap_err();
    assert!(refusal.contains("step 1"), "{refusal}");
}

#[test]
fn a_replay_of_another_format_says_which_version_wrote_it() {
    let text = edited(&corpus_file("tiles-easy-hard.jsonl"), 0, |h| {
        h["format"] = 7.into();
        h["program"] = "0.0.3".into();
    });
    let refusal = check_text(&text).unwrap_err();
    assert!(
        refusal.contains("0.0.3") && refusal.contains("format 7"),
        "{refusal}"
    );
    assert!(refusal.contains("reads format 1"), "{refusal}");
}

#[test]
fn an_action_that_became_illegal_is_refused_at_its_step() {
    // Player 0 plays again a tile it has already played.
    let text = corpus_file("tiles-normal-easy.jsonl");
    let steps: Vec<Value> = text
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let seat = steps[0]["player"].clone();
    let later = steps.iter().skip(1).position(|s| s["player"] == seat).unwrap() + 1;
    let replayed = edited(&text, later + 1, |s| s["action"] = steps[0]["action"].clone());
    let refusal = check_text(&replayed).unwrap_err();
    assert!(refusal.contains(&format!("step {}", later + 1)), "{refusal}");
    assert!(refusal.contains("written by Black & White 0.1.0"), "{refusal}");

    // A die no die shows.
    let wargame = corpus_file("wargame-scenario-4.jsonl");
    let n = wargame
        .lines()
        .skip(1)
        .position(|l| l.contains("\"chance\""))
        .unwrap()
        + 1;
    let loaded = edited(&wargame, n, |s| s["chance"][0] = 9.into());
    let refusal = check_text(&loaded).unwrap_err();
    assert!(
        refusal.contains(&format!("step {n}")) && refusal.contains("die is 9"),
        "{refusal}"
    );

    // Played with other unit data: the refusal says the data changed.
    let other_data = edited(&loaded, 0, |h| h["data"] = "0123456789abcdef".into());
    let refusal = check_text(&other_data).unwrap_err();
    assert!(
        refusal.contains("data (units, commanders, terrain) has changed"),
        "{refusal}"
    );

    // A step too few: the game is not over.
    let short: String = wargame
        .lines()
        .take(5)
        .chain(wargame.lines().last())
        .map(|l| l.to_string() + "\n")
        .collect();
    assert!(check_text(&short).unwrap_err().contains("not over"));
}

#[test]
fn a_file_that_is_not_a_replay_gets_a_message() {
    for (text, says) in [
        ("", "empty"),
        ("hello\n", "not JSON"),
        ("{\"type\":\"start\"}\n", "not a replay header"),
    ] {
        let refusal = check_text(text).unwrap_err();
        assert!(refusal.contains(says), "{text:?}: {refusal}");
    }
    let cut: String = corpus_file("bidding-hard-hard.jsonl")
        .lines()
        .take(4)
        .map(|l| l.to_string() + "\n")
        .collect();
    assert!(check_text(&cut).unwrap_err().contains("no \"end\" line"));
}

/// Random games of every kind, written and read back, end where the game
/// ended, seen the same by both seats.
#[test]
fn a_written_replay_reads_back_to_the_same_game() {
    fn round_trip<G: Playable>(config: &G::Config, seed: u64) {
        let mut played = Match::<G>::new(config, seed);
        let mut rng = GameRng::seed_from_u64(seed);
        while let Some(seat) = played.game().to_move() {
            let action = played.game().random_action(&mut rng);
            played.apply(seat, action).unwrap();
        }
        let players = [0, 1].map(|s| Player {
            name: format!("Player {}", s + 1),
            computer: (s == 1).then_some(Level::Random),
        });
        let text = Replay::of(&played, About::now(players)).unwrap().to_text();
        let again = Replay::<G>::from_text(&text).unwrap().check().unwrap();
        assert_eq!(again.game().reveal_json(), played.game().reveal_json());
        assert_eq!(again.game().outcome(), played.game().outcome());
        for seat in 0..2 {
            let seen = |m: &Match<G>| serde_json::to_value(m.game().view(seat)).unwrap();
            assert_eq!(seen(&again), seen(&played), "{} seat {seat}", G::ID.id());
        }
    }
    for seed in 0..4 {
        round_trip::<Tiles>(&(), seed);
        round_trip::<Bidding>(&(), seed);
        round_trip::<Betting>(&(), seed);
    }
    let setup = black_and_white::games::wargame::engine::Setup {
        scenario: black_and_white::games::wargame::engine::shipped::shipped(5).unwrap(),
        dice: Vec::new(),
    };
    round_trip::<Wargame>(&setup, 11);
}

fn replay_command(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(BIN).arg("replay").args(args).output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn the_replay_command_checks_a_file_and_prints_it_as_protocol_lines() {
    let dir = std::env::temp_dir().join(format!("bw-replay-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("wargame.jsonl");
    let status = Command::new(BIN)
        .args(["referee", "--game", "wargame", "--scenario", "6", "--seed", "4"])
        .args(["--bot", "0=easy", "--bot", "1=normal", "--record"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(status.status.success());
    let path = path.to_str().unwrap();
    let (out, _, code) = replay_command(&[path]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("wargame: Player 1 against Player 2") && out.contains("every step is legal today"),
        "{out}"
    );

    let (json, _, code) = replay_command(&[path, "--json"]);
    assert_eq!(code, 0);
    let lines: Vec<Value> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let steps = std::fs::read_to_string(path).unwrap().lines().count() - 2;
    assert_eq!(lines[0]["type"], "start");
    assert_eq!(lines.last().unwrap()["type"], "end");
    assert_eq!(lines.iter().filter(|l| l["type"] == "ask").count(), steps);
    assert_eq!(lines.iter().filter(|l| l.get("action").is_some()).count(), steps);
    // The hidden blocks' checks are each addressed to their side.
    let private: Vec<_> = lines.iter().filter(|l| l.get("to").is_some()).collect();
    assert!(private.iter().any(|l| l["to"] == 0) && private.iter().any(|l| l["to"] == 1));

    let broken = dir.join("broken.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    std::fs::write(
        &broken,
        edited(&text, 2, |s| {
            s["player"] = (1 - s["player"].as_u64().unwrap()).into()
        }),
    )
    .unwrap();
    let (_, err, code) = replay_command(&[broken.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("step 2"), "{err}");
}

#[test]
fn a_finished_game_in_the_app_is_kept_on_the_shelf() {
    use black_and_white::replay::Shelf;
    use black_and_white::session::{MatchResult, Opponent};

    let dir = crate::headless::config_dir("kept-replay");
    let mut app = crate::headless::app(&dir);
    crate::headless::start(&mut app, Opponent::Computer(Level::Easy), 31);
    let played = crate::headless::play_to_the_end(&mut app);
    let result = app.world().resource::<MatchResult>().clone();
    let listing = Shelf::at(dir.join("replays")).list();
    assert!(listing.unreadable.is_empty(), "{:?}", listing.unreadable);
    let [entry] = listing.entries.as_slice() else {
        panic!("one kept replay, not {:?}", listing.entries);
    };
    assert_eq!(Some(&entry.name), result.replay.as_ref());
    assert_eq!(entry.game, GameId::Tiles);
    assert_eq!(entry.outcome, result.outcome);
    assert_eq!(entry.steps, 18);
    assert_eq!(played, 9, "the person played one tile a round");
    assert_eq!(entry.opponent(), "Computer (Easy)");
    let text = Shelf::at(dir.join("replays")).read(&entry.name).unwrap();
    assert_eq!(check_text(&text), Ok(result.outcome.score));
    // The computer's reasoning is kept with each of its actions, and none
    // is made up for the person's.
    let replay = Replay::<Tiles>::from_text(&text).unwrap();
    let human = app
        .world()
        .resource::<black_and_white::session::Session<Tiles>>()
        .human;
    for step in &replay.record.steps {
        assert_eq!(step.thought.is_some(), step.seat != human, "{step:?}");
    }
}

/// Hard's reasoning as kept: the tile it played is the option it valued
/// most, and the options come best first.
#[test]
fn a_computer_s_reasoning_is_kept_with_each_of_its_actions() {
    let replay = Replay::<Tiles>::from_text(&corpus_file("tiles-hard-hard.jsonl")).unwrap();
    let mut weighed = 0;
    for step in &replay.record.steps {
        let thought = step.thought.as_ref().expect("both seats are the computer");
        assert!(!thought.belief.is_empty());
        if let Some(best) = thought.options.first() {
            weighed += 1;
            assert_eq!(best.option, format!("tile {}", step.action.tile));
            assert!(thought.options.windows(2).all(|w| w[0].value >= w[1].value));
        }
    }
    assert!(weighed >= 14, "{weighed} of 18 choices weighed options");
    let betting = Replay::<Betting>::from_text(&corpus_file("betting-hard-normal.jsonl")).unwrap();
    let decisions: Vec<_> = betting
        .record
        .steps
        .iter()
        .filter_map(|s| s.thought.as_ref().map(|t| (s, t)))
        .collect();
    assert!(!decisions.is_empty());
    for (step, thought) in decisions {
        let chose = &thought.options[0].option;
        let matched = matches!(
            step.action,
            black_and_white::games::betting::engine::BettingAction::Match(_)
        );
        assert_eq!(chose == "match", matched, "{thought:?} against {:?}", step.action);
    }
}

/// Plays a whole game of `G` in the app with the computer on both sides
/// (the person's moves made by autoplay), then watches its replay from the
/// list: forward to the end, where the table is the game's last, and back
/// to the start.
fn watch_a_finished_game<G: Playable>(game: GameId) {
    use bevy::prelude::*;
    use black_and_white::replay::Shelf;
    use black_and_white::screens::Screen;
    use black_and_white::session::{
        Autoplay, MatchResult, OpenReplay, Opponent, Shown, StartMatch, WatchCommand, Watching,
    };

    let dir = crate::headless::config_dir(&format!("watch-{}", game.id()));
    let mut app = crate::headless::app(&dir);
    app.insert_resource(Autoplay { left: 100_000 });
    // Betting keeps each result on screen for three seconds: a quarter of a
    // second a frame gets there in twelve.
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(250),
    ));
    app.world_mut().write_message(StartMatch {
        game,
        opponent: Opponent::Computer(Level::Easy),
        seed: Some(5),
    });
    let screen = |app: &App| *app.world().resource::<State<Screen>>().get();
    let view = |app: &App| serde_json::to_value(&app.world().resource::<Shown<G>>().view).unwrap();
    for _ in 0..20_000 {
        if screen(&app) == Screen::Result {
            break;
        }
        app.update();
    }
    assert_eq!(screen(&app), Screen::Result, "{} reached its result", game.id());
    let at_the_end = view(&app);
    let result = app.world().resource::<MatchResult>().clone();

    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Replays);
    app.update();
    let shelf = Shelf::at(dir.join("replays"));
    let listing = shelf.list();
    let entry = &listing.entries[0];
    assert_eq!((entry.game, entry.outcome), (game, result.outcome));
    app.world_mut().write_message(OpenReplay {
        game,
        text: shelf.read(&entry.name).unwrap(),
        at: 0,
        eyes: None,
    });
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    let steps = app.world().resource::<Watching>().steps;
    assert_eq!(steps, entry.steps);
    let at_the_start = view(&app);
    for n in 1..=steps {
        app.world_mut().write_message(WatchCommand::Step(1));
        app.update();
        assert_eq!(app.world().resource::<Watching>().step, n);
    }
    app.update();
    assert_eq!(
        view(&app),
        at_the_end,
        "{}: the replay's last table is the game's",
        game.id()
    );
    assert!(
        app.world().resource::<Shown<G>>().acting.is_none(),
        "nobody acts in a replay"
    );
    for n in (0..steps).rev() {
        app.world_mut().write_message(WatchCommand::Step(-1));
        app.update();
        assert_eq!(app.world().resource::<Watching>().step, n);
    }
    app.update();
    assert_eq!(view(&app), at_the_start);
    assert_ne!(at_the_start, at_the_end);
    // Leaving the replay goes back to the list, and the game stays there.
    app.world_mut()
        .write_message(black_and_white::session::MatchCommand::Quit);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Replays);
    assert_eq!(shelf.list().entries.len(), 1);
}

#[test]
fn a_finished_game_of_each_kind_is_listed_opened_and_stepped_through() {
    watch_a_finished_game::<Tiles>(GameId::Tiles);
    watch_a_finished_game::<Bidding>(GameId::Bidding);
    watch_a_finished_game::<Betting>(GameId::Betting);
    watch_a_finished_game::<Wargame>(GameId::Wargame);
}

/// Everything uncovered shows the wargame's hidden blocks; the seat's own
/// view, which the knowledge panel reckons from, still hides them.
#[test]
fn everything_uncovered_shows_the_hidden_blocks_and_the_seat_s_view_does_not() {
    let replay = Replay::<Wargame>::from_text(&corpus_file("wargame-scenario-9.jsonl")).unwrap();
    let at = Match::replay(&replay.record, 40).unwrap();
    let own = at.game().view(1);
    let open = at.game().uncovered(1);
    assert!(
        own.units.iter().any(|u| u.class.is_none()),
        "some enemy block is still hidden at step 40"
    );
    assert!(open.units.iter().all(|u| u.class.is_some()));
    assert_eq!(own.units.len(), open.units.len());
}
