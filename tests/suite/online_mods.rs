//! A player's own scenario online: sent as its file's text, checked by the
//! server with `validate`'s own check (a broken file is refused with its
//! line and column, and nothing is created), listed in the lobby as a mod,
//! and joined only by a player who agrees to it after being told whose
//! scenario it is; the battle is played on it, and a rematch keeps it.

use black_and_white::rules::GameRng;
use rand::SeedableRng;
use serde_json::{Value, json};

use crate::online::Bench;

/// Scenario 21 as a player's own: another number and name.
fn own_scenario() -> String {
    include_str!("../../scenarios/21-tutorial-first-contact.ron")
        .replace("number: 21,", "number: 90,")
        .replace("\"Tutorial: First Contact\"", "\"Fort by the river\"")
}

fn create_on(text: &str) -> String {
    json!({"type": "create", "game": "wargame", "opponent": "person", "public": true, "scenario_file": text})
        .to_string()
}

#[test]
fn a_players_own_scenario_is_checked_listed_as_a_mod_joined_by_consent_and_played() {
    let mut bench = Bench::new();
    for conn in 1..=4 {
        bench.connect(conn);
    }
    bench.say(4, r#"{"type":"lobby"}"#);
    // Broken: refused with where, and nothing made.
    let broken = own_scenario().replace("budget: 20,", "budget: -3,");
    let refused = Bench::to(&bench.say(1, &create_on(&broken)), 1);
    let message = refused[0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("the scenario file does not pass validate: "),
        "{message}"
    );
    assert!(message.contains(':'), "it says where: {message}");
    assert_eq!(bench.hub.games(), 0);
    let tiles =
        json!({"type": "create", "game": "tiles", "opponent": "person", "scenario_file": "()"}).to_string();
    assert_eq!(
        Bench::to(&bench.say(1, &tiles), 1)[0]["message"],
        "only the wargame takes a scenario"
    );
    // Good: listed as a mod, with its name.
    let created = bench.say(1, &create_on(&own_scenario()));
    let code = Bench::to(&created, 1)[0]["code"].as_str().unwrap().to_owned();
    let added = Bench::to(&created, 4);
    assert_eq!(added[0]["seek"]["modded"], "Fort by the river", "{added:?}");
    // Joined by code without consent: told whose scenario, and not seated.
    let join = json!({"type": "join", "code": code}).to_string();
    let told = Bench::to(&bench.say(2, &join), 2);
    assert_eq!(
        told[0]["message"],
        format!(
            "game {code} is played on a player's own scenario, \"Fort by the river\": join with accept_mod to play it"
        )
        .as_str()
    );
    let joined = bench.say(
        2,
        &json!({"type": "join", "code": code, "accept_mod": true}).to_string(),
    );
    assert_eq!(Bench::to(&joined, 2)[0]["type"], "joined");
    // The battle is on the mod: its number in the seat's view.
    let scenario_of = |lines: &[(u64, Value)]| {
        lines
            .iter()
            .find(|(_, line)| line["type"] == "ask")
            .map(|(_, line)| line["view"]["scenario"].clone())
    };
    assert_eq!(scenario_of(&joined.sends), Some(json!(90)));
    let rng = &mut GameRng::seed_from_u64(9);
    bench.play_to_the_end(joined, rng);
    // A rematch on the same terms is on the same scenario.
    bench.say(1, r#"{"type":"rematch","swap":false}"#);
    let again = bench.say(2, r#"{"type":"rematch","swap":false}"#);
    assert_eq!(scenario_of(&again.sends), Some(json!(90)));
}
