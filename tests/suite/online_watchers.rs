//! Spectators: a watcher of any of the four games reads exactly what is
//! public at its table (no line addressed to a seat, no `ask`, no
//! record before the end), whether it came while the game waited, while
//! it was played, or after its end; after the end it gets the whole
//! record. A watcher acts for nobody.

use std::thread;

use black_and_white::games::betting::engine::Betting;
use black_and_white::games::bidding::engine::Bidding;
use black_and_white::games::tiles::engine::Tiles;
use black_and_white::games::wargame::engine::Wargame;
use black_and_white::online::client::{Client, random_move};
use black_and_white::online::table;
use black_and_white::rules::{GameRng, Playable};
use rand::SeedableRng;
use serde_json::{Value, json};

use crate::online::{Bench, LOBBY, TestStore, on_both_stores, play_out, serve};
use crate::online_hostile::tiles_between;

/// A watcher of game `code` from now until its record.
fn watcher(url: &str, code: &str) -> thread::JoinHandle<Vec<Value>> {
    let url = url.to_owned();
    let code = code.to_owned();
    thread::spawn(move || {
        let mut watcher = Client::connect(&url).unwrap();
        watcher.send(&json!({"type": "watch", "code": code})).unwrap();
        watcher.until("record").unwrap();
        let received = watcher
            .received
            .iter()
            .map(|text| serde_json::from_str(text).unwrap())
            .collect();
        watcher.close();
        received
    })
}

/// A watcher of game `code` and of its rematch: what it read of each,
/// from its `watching` to its record.
pub fn watcher_of_two(url: &str, code: &str) -> thread::JoinHandle<[Vec<Value>; 2]> {
    let url = url.to_owned();
    let code = code.to_owned();
    thread::spawn(move || {
        let mut watcher = Client::connect(&url).unwrap();
        watcher.send(&json!({"type": "watch", "code": code})).unwrap();
        watcher.until("record").unwrap();
        let first = watcher.received.len();
        watcher.until("record").unwrap();
        let lines: Vec<Value> = watcher
            .received
            .iter()
            .map(|text| serde_json::from_str(text).unwrap())
            .collect();
        watcher.close();
        [lines[..first].to_vec(), lines[first..].to_vec()]
    })
}

/// Proves that a watcher read the game's public lines and nothing else:
/// its game lines are exactly the stored game's public transcript, none
/// is addressed to a seat, and the record comes once, after the `end`,
/// the same as the store's.
pub fn read_only_the_public_side<G: Playable>(store: &TestStore, code: &str, received: &[Value]) {
    let (opening, steps) = store.open().record(code).unwrap();
    let expected = table::reopen(&opening, &steps).unwrap().transcript(None);
    assert_eq!(expected.last().unwrap()["type"], "end");
    assert!(expected.iter().all(|line| line["type"] != "ask"));
    assert_eq!(received[0]["type"], "watching", "{:?}", received[0]);
    assert_eq!(received[0]["game"], G::ID.id());
    let game_lines: Vec<&Value> = received
        .iter()
        .filter(|line| {
            let kind = line["type"].as_str().unwrap();
            !LOBBY.contains(&kind) && kind != "watching" && kind != "record"
        })
        .collect();
    assert!(
        game_lines.iter().all(|line| line.get("to").is_none()),
        "a private line reached a watcher"
    );
    assert_eq!(
        game_lines,
        expected.iter().collect::<Vec<_>>(),
        "the watcher read exactly the public transcript"
    );
    let records: Vec<usize> = (0..received.len())
        .filter(|&n| received[n]["type"] == "record")
        .collect();
    let end = received.iter().position(|line| line["type"] == "end").unwrap();
    assert_eq!(records.len(), 1, "one record");
    assert!(records[0] > end, "the record only after the end");
    let record = table::record_of::<G>(&opening, &steps).unwrap();
    assert_eq!(
        received[records[0]]["record"],
        serde_json::to_value(&record).unwrap()
    );
}

