//! Correspondence games: days per move instead of minutes. A wargame left
//! by both players waits on the server, is listed among each player's
//! games after a restart (whose move, and when it is due), and is taken
//! back by account or by token and played to its end (the hub over the
//! same store, and the server's process killed and started again); the
//! three minutes' abandonment does not apply, the days per move do.

use std::time::Duration;

use black_and_white::online::client::{Client, random_move};
use black_and_white::online::hub::Effects;
use black_and_white::online::limits;
use black_and_white::replay::{iso, now_seconds};
use black_and_white::rules::GameRng;
use rand::SeedableRng;
use serde_json::{Value, json};

use crate::online::{Bench, TestStore, on_both_stores, play_out, serve_process_on};

fn sign(bench: &mut Bench, conn: u64, kind: &str, name: &str) -> Vec<Value> {
    bench.connect(conn);
    let text = json!({"type": kind, "name": name, "password": format!("{name}'s password")}).to_string();
    Bench::to(&bench.say(conn, &text), conn)
}

/// Answers the last ask `n` times.
fn moves(bench: &mut Bench, mut effects: Effects, n: usize, rng: &mut GameRng) -> Effects {
    for _ in 0..n {
        let Some((conn, ask)) = effects
            .sends
            .iter()
            .rfind(|(_, line)| line["type"] == "ask")
            .cloned()
        else {
            break;
        };
        effects = bench.say(conn, &random_move(&ask, rng).to_string());
    }
    effects
}

const WARGAME_BY_POST: &str =
    r#"{"type":"create","game":"wargame","opponent":"person","scenario":21,"days":3}"#;

