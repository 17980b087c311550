//! The lobby's open seeks: a game created with `"public": true` is listed
//! to everyone in the lobby until it begins, is left or expires; those in
//! the lobby are sent each change; a game not public is never listed.

use std::time::Duration;

use black_and_white::online::limits;
use serde_json::{Value, json};

use crate::online::Bench;

const LOBBY: &str = r#"{"type":"lobby"}"#;

fn public(game: &str) -> String {
    json!({"type": "create", "game": game, "opponent": "person", "public": true}).to_string()
}

fn code_of(lines: &[Value]) -> String {
    lines[0]["code"].as_str().unwrap().to_owned()
}

#[test]
fn seeks_are_listed_live_until_they_begin_are_left_or_expire() {
    let mut bench = Bench::new();
    for conn in 1..=8 {
        bench.connect(conn);
    }
    let entered = bench.say(1, LOBBY);
    assert_eq!(
        Bench::to(&entered, 1),
        vec![json!({"type": "seeks", "seeks": []})]
    );

    let created = bench.say(2, &public("tiles"));
    let code = code_of(&Bench::to(&created, 2));
    assert_eq!(
        Bench::to(&created, 1),
        vec![json!({"type": "seek_added", "seek": {"code": code, "game": "tiles", "by": "a guest"}})]
    );
    // A game for a friend's code alone is not listed.
    let private = bench.say(
        3,
        &json!({"type": "create", "game": "bidding", "opponent": "person"}).to_string(),
    );
    assert!(Bench::to(&private, 1).is_empty());
    let wargame = bench.say(
        6,
        &json!({"type": "create", "game": "wargame", "opponent": "person", "scenario": 3, "public": true})
            .to_string(),
    );
    let wargame_code = code_of(&Bench::to(&wargame, 6));
    // One who comes now is sent both, oldest first.
    let later = Bench::to(&bench.say(4, LOBBY), 4);
    assert_eq!(
        later,
        vec![json!({"type": "seeks", "seeks": [
            {"code": code, "game": "tiles", "by": "a guest"},
            {"code": wargame_code, "game": "wargame", "scenario": 3, "by": "a guest"},
        ]})]
    );
    // Joined: gone from the list, for everyone in the lobby.
    let joined = bench.say(5, &json!({"type": "join", "code": code}).to_string());
    let removed = json!({"type": "seek_removed", "code": code});
    assert_eq!(Bench::to(&joined, 1), vec![removed.clone()]);
    assert_eq!(Bench::to(&joined, 4), vec![removed]);
    // Left by its creator: gone.
    let left = bench.say(6, r#"{"type":"leave"}"#);
    assert_eq!(
        Bench::to(&left, 1),
        vec![json!({"type": "seek_removed", "code": wargame_code})]
    );
    // Expired: gone at the sweep; one who left the lobby hears nothing.
    let expiring = code_of(&Bench::to(&bench.say(7, &public("betting")), 7));
    bench.hub.disconnect(4, bench.now);
    bench.now += limits::WAITING + Duration::from_secs(2);
    let ticked = bench.hub.tick(bench.now);
    assert_eq!(
        Bench::to(&ticked, 1),
        vec![json!({"type": "seek_removed", "code": expiring})]
    );
    assert!(Bench::to(&ticked, 4).is_empty());
    assert_eq!(
        Bench::to(&bench.say(8, LOBBY), 8),
        vec![json!({"type": "seeks", "seeks": []})]
    );
    // Only a game against a person is listed.
    let refused = bench.say(
        8,
        &json!({"type": "create", "game": "tiles", "opponent": "easy", "public": true}).to_string(),
    );
    assert_eq!(
        Bench::to(&refused, 8)[0]["message"],
        "only a game against a person is listed in the lobby or rated"
    );
}