/// Two clients play a game of `G` while one watcher came as it waited
/// and another as it was played (or still waited: the race is part of
/// the test); a third watches it after its end, once nobody holds it.
fn watched_game<G: Playable>(url: &str, store: &TestStore, create: Value, seed: u64) {
    let mut host = Client::connect(url).unwrap();
    host.send(&create).unwrap();
    let code = host.until("created").unwrap()["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let early = watcher(url, &code);
    // The watcher is counted before the guest joins.
    thread::sleep(std::time::Duration::from_millis(50));
    let guest = {
        let (url, code) = (url.to_owned(), code.clone());
        thread::spawn(move || {
            let mut guest = Client::connect(&url).unwrap();
            guest.send(&json!({"type": "join", "code": code})).unwrap();
            play_out(&mut guest, seed + 1);
            guest.close();
        })
    };
    let during = watcher(url, &code);
    play_out(&mut host, seed);
    host.close();
    guest.join().unwrap();
    for received in [early.join().unwrap(), during.join().unwrap()] {
        read_only_the_public_side::<G>(store, &code, &received);
    }
    let after = watcher(url, &code).join().unwrap();
    read_only_the_public_side::<G>(store, &code, &after);
}

on_both_stores! {
fn a_watcher_of_every_game_reads_only_what_is_public_and_the_record_after_the_end(store) {
    let url = serve(&store);
    watched_game::<Tiles>(&url, &store, json!({"type": "create", "game": "tiles", "opponent": "person"}), 11);
    watched_game::<Bidding>(&url, &store, json!({"type": "create", "game": "bidding", "opponent": "person"}), 12);
    watched_game::<Betting>(&url, &store, json!({"type": "create", "game": "betting", "opponent": "person"}), 13);
    watched_game::<Wargame>(
        &url,
        &store,
        json!({"type": "create", "game": "wargame", "opponent": "person", "scenario": 21}),
        14,
    );
}
}

#[test]
fn a_watcher_acts_for_nobody_and_a_seat_cannot_watch() {
    let mut bench = Bench::new();
    let (code, joined, _) = tiles_between(&mut bench, 1, 2);
    bench.connect(3);
    let watching = Bench::to(
        &bench.say(
            3,
            &json!({"type": "watch", "code": code.to_lowercase()}).to_string(),
        ),
        3,
    );
    assert_eq!(watching[0]["type"], "watching", "{watching:?}");
    assert_eq!(watching.last().unwrap()["type"], "caught_up");
    let steps = watching.last().unwrap()["steps"].clone();
    // The move of the seat to move, sent by the watcher: refused, nothing played.
    let ask = Bench::to(&joined, 1)
        .into_iter()
        .chain(Bench::to(&joined, 2))
        .find(|l| l["type"] == "ask")
        .unwrap();
    let refused = Bench::to(
        &bench.say(
            3,
            &json!({"player": ask["player"], "action": {"tile": 0}}).to_string(),
        ),
        3,
    );
    assert_eq!(refused[0]["type"], "error");
    assert_eq!(refused[0]["message"], "create or join a game before you move");
    for (request, why) in [
        (
            json!({"type": "join", "code": code}),
            format!("you are watching game {code}: leave it first"),
        ),
        (
            json!({"type": "create", "game": "tiles", "opponent": "easy"}),
            format!("you are watching game {code}: leave it first"),
        ),
        (
            json!({"type": "watch", "code": code}),
            format!("you are watching game {code}: leave it first"),
        ),
    ] {
        let lines = Bench::to(&bench.say(3, &request.to_string()), 3);
        assert_eq!(lines[0]["message"], why.as_str(), "{request}");
    }
    // A seat may not watch; an unknown code is said so.
    let lines = Bench::to(
        &bench.say(1, &json!({"type": "watch", "code": code}).to_string()),
        1,
    );
    assert_eq!(
        lines[0]["message"],
        format!("you are at game {code}: leave it first").as_str()
    );
    bench.connect(4);
    let lines = Bench::to(&bench.say(4, r#"{"type":"watch","code":"ZZZZZ"}"#), 4);
    assert_eq!(lines[0]["message"], "no game has the code ZZZZZ");
    // Nothing of that changed the game: a watcher who comes now is caught
    // up to the same step.
    let again = Bench::to(
        &bench.say(4, &json!({"type": "watch", "code": code}).to_string()),
        4,
    );
    assert_eq!(again.last().unwrap()["steps"], steps);
    // A watcher who leaves is told bye and sent nothing more; the one
    // who stays sees the end and the record.
    let bye = Bench::to(&bench.say(3, r#"{"type":"leave"}"#), 3);
    assert_eq!(bye[0]["type"], "bye");
    let mut rng = GameRng::seed_from_u64(5);
    let mut effects = joined;
    let mut seen = Vec::new();
    while !seen.iter().any(|line: &Value| line["type"] == "record") {
        let (conn, ask) = effects
            .sends
            .iter()
            .rfind(|(_, line)| line["type"] == "ask")
            .cloned()
            .unwrap();
        effects = bench.say(conn, &random_move(&ask, &mut rng).to_string());
        assert!(
            Bench::to(&effects, 3).is_empty(),
            "a watcher who left is sent nothing"
        );
        seen.extend(Bench::to(&effects, 4));
    }
    assert!(seen.iter().any(|line| line["type"] == "end"));
}