on_both_stores! {
fn a_correspondence_wargame_waits_across_a_restart_and_is_taken_back_by_account_and_token(store) {
    let rng = &mut GameRng::seed_from_u64(21);
    let (code, bob_token) = {
        let mut bench = Bench::over(store.open());
        sign(&mut bench, 1, "sign_up", "Ann");
        sign(&mut bench, 2, "sign_up", "Bob");
        let created = Bench::to(&bench.say(1, WARGAME_BY_POST), 1);
        let code = created[0]["code"].as_str().unwrap().to_owned();
        let joined = bench.say(2, &json!({"type": "join", "code": code}).to_string());
        let bob_token = Bench::to(&joined, 2)[0]["token"].as_str().unwrap().to_owned();
        let played = moves(&mut bench, joined, 6, rng);
        // Three minutes away is nothing in a game of days.
        bench.hub.disconnect(2, bench.now);
        bench.now += limits::ABANDON + Duration::from_secs(5);
        let ticked = bench.hub.tick(bench.now);
        assert!(Bench::to(&ticked, 1).iter().all(|line| line["type"] != "left"), "{:?}", Bench::to(&ticked, 1));
        drop(played);
        (code, bob_token)
    };
    // The server restarts: Ann signs in and finds the game in her list.
    let mut bench = Bench::over(store.open());
    sign(&mut bench, 3, "sign_in", "Ann");
    let mine = Bench::to(&bench.say(3, r#"{"type":"my_games"}"#), 3);
    let games = mine[0]["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{mine:?}");
    assert_eq!(games[0]["code"], code.as_str());
    assert_eq!(games[0]["game"], "wargame");
    assert_eq!(games[0]["opponent"], "Bob");
    assert_eq!(games[0]["days"], 3);
    let due = games[0]["due"].as_str().unwrap();
    assert!(due > iso(now_seconds() + 2 * 86_400).as_str(), "due in three days: {due}");
    // Ann takes her seat back by her account alone; Bob by his token.
    let returned = bench.say(3, &json!({"type": "return", "code": code}).to_string());
    let lines = Bench::to(&returned, 3);
    assert_eq!(lines[0]["type"], "returned", "{lines:?}");
    assert_eq!(lines[0]["player"], 0);
    assert!(lines.iter().any(|line| line["type"] == "caught_up"));
    bench.connect(4);
    let resumed = bench.say(4, &json!({"type": "resume", "token": bob_token}).to_string());
    assert_eq!(Bench::to(&resumed, 4)[0]["type"], "resumed");
    // A second account cannot take Ann's seat by its code.
    sign(&mut bench, 5, "sign_up", "Eve");
    let refused = Bench::to(&bench.say(5, &json!({"type": "return", "code": code}).to_string()), 5);
    assert_eq!(refused[0]["message"], format!("you have no seat in game {code}").as_str());
    // The game plays to its end.
    let mut effects = Effects::default();
    effects.absorb(returned);
    effects.absorb(resumed);
    let end = moves(&mut bench, effects, 20_000, rng);
    assert!(end.sends.iter().any(|(_, line)| line["type"] == "end") || bench.hub.games() == 0);
    let after = Bench::to(&bench.say(3, r#"{"type":"my_games"}"#), 3);
    assert_eq!(after[0]["games"], json!([]), "over: no longer among her games");
}
}

on_both_stores! {
fn a_correspondence_player_who_lets_the_days_pass_loses_the_seat(store) {
    let code = {
        let mut bench = Bench::over(store.open());
        sign(&mut bench, 1, "sign_up", "Ann");
        sign(&mut bench, 2, "sign_up", "Bob");
        let created = Bench::to(
            &bench.say(1, r#"{"type":"create","game":"tiles","opponent":"person","days":1,"rated":true}"#),
            1,
        );
        let code = created[0]["code"].as_str().unwrap().to_owned();
        bench.say(2, &json!({"type": "join", "code": code}).to_string());
        code
    };
    // A correspondence seek says so in the lobby.
    {
        let mut bench = Bench::over(store.open());
        bench.connect(7);
        bench.say(7, r#"{"type":"lobby"}"#);
        bench.connect(8);
        let listed = bench.say(8, r#"{"type":"create","game":"bidding","opponent":"person","public":true,"days":5}"#);
        assert_eq!(Bench::to(&listed, 7)[0]["seek"]["days"], 5);
    }
    // The last move was two days ago.
    store.open().moved(&code, &iso(now_seconds() - 2 * 86_400)).unwrap();
    let mut bench = Bench::over(store.open());
    sign(&mut bench, 3, "sign_in", "Ann");
    let returned = bench.say(3, &json!({"type": "return", "code": code}).to_string());
    assert_eq!(Bench::to(&returned, 3)[0]["type"], "returned");
    let ticked = bench.hub.tick(bench.now);
    let ticked = bench.think(ticked);
    let all: Vec<Value> = returned.sends.iter().chain(&ticked.sends).map(|(_, line)| line.clone()).collect();
    let left = all.iter().find(|line| line["type"] == "left").expect("the late seat is the computer's");
    assert_eq!(left["away_s"], 86_400, "{left}");
}
}

on_both_stores! {
fn a_correspondence_wargame_is_left_and_played_on_after_the_server_process_restarts(store) {
    let (mut server, url) = serve_process_on(&store, 0);
    let port: u16 = url.rsplit(':').next().unwrap().parse().unwrap();
    let signed_up = |name: &str| {
        let mut client = Client::connect(&url).unwrap();
        client
            .send(&json!({"type": "sign_up", "name": name, "password": format!("{name}'s password")}))
            .unwrap();
        client.until("signed_in").unwrap();
        client
    };
    let (mut ann, mut bob) = (signed_up("Ann"), signed_up("Bob"));
    ann.send(&serde_json::from_str::<Value>(WARGAME_BY_POST).unwrap()).unwrap();
    let code = ann.until("created").unwrap()["code"].as_str().unwrap().to_owned();
    bob.send(&json!({"type": "join", "code": code})).unwrap();
    let bob_token = bob.until("joined").unwrap()["token"].as_str().unwrap().to_owned();
    // Each makes a move (each side's army, in turn); then both leave and
    // the server dies.
    let one_move = |mut client: Client, seed: u64| {
        std::thread::spawn(move || {
            let ask = client.until("ask").unwrap();
            client.send(&random_move(&ask, &mut GameRng::seed_from_u64(seed))).unwrap();
            client
        })
    };
    let (ann, bob) = (one_move(ann, 1), one_move(bob, 2));
    let (ann, bob) = (ann.join().unwrap(), bob.join().unwrap());
    // Kept before it is answered: once the store has it, the move is made.
    let kept = std::time::Instant::now();
    while store.open().record(&code).unwrap().1.len() < 2 {
        assert!(kept.elapsed() < Duration::from_secs(10), "the move is kept");
        std::thread::sleep(Duration::from_millis(10));
    }
    drop((ann, bob));
    server.kill();
    let (_server, url) = serve_process_on(&store, port);
    // Ann signs in again, finds the game, and takes her seat by account;
    // Bob takes his by token; they play it to its end.
    let mut ann = Client::connect(&url).unwrap();
    ann.send(&json!({"type": "sign_in", "name": "ann", "password": "Ann's password"})).unwrap();
    ann.until("signed_in").unwrap();
    ann.send(&json!({"type": "my_games"})).unwrap();
    let mine = ann.until("my_games").unwrap();
    assert_eq!(mine["games"][0]["code"], code.as_str(), "{mine}");
    assert_eq!(mine["games"][0]["days"], 3);
    ann.send(&json!({"type": "return", "code": code})).unwrap();
    assert_eq!(ann.until("returned").unwrap()["player"], 0);
    let bob_url = url.clone();
    let bob = std::thread::spawn(move || {
        let mut bob = Client::connect(&bob_url).unwrap();
        bob.send(&json!({"type": "resume", "token": bob_token})).unwrap();
        bob.until("resumed").unwrap();
        play_out(&mut bob, 3)
    });
    let end = play_out(&mut ann, 2);
    assert_eq!(end, bob.join().unwrap(), "both see the same end");
}
}
