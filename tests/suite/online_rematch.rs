//! Rematches: after the end one player offers (seats swapped by default,
//! the wargame on another scenario if asked), the other accepts by asking
//! the same or offers other terms; the server's computer accepts at once.
//! The new game has new tokens and a new code, its watchers follow, and
//! every refusal changes nothing.

use black_and_white::online::hub::{ConnId, Effects};
use black_and_white::rules::GameRng;
use rand::SeedableRng;
use serde_json::{Value, json};

use crate::online::Bench;
use crate::online_hostile::{create, tiles_between};

fn rematch(swap: bool) -> String {
    json!({"type": "rematch", "swap": swap}).to_string()
}

/// The `rematched` line among `effects` for `conn`.
fn rematched(effects: &Effects, conn: ConnId) -> Value {
    Bench::to(effects, conn)
        .into_iter()
        .find(|line| line["type"] == "rematched")
        .unwrap_or_else(|| panic!("no rematch for {conn}: {:?}", Bench::to(effects, conn)))
}

#[test]
fn both_players_agree_and_play_again_with_the_seats_swapped_and_a_watcher_follows() {
    let mut bench = Bench::new();
    let rng = &mut GameRng::seed_from_u64(3);
    let (code, joined, old_tokens) = tiles_between(&mut bench, 1, 2);
    bench.connect(3);
    bench.say(3, &json!({"type": "watch", "code": code}).to_string());
    // Before the end there is no rematch.
    let early = bench.say(1, &rematch(true));
    assert_eq!(
        Bench::to(&early, 1)[0]["message"],
        "the game is not over: a rematch is offered after its end"
    );
    bench.play_to_the_end(joined, rng);
    let offered = bench.say(1, &rematch(true));
    for conn in [1, 2] {
        assert_eq!(
            Bench::to(&offered, conn),
            vec![json!({"type": "rematch_offered", "player": 0, "swap": true})]
        );
    }
    // A counter-offer does not start a game; accepting it does.
    let countered = bench.say(2, &rematch(false));
    assert_eq!(
        Bench::to(&countered, 1),
        vec![json!({"type": "rematch_offered", "player": 1, "swap": false})]
    );
    let accepted = bench.say(1, &rematch(false));
    let (first, second) = (rematched(&accepted, 1), rematched(&accepted, 2));
    assert_eq!(
        (first["player"].clone(), second["player"].clone()),
        (json!(0), json!(1))
    );
    let new_code = first["code"].as_str().unwrap().to_owned();
    assert_ne!(new_code, code);
    assert_eq!(second["code"], new_code.as_str());
    assert_eq!(first["game"], "tiles");
    let tokens = [
        first["token"].as_str().unwrap(),
        second["token"].as_str().unwrap(),
    ];
    assert!(
        tokens
            .iter()
            .all(|token| !old_tokens.iter().any(|old| old == token))
    );
    let watcher = Bench::to(&accepted, 3);
    assert_eq!(
        watcher[..2],
        [
            json!({"type": "watching", "code": new_code, "game": "tiles"}),
            json!({"type": "start", "game": "tiles", "first": watcher[1]["first"]})
        ],
        "the watcher follows to the new game's start"
    );
    assert!(
        accepted
            .sends
            .iter()
            .any(|(conn, line)| *conn == 1 && line["type"] == "start")
    );
    // The new game plays to its end; then the seats swap for the next.
    let seen = bench.play_to_the_end(accepted, rng);
    assert!(
        seen.iter()
            .any(|(conn, line)| *conn == 3 && line["type"] == "end")
    );
    bench.say(2, &rematch(true));
    let again = bench.say(1, &rematch(true));
    assert_eq!(rematched(&again, 1)["player"], 1, "sides swapped");
    assert_eq!(rematched(&again, 2)["player"], 0);
    // The new seat is taken back by its new token.
    let token = rematched(&again, 2)["token"].as_str().unwrap().to_owned();
    bench.hub.disconnect(2, bench.now);
    bench.connect(4);
    let back = bench.say(4, &json!({"type": "resume", "token": token}).to_string());
    assert_eq!(Bench::to(&back, 4)[0]["type"], "resumed");
    assert_eq!(Bench::to(&back, 4)[0]["player"], 0);
}

#[test]
fn the_servers_computer_accepts_at_once_and_a_player_gone_gets_none() {
    let mut bench = Bench::new();
    let rng = &mut GameRng::seed_from_u64(4);
    bench.connect(1);
    let created = bench.say(1, &create("tiles", "easy"));
    bench.play_to_the_end(created, rng);
    let accepted = bench.say(1, &rematch(true));
    assert_eq!(
        rematched(&accepted, 1)["player"],
        1,
        "the person takes the other seat"
    );
    assert!(Bench::to(&accepted, 1).iter().any(|line| line["type"] == "start"));

    // The other player left after the end: no rematch, and nothing changed.
    let (_, joined, _) = tiles_between(&mut bench, 5, 6);
    bench.play_to_the_end(joined, rng);
    bench.say(6, r#"{"type":"leave"}"#);
    let refused = bench.say(5, &rematch(true));
    assert_eq!(
        Bench::to(&refused, 5),
        vec![
            json!({"type": "error", "player": null, "message": "the other player has gone: no rematch; create a new game"})
        ]
    );
    let games = bench.hub.games();
    // Terms a game does not take are refused.
    let scenario = bench.say(5, &json!({"type": "rematch", "scenario": 3}).to_string());
    assert_eq!(
        Bench::to(&scenario, 5)[0]["message"],
        "only the wargame takes a scenario"
    );
    let bad = bench.say(5, &json!({"type": "rematch", "swap": "yes"}).to_string());
    assert_eq!(Bench::to(&bad, 5)[0]["message"], "swap must be true or false");
    assert_eq!(bench.hub.games(), games);
    bench.connect(7);
    let nowhere = bench.say(7, &rematch(true));
    assert_eq!(
        Bench::to(&nowhere, 7)[0]["message"],
        "you are not at a game: a rematch follows a game's end"
    );
}

#[test]
fn a_wargame_rematch_may_change_the_scenario() {
    let mut bench = Bench::new();
    let rng = &mut GameRng::seed_from_u64(5);
    bench.connect(1);
    let created = bench.say(
        1,
        &json!({"type": "create", "game": "wargame", "opponent": "easy", "scenario": 21}).to_string(),
    );
    // The scenario's number, as the first ask's view says it.
    let scenario = |effects: &Effects| {
        Bench::to(effects, 1)
            .into_iter()
            .find(|line| line["type"] == "ask")
            .expect("an ask")["view"]["scenario"]
            .clone()
    };
    assert_eq!(scenario(&created), 21);
    bench.play_to_the_end(created, rng);
    let same = bench.say(1, &rematch(false));
    assert_eq!(scenario(&same), 21, "the same scenario by default");
    bench.play_to_the_end(same, rng);
    let other = bench.say(
        1,
        &json!({"type": "rematch", "swap": false, "scenario": 1}).to_string(),
    );
    assert_eq!(scenario(&other), 1, "scenario 1 this time");
}
