//! The shipped data: every scenario file loads and validates (without Bevy
//! and through the Bevy asset loader), the 22 are really different, and the
//! cards keep to the brief's numbers.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use bevy::asset::AssetPlugin;
use bevy::asset::LoadedFolder;
use bevy::prelude::*;
use black_and_white::games::wargame::battle::catalogue;
use black_and_white::games::wargame::battle::catalogue::{Catalogue, Origin};
use black_and_white::games::wargame::battle::mods;
use black_and_white::games::wargame::battle::mods::ModsFolder;
use black_and_white::games::wargame::battle::scenario_assets;
use black_and_white::games::wargame::battle::scenario_assets::ScenarioFile;
use black_and_white::games::wargame::engine::data::{self, Faction, Rulebook};
use black_and_white::games::wargame::engine::scenario::{Goal, Scenario, ScenarioKind};
use black_and_white::games::wargame::engine::scenario_check::check_text;
use black_and_white::games::wargame::engine::shipped::SHIPPED;
use black_and_white::games::wargame::table::board::block_face;

fn folder() -> BTreeMap<String, String> {
    std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect()
}

#[test]
fn every_scenario_in_the_folder_loads_and_is_one_of_the_22() {
    let files = folder();
    let shipped: BTreeSet<&str> = SHIPPED.iter().map(|(name, _)| *name).collect();
    assert_eq!(files.keys().map(String::as_str).collect::<BTreeSet<_>>(), shipped);
    let mut maps = BTreeSet::new();
    let mut limits = BTreeSet::new();
    for (name, text) in &files {
        let scenario = Scenario::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(name.starts_with(&format!("{:02}-", scenario.number)), "{name}");
        let expected = match scenario.number {
            1..=5 => ScenarioKind::Skirmish,
            6..=10 => ScenarioKind::Defense,
            11..=15 => ScenarioKind::Domination,
            16..=20 => ScenarioKind::BehindEnemyLines,
            _ => ScenarioKind::Tutorial,
        };
        assert_eq!(scenario.kind, expected, "{name}");
        let tokens = [scenario.black.tokens, scenario.white.tokens];
        let goals = [scenario.black.goal, scenario.white.goal];
        // "Players have 20 points to distribute."
        assert_eq!(scenario.budget, 20, "{name}");
        match expected {
            ScenarioKind::Skirmish | ScenarioKind::Tutorial => {
                // "The goal of each side is to obtain 10 victory points";
                // tutorials "are played just like skirmish scenarios".
                assert_eq!(tokens, [3, 3], "{name}");
                assert_eq!(goals, [Goal::Points(10), Goal::Points(10)], "{name}");
            }
            ScenarioKind::Domination => {
                assert_eq!(tokens, [3, 3], "{name}");
                assert!(matches!(goals, [Goal::Forts(_), Goal::Forts(_)]), "{name}");
            }
            ScenarioKind::Defense | ScenarioKind::BehindEnemyLines => {
                let taker = goals
                    .iter()
                    .position(|g| g.must_take())
                    .expect("one side attacks");
                assert_eq!(tokens[taker], 4, "{name}: the attacker gets 4 tokens");
                assert_eq!(tokens[1 - taker], 3, "{name}");
                assert_eq!(goals[1 - taker], Goal::Points(15), "{name}");
                if expected == ScenarioKind::Defense {
                    // "has to capture it within 10 or 12 turns".
                    assert_eq!(goals[taker], Goal::Forts(1), "{name}");
                    assert!([10, 12].contains(&scenario.turn_limit), "{name}");
                    limits.insert(scenario.turn_limit);
                } else {
                    assert_eq!(goals[taker], Goal::Lead(3), "{name}: \"lead 3 units\"");
                }
            }
        }
        assert!(
            maps.insert(scenario.map.clone()),
            "{name}: the same map as another scenario"
        );
    }
    assert_eq!(
        limits,
        BTreeSet::from([10, 12]),
        "defense battles of both lengths"
    );
}

/// A goal as docs/wargame-data.md's table writes it.
fn goal_words(goal: Goal) -> String {
    match goal {
        Goal::Points(n) => format!("{n} points"),
        Goal::Forts(1) => "1 fort".into(),
        Goal::Forts(n) => format!("{n} forts"),
        Goal::Lead(n) => format!("lead {n}"),
    }
}

