//! A rulebook of the player's own: a scenario that names one (a changed
//! unit card, a new commander) validates, plays on the book's cards and
//! only on them, and its replay is refused where the book has not been
//! read; a broken book is refused with what to fix.

use black_and_white::cli::validate;
use black_and_white::games::wargame::engine::data::Rulebook;
use black_and_white::games::wargame::engine::rulebooks;
use black_and_white::games::wargame::engine::scenario::Scenario;
use black_and_white::games::wargame::engine::shipped::find;
use black_and_white::games::wargame::engine::state::{Action, Placement, Setup, Wargame};
use black_and_white::replay::file::{About, Player, Replay};
use black_and_white::rules::{Game, GameRng, Match};
use rand::SeedableRng;

const FOLDER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios/modded");

fn book_text() -> String {
    std::fs::read_to_string(format!("{FOLDER}/rulebooks/veterans.ron")).unwrap()
}

/// The modded scenario on the book read under `name` (each test its own,
/// as the tests share the program's books).
fn modded(name: &str) -> Scenario {
    rulebooks::keep(name, rulebooks::read(name, &book_text()).unwrap());
    let mut scenario = find(&format!("{FOLDER}/60-veterans-stand.ron")).unwrap();
    scenario.rulebook = Some(name.into());
    scenario.check().unwrap();
    scenario
}

#[test]
fn validate_reads_the_book_beside_the_scenario() {
    let files = [
        format!("{FOLDER}/rulebooks/veterans.ron").into(),
        format!("{FOLDER}/60-veterans-stand.ron").into(),
    ];
    let mut out = Vec::new();
    assert!(validate::run(&files, &mut out).unwrap());
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("ok, rulebook `veterans`: 18 unit cards, 7 commanders"),
        "{out}"
    );
    assert!(out.contains("ok, scenario 60 Veterans' Stand"), "{out}");
}

#[test]
fn a_battle_on_a_book_uses_its_cards_and_only_them() {
    let scenario = modded("veterans-cards");
    let card = Rulebook::get().unit("veterans-cards/line_infantry").unwrap();
    assert_eq!(
        (card.name.as_str(), card.melee, card.cost),
        ("Veteran line infantry", 3, 4)
    );
    assert_eq!(
        Rulebook::get().unit("line_infantry").unwrap().melee,
        2,
        "the shipped card is unchanged"
    );

    let game = Wargame::configured(&Setup::with_commanders(&scenario, true), 1);
    let army = |class: &str| {
        vec![Placement {
            class: class.into(),
            at: black_and_white::games::wargame::engine::Coord(2, 0),
        }]
    };
    let seat = game.whose_move().unwrap();
    let black = |commander: Option<&str>, class: &str| Action::Build {
        commander: commander.map(Into::into),
        army: army(class),
    };
    if seat == 0 {
        game.check(
            0,
            &black(
                Some("veterans-cards/general_brand"),
                "veterans-cards/line_infantry",
            ),
        )
        .expect("the new commander and the changed card are bought");
        let refused = game.check(0, &black(None, "line_infantry")).unwrap_err();
        assert!(refused.contains("unknown class `line_infantry`"), "{refused}");
    }
    // A shipped battle does not buy a book's card.
    let shipped = find("1").unwrap();
    let game = Wargame::configured(&Setup::with_commanders(&shipped, true), 1);
    if game.whose_move() == Some(0) {
        let refused = game
            .check(0, &black(None, "veterans-cards/line_infantry"))
            .unwrap_err();
        assert!(refused.contains("unknown class"), "{refused}");
    }

    // Random battles to their end, on the book's cards.
    for seed in 0..6 {
        let playout = black_and_white::rules::playout::random_playout_with::<Wargame>(
            &Setup::with_commanders(&scenario, true),
            seed,
            20_000,
        )
        .unwrap();
        let last = playout.states.last().unwrap();
        assert!(last.units.iter().all(|u| u.class.starts_with("veterans-cards/")));
    }
}

