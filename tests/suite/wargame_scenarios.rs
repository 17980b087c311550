//! The shipped data: every scenario file loads and validates (without Bevy
//! and through the Bevy asset loader), the 22 are really different, and the
//! cards keep to the brief's numbers.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use bevy::asset::AssetPlugin;
use bevy::asset::LoadedFolder;
use bevy::prelude::*;
use black_and_white::games::wargame::data::{Faction, Rulebook};
use black_and_white::games::wargame::scenario::{Goal, SHIPPED, Scenario, ScenarioKind};
use black_and_white::games::wargame::scenario_assets::{self, ScenarioFile};

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
        match expected {
            ScenarioKind::Skirmish | ScenarioKind::Tutorial => {
                assert_eq!(tokens, [3, 3], "{name}");
                assert!(matches!(goals, [Goal::Points(_), Goal::Points(_)]), "{name}");
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
            }
        }
        assert!(
            maps.insert(scenario.map.clone()),
            "{name}: the same map as another scenario"
        );
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
fn the_asset_loader_reads_the_scenario_folder() {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    scenario_assets::register_source(&mut app);
    app.add_plugins(AssetPlugin::default());
    app.add_plugins(scenario_assets::plugin);
    let folder: Handle<LoadedFolder> = app
        .world()
        .resource::<AssetServer>()
        .load_folder(bevy::asset::AssetPath::from("").with_source(scenario_assets::SOURCE));
    let started = Instant::now();
    loop {
        app.update();
        let server = app.world().resource::<AssetServer>();
        if server.is_loaded_with_dependencies(&folder) {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the folder did not load"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let folders = app.world().resource::<Assets<LoadedFolder>>();
    let files = app.world().resource::<Assets<ScenarioFile>>();
    let loaded: Vec<&ScenarioFile> = folders
        .get(&folder)
        .unwrap()
        .handles
        .iter()
        .filter_map(|h| files.get(&h.clone().typed::<ScenarioFile>()))
        .collect();
    assert_eq!(loaded.len(), 22);
    let mut numbers: Vec<u32> = loaded
        .iter()
        .map(|f| f.scenario.as_ref().unwrap_or_else(|e| panic!("{e}")).number)
        .collect();
    numbers.sort();
    assert_eq!(numbers, (1..=22).collect::<Vec<_>>());
}