#[test]
fn every_scenario_is_what_the_data_document_says() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/wargame-data.md")).unwrap();
    let rows: BTreeMap<u32, Vec<String>> = doc
        .lines()
        .filter_map(|line| {
            let cells: Vec<String> = line.split('|').map(|c| c.trim().to_string()).collect();
            let number = cells.get(1)?.parse::<u32>().ok()?;
            (cells.len() == 10).then(|| (number, cells[2..9].to_vec()))
        })
        .collect();
    assert_eq!(rows.len(), 22, "one row per shipped scenario");
    for (_, text) in SHIPPED {
        let s = Scenario::parse(text).unwrap();
        let kind = match s.kind {
            ScenarioKind::Skirmish => "skirmish",
            ScenarioKind::Defense => "defense",
            ScenarioKind::Domination => "domination",
            ScenarioKind::BehindEnemyLines => "behind enemy lines",
            ScenarioKind::Tutorial => "tutorial",
        };
        let actual = vec![
            s.name.clone(),
            kind.to_string(),
            goal_words(s.black.goal),
            goal_words(s.white.goal),
            format!("{} / {}", s.black.tokens, s.white.tokens),
            s.turn_limit.to_string(),
            s.budget.to_string(),
        ];
        assert_eq!(rows[&s.number], actual, "scenario {}", s.number);
    }
}

#[test]
fn the_cards_keep_to_the_brief() {
    let book = Rulebook::get();
    assert_eq!((book.units.len(), book.commanders.len()), (18, 6));
    for faction in [Faction::Thargaton, Faction::Vesania] {
        let costs: Vec<u32> = book
            .units
            .iter()
            .filter(|u| u.faction == faction)
            .map(|u| u.cost)
            .collect();
        let mean = costs.iter().sum::<u32>() as f64 / costs.len() as f64;
        // 20 points buy an army of about 5 to 8 blocks.
        assert!(
            (20.0 / mean) >= 5.0 && (20.0 / mean) <= 8.0,
            "{faction:?}: mean cost {mean}"
        );
    }
}

#[test]
fn every_class_of_a_type_has_its_own_emblem_and_a_lookalike_is_refused() {
    let book = Rulebook::get();
    let faces: BTreeSet<String> = book
        .units
        .iter()
        .map(|u| format!("{:?}", block_face::face(u.kind, Some(u.emblem))))
        .collect();
    assert_eq!(faces.len(), 18, "two classes look alike on the board");
    // A hidden block shows its type alone: the same face for every class.
    for u in &book.units {
        assert!(
            block_face::face(u.kind, None).len() < block_face::face(u.kind, Some(u.emblem)).len()
                || u.emblem == data::Emblem::Plain
        );
    }
    // Heavy cavalry given the light cavalry's dot.
    let units = data::UNITS_RON.replacen("kind: cavalry, emblem: diamond", "kind: cavalry, emblem: dot", 1);
    assert_ne!(units, data::UNITS_RON);
    let refused = Rulebook::parse(&units, data::COMMANDERS_RON, data::TERRAIN_RON, data::ARMY_RON)
        .expect_err("a lookalike is refused");
    assert!(
        refused.contains("light_cavalry and heavy_cavalry would look alike"),
        "{refused}"
    );
}

#[test]
fn the_in_game_rules_give_every_ruling_and_send_nobody_to_a_file() {
    let rulings = include_str!("../../docs/wargame-rulings.md");
    let numbered = |text: &str| -> Vec<u32> {
        text.lines()
            .filter_map(|l| l.split_once(". "))
            .filter_map(|(n, _)| n.parse().ok())
            .collect()
    };
    let in_docs = numbered(rulings);
    assert_eq!(in_docs, (1..=40).collect::<Vec<u32>>());
    let rules = black_and_white::ids::GameId::Wargame.rules_text();
    assert_eq!(
        numbered(rules),
        in_docs,
        "the in-game rules skip or reorder a ruling"
    );
    assert!(
        !rules.contains("docs/") && !rules.contains(".md"),
        "a player has no docs folder"
    );
}