#[test]
fn a_replay_on_a_book_is_refused_where_the_book_is_not_read() {
    let scenario = modded("veterans-replay");
    let mut played = Match::<Wargame>::new(&Setup::with_commanders(&scenario, true), 7);
    let mut rng = GameRng::seed_from_u64(7);
    while let Some(seat) = played.game().to_move() {
        let action = played.game().random_action(&mut rng);
        played.apply(seat, action).unwrap();
    }
    let players = [0, 1].map(|s| Player {
        name: format!("Player {}", s + 1),
        computer: None,
    });
    let text = Replay::of(&played, About::now(players)).unwrap().to_text();
    let replay = Replay::<Wargame>::from_text(&text).unwrap();
    assert_ne!(
        replay.about.data.as_deref(),
        Some(Rulebook::get().fingerprint().as_str()),
        "the replay keeps the book's fingerprint, not the shipped data's"
    );
    replay.check().expect("where the book is read, the replay plays");

    rulebooks::forget("veterans-replay");
    let Err(refusal) = Replay::<Wargame>::from_text(&text).unwrap().check() else {
        panic!("a replay on a book not read was played");
    };
    assert!(
        refusal.contains("rulebook `veterans-replay`, which this game has not read")
            && refusal.contains("rulebooks/veterans-replay.ron"),
        "{refusal}"
    );
    // And a scenario naming it no longer validates, with what to do.
    let flaws = scenario.check().unwrap_err();
    assert!(flaws[0].message.contains("has not been read"), "{flaws:?}");
}

#[test]
fn a_broken_rulebook_is_refused_with_what_to_fix() {
    let text = book_text();
    for (from, to, says) in [
        ("emblem: bar", "emblem: plain", "would look alike on the board"),
        (
            "size: 3, abilities: [volley]",
            "size: 7, abilities: [volley]",
            "size 7 is not 1 to 4",
        ),
        ("melee: 3,", "melee: \"three\",", "9:31: Expected integer"),
        (
            "name: \"General Brand\"",
            "name: \"\"",
            "the name must be 1 to 40",
        ),
    ] {
        assert!(text.contains(from), "{from}");
        let broken = text.replacen(from, to, 1);
        let refused = rulebooks::read("broken", &broken).unwrap_err();
        assert!(refused.contains(says), "{to}: {refused}");
    }
    let refused = rulebooks::read("bad name", &text).unwrap_err();
    assert!(refused.contains("cannot name a rulebook"), "{refused}");
    let refused = rulebooks::read("empty", "(name: \"Nothing\")").unwrap_err();
    assert!(refused.contains("changes nothing"), "{refused}");
}

#[test]
fn the_players_folder_reads_its_rulebooks_and_lists_the_scenarios_on_them() {
    use std::time::{Duration, Instant};

    use bevy::asset::AssetPlugin;
    use bevy::prelude::*;
    use black_and_white::games::wargame::battle::catalogue::{self, Catalogue, Origin};
    use black_and_white::games::wargame::battle::mods::{self, ModsFolder};
    use black_and_white::games::wargame::battle::scenario_assets;

    let dir = std::env::temp_dir().join(format!("bw-rulebooks-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("rulebooks")).unwrap();
    std::fs::write(dir.join("rulebooks/veterans-app.ron"), book_text()).unwrap();
    std::fs::write(
        dir.join("rulebooks/clumsy.ron"),
        book_text().replace("emblem: bar", "emblem: plain"),
    )
    .unwrap();
    let scenario = std::fs::read_to_string(format!("{FOLDER}/60-veterans-stand.ron"))
        .unwrap()
        .replace("Some(\"veterans\")", "Some(\"veterans-app\")");
    std::fs::write(dir.join("60-veterans-stand.ron"), scenario).unwrap();

    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    app.insert_resource(ModsFolder(Some(dir.clone())));
    mods::register_source(&mut app);
    app.add_plugins(AssetPlugin::default());
    app.add_plugins((scenario_assets::plugin, catalogue::plugin, mods::plugin));
    let mods = |app: &App| -> Vec<(String, Result<u32, String>)> {
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
    };
    let started = Instant::now();
    loop {
        app.update();
        let listed = mods(&app);
        let playable = listed
            .iter()
            .any(|(f, s)| f == "60-veterans-stand.ron" && *s == Ok(60));
        let broken = listed
            .iter()
            .any(|(f, s)| f == "rulebooks/clumsy.ron" && s.as_ref().is_err_and(|e| e.contains("look alike")));
        if playable && broken {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "{listed:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(
        Rulebook::get()
            .unit("veterans-app/line_infantry")
            .map(|c| c.melee),
        Some(3),
        "the book was kept for the battles on it"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