/// Loads every file of `folder` through the Bevy asset loader.
fn load_through_bevy(folder: &std::path::Path) -> Vec<ScenarioFile> {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    scenario_assets::register_source(&mut app, scenario_assets::SOURCE, folder.to_str().unwrap());
    app.add_plugins(AssetPlugin::default());
    app.add_plugins(scenario_assets::plugin);
    let handle: Handle<LoadedFolder> = app
        .world()
        .resource::<AssetServer>()
        .load_folder(bevy::asset::AssetPath::from("").with_source(scenario_assets::SOURCE));
    let started = Instant::now();
    while !app
        .world()
        .resource::<AssetServer>()
        .is_loaded_with_dependencies(&handle)
    {
        app.update();
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the folder did not load"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let folders = app.world().resource::<Assets<LoadedFolder>>();
    let files = app.world().resource::<Assets<ScenarioFile>>();
    folders
        .get(&handle)
        .unwrap()
        .handles
        .iter()
        .filter_map(|h| files.get(&h.clone().typed::<ScenarioFile>()).cloned())
        .collect()
}

#[test]
fn the_asset_loader_reads_the_folder_and_a_dropped_in_file() {
    let loaded = load_through_bevy(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios"
    )));
    let mut numbers: Vec<u32> = loaded
        .iter()
        .map(|f| f.scenario.as_ref().unwrap_or_else(|e| panic!("{e}")).number)
        .collect();
    numbers.sort();
    assert_eq!(numbers, (1..=22).collect::<Vec<_>>());
    // A player drops a new scenario and a broken one into a folder.
    let dir = std::env::temp_dir().join(format!("bw-drop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in SHIPPED.iter().take(2) {
        std::fs::write(dir.join(name), text).unwrap();
    }
    std::fs::write(
        dir.join("40-mine.ron"),
        SHIPPED[5].1.replace("number: 6,", "number: 40,"),
    )
    .unwrap();
    std::fs::write(dir.join("41-broken.ron"), "(number: 41,").unwrap();
    let loaded = load_through_bevy(&dir);
    assert_eq!(loaded.len(), 4, "every file loads, the broken one as its message");
    assert!(
        loaded
            .iter()
            .any(|f| f.scenario.as_ref().is_ok_and(|s| s.number == 40))
    );
    assert!(
        loaded
            .iter()
            .any(|f| f.scenario.as_ref().is_err_and(|e| e.starts_with("1:")))
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// The player's folder as the app watches it: the catalogue's mods.
fn mods_in(app: &App) -> Vec<(String, Result<u32, String>)> {
    app.world()
        .resource::<Catalogue>()
        .entries
        .iter()
        .filter(|e| e.origin == Origin::Mod)
        .map(|e| {
            (
                e.file.clone(),
                e.scenario.as_ref().map(|s| s.number).map_err(Clone::clone),
            )
        })
        .collect()
}

fn update_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let started = Instant::now();
    while !done(app) {
        app.update();
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "{what}: {:?}",
            mods_in(app)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_player_folder_is_listed_as_mods_and_watched_while_the_game_runs() {
    let dir = std::env::temp_dir().join(format!("bw-mods-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("40-mine.ron"),
        SHIPPED[5].1.replace("number: 6,", "number: 40,"),
    )
    .unwrap();
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    app.insert_resource(ModsFolder(Some(dir.clone())));
    mods::register_source(&mut app);
    app.add_plugins(AssetPlugin::default());
    app.add_plugins((scenario_assets::plugin, catalogue::plugin, mods::plugin));
    update_until(&mut app, "the mod is listed", |app| {
        mods_in(app) == [("40-mine.ron".into(), Ok(40))]
    });
    let shipped = app
        .world()
        .resource::<Catalogue>()
        .entries
        .iter()
        .filter(|e| e.origin == Origin::Shipped)
        .count();
    assert_eq!(shipped, 22);

    // Dropped in and saved again while the game runs: seen within seconds.
    std::fs::write(dir.join("41-broken.ron"), "(number: 41,").unwrap();
    std::thread::sleep(Duration::from_millis(1100));
    std::fs::write(
        dir.join("40-mine.ron"),
        SHIPPED[5].1.replace("number: 6,", "number: 42,"),
    )
    .unwrap();
    update_until(&mut app, "the change and the broken file", |app| {
        let mods = mods_in(app);
        mods.len() == 2 && mods[0].1 == Ok(42) && mods[1].1.as_ref().is_err_and(|e| e.starts_with("1:"))
    });
    std::fs::remove_file(dir.join("41-broken.ron")).unwrap();
    update_until(&mut app, "the removed file leaves", |app| mods_in(app).len() == 1);
    std::fs::remove_dir_all(dir).unwrap();
}

/// The platform's watcher names a file dropped into the folder, so the
/// folder is looked at when it changes rather than on a clock.
#[test]
fn the_platform_watcher_names_a_file_dropped_into_the_folder() {
    use black_and_white::games::wargame::battle::folder_watch::{FolderWatch, names};
    let dir = std::env::temp_dir().join(format!("bw-watch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let watch = FolderWatch::start(Some(&dir));
    assert_eq!(watch.changed(), Some(Vec::new()), "watched, and quiet");
    std::fs::write(dir.join("43-new.ron"), "(number: 43,").unwrap();
    let started = Instant::now();
    loop {
        let named = watch.changed().expect("still watched");
        if named.iter().any(|p| names(p, "43-new.ron")) {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the new file was never named"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        !names(&dir.join("43-new.ron"), "43-new"),
        "names match whole file names"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

const BROKEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios/broken");

#[test]
fn each_broken_scenario_gives_its_message_at_its_place() {
    let mut checked = 0;
    for entry in std::fs::read_dir(BROKEN).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("expected")).unwrap();
        let problems = check_text(&text).expect_err(&format!("{} should be broken", path.display()));
        let got: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(got, expected.lines().collect::<Vec<_>>(), "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} broken scenarios");
}

#[test]
fn validate_reports_file_line_column_and_fails_on_any_broken_file() {
    let dir = std::env::temp_dir().join(format!("bw-validate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = std::fs::read_to_string(format!("{BROKEN}/../../../scenarios/06-the-old-fort.ron")).unwrap();
    let mine = good.replace("number: 6,", "number: 40,");
    std::fs::write(dir.join("mine.ron"), &mine).unwrap();
    std::fs::write(dir.join("twin.ron"), &mine).unwrap();
    std::fs::write(dir.join("copy.ron"), good.replace("The Old Fort", "My Fort")).unwrap();
    let run = |files: &[std::path::PathBuf]| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_black-and-white"))
            .arg("validate")
            .args(files)
            .output()
            .unwrap();
        (String::from_utf8(output.stdout).unwrap(), output.status.code())
    };
    let shipped = std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/06-the-old-fort.ron"
    ));
    let (out, code) = run(&[shipped, dir.join("mine.ron")]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("mine.ron: ok, scenario 40 The Old Fort"), "{out}");
    let broken = std::path::PathBuf::from(format!("{BROKEN}/turn-limit-zero.ron"));
    let (out, code) = run(&[
        dir.join("mine.ron"),
        dir.join("twin.ron"),
        dir.join("copy.ron"),
        broken.clone(),
    ]);
    assert_eq!(code, Some(1));
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[1].contains("twin.ron:3:5: number 40 is also the number of"),
        "{out}"
    );
    assert!(
        lines[2].contains("copy.ron:3:5: number 6 belongs to the shipped scenario 06-the-old-fort.ron"),
        "{out}"
    );
    assert_eq!(
        lines[3],
        format!("{}:17:17: turn_limit 0 is not 1 to 50 rounds", broken.display())
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn random_and_mutated_files_always_get_a_message_and_playable_ones_play() {
    use black_and_white::games::wargame::engine::Wargame;
    use black_and_white::games::wargame::engine::state::Setup;
    use black_and_white::rules::Game;
    use black_and_white::rules::GameRng;
    use rand::{RngExt, SeedableRng};

    let mut rng = GameRng::seed_from_u64(2026);
    let alphabet: Vec<char> = "()[]{},:;\"'. fhsm~rFB=0123456789-_abcxyz\n\t\\/*é"
        .chars()
        .collect();
    let started = Instant::now();
    let (mut broken, mut played) = (0, 0);
    for round in 0..3000 {
        let (_, base) = SHIPPED[round % SHIPPED.len()];
        let mut text: Vec<char> = base.chars().collect();
        for _ in 0..rng.random_range(1..6) {
            let at = rng.random_range(0..text.len());
            match rng.random_range(0..5) {
                0 => {
                    text.remove(at);
                }
                1 => text.insert(at, alphabet[rng.random_range(0..alphabet.len())]),
                2 => text[at] = alphabet[rng.random_range(0..alphabet.len())],
                3 => text.truncate(at),
                _ => {
                    let digit = char::from(b'0' + rng.random_range(0..10u8));
                    if text[at].is_ascii_digit() {
                        text[at] = digit;
                    }
                }
            }
            if text.is_empty() {
                break;
            }
        }
        let text: String = if round % 50 == 0 {
            (0..rng.random_range(0..400))
                .map(|_| alphabet[rng.random_range(0..alphabet.len())])
                .collect()
        } else {
            text.into_iter().collect()
        };
        match check_text(&text) {
            Err(problems) => {
                broken += 1;
                assert!(!problems.is_empty());
                let lines = text.lines().count().max(1);
                for p in &problems {
                    assert!(
                        p.line >= 1 && p.line <= lines + 1 && p.column >= 1 && !p.message.is_empty(),
                        "{p}"
                    );
                }
            }
            Ok(scenario) => {
                played += 1;
                let mut game = Wargame::configured(
                    &Setup {
                        scenario,
                        dice: Vec::new(),
                    },
                    round as u64,
                );
                for _ in 0..300 {
                    let Some(seat) = game.to_move() else { break };
                    let action = game.random_action(&mut rng);
                    game.apply(seat, action).expect("random legal actions apply");
                }
            }
        }
    }
    assert!(broken > 1000 && played > 100, "broken {broken}, played {played}");
    assert!(
        started.elapsed() < Duration::from_secs(120),
        "too slow: {:?}",
        started.elapsed()
    );
    assert!(
        check_text(&"x".repeat(70_000)).unwrap_err()[0]
            .message
            .contains("at most 65536")
    );
}

#[test]
fn the_example_in_the_modding_guide_is_valid() {
    let guide = include_str!("../../docs/modding.md");
    let start = guide.find("```ron\n").expect("an example") + "```ron\n".len();
    let example = &guide[start..start + guide[start..].find("```").unwrap()];
    let scenario = check_text(example).unwrap_or_else(|p| panic!("{p:?}"));
    assert_eq!(scenario.number, 40);
}
