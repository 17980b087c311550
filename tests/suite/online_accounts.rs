//! Accounts and ratings on the server: names and passwords checked, the
//! same refusal for a wrong name as for a wrong password, limits per
//! address and per name, sessions that outlive the server, a second
//! account that can neither act for, read the hand of, nor end another
//! player's game; rated games between two accounts only, a range, a
//! rating after the end and a loss for a player who leaves; profiles and
//! the table of the best.

use black_and_white::online::limits;
use black_and_white::rules::GameRng;
use rand::SeedableRng;
use serde_json::{Value, json};

use crate::online::{Bench, TestStore, on_both_stores};

fn sign_up(name: &str) -> String {
    json!({"type": "sign_up", "name": name, "password": format!("{name}'s password")}).to_string()
}

fn sign_in(name: &str, password: &str) -> String {
    json!({"type": "sign_in", "name": name, "password": password}).to_string()
}

/// The lines for `conn` after `text`, with its password work done.
fn said(bench: &mut Bench, conn: u64, text: &str) -> Vec<Value> {
    let effects = bench.say(conn, text);
    Bench::to(&effects, conn)
}

fn message(lines: &[Value]) -> &str {
    lines[0]["message"].as_str().unwrap_or_default()
}

/// Signs `conn` up as `name`: its session.
fn signed_up(bench: &mut Bench, conn: u64, name: &str) -> String {
    bench.connect(conn);
    let lines = said(bench, conn, &sign_up(name));
    assert_eq!(lines[0]["type"], "signed_in", "{lines:?}");
    assert_eq!(lines[0]["name"], name);
    lines[0]["session"].as_str().unwrap().to_owned()
}

#[test]
fn names_and_passwords_are_checked_and_a_wrong_one_says_no_more_than_that() {
    let mut bench = Bench::new();
    bench.connect(1);
    for (name, password, why) in [
        ("al", "long enough", "a name is 3 to 20 characters, not 2"),
        ("1ann", "long enough", "a name begins with a letter"),
        (
            "ann smith",
            "long enough",
            "a name is letters, digits, _ and - alone, not ` `",
        ),
        ("a_guest", "short", "a password is 8 to 128 characters, not 5"),
    ] {
        let lines = said(
            &mut bench,
            1,
            &json!({"type": "sign_up", "name": name, "password": password}).to_string(),
        );
        assert_eq!(message(&lines), why);
    }
    signed_up(&mut bench, 2, "Ann");
    let taken = said(&mut bench, 1, &sign_up("aNN"));
    assert_eq!(message(&taken), "the name aNN is taken: choose another");
    let wrong_password = said(&mut bench, 1, &sign_in("ann", "not her password"));
    let wrong_name = said(&mut bench, 1, &sign_in("nobody", "Ann's password"));
    assert_eq!(message(&wrong_password), "wrong name or password");
    assert_eq!(
        message(&wrong_name),
        "wrong name or password",
        "a wrong name tells nothing more"
    );
    let right = said(&mut bench, 1, &sign_in("ANN", "Ann's password"));
    assert_eq!(right[0]["type"], "signed_in");
    assert_eq!(right[0]["name"], "Ann", "as she wrote it");
}

#[test]
fn wrong_passwords_are_limited_per_name_and_tries_per_address() {
    let mut bench = Bench::new();
    signed_up(&mut bench, 1, "Ann");
    // Wrong passwords for one name from many addresses: five, then a wait.
    for n in 0..limits::WRONG_BURST as u64 {
        let conn = 10 + n;
        bench.connect_from(conn, format!("192.0.2.{n}").parse().unwrap());
        assert_eq!(
            message(&said(&mut bench, conn, &sign_in("ann", "guess"))),
            "wrong name or password"
        );
    }
    bench.connect_from(20, "192.0.2.99".parse().unwrap());
    let refused = said(&mut bench, 20, &sign_in("ann", "Ann's password"));
    assert!(
        message(&refused).starts_with("too many wrong passwords for ann"),
        "{refused:?}"
    );
    assert!(refused[0]["retry_ms"].as_u64().unwrap() > 0);
    bench.now += limits::WRONG_EVERY;
    assert_eq!(
        said(&mut bench, 20, &sign_in("ann", "Ann's password"))[0]["type"],
        "signed_in"
    );
    // Tries from one address: ten, then a wait, whatever the names.
    bench.connect_from(30, "198.51.100.1".parse().unwrap());
    for n in 0..limits::SIGN_BURST as u64 {
        said(&mut bench, 30, &sign_in(&format!("nobody{n}"), "guess"));
    }
    let refused = said(&mut bench, 30, &sign_in("ann", "Ann's password"));
    assert!(
        message(&refused).starts_with("too many tries from your address"),
        "{refused:?}"
    );
}

on_both_stores! {
fn a_session_outlives_the_server_and_ends_when_signed_out(store) {
    let session = {
        let mut bench = Bench::over(store.open());
        signed_up(&mut bench, 1, "Ann")
    };
    let mut bench = Bench::over(store.open());
    bench.connect(1);
    let hello = json!({"type": "hello", "session": session}).to_string();
    assert_eq!(said(&mut bench, 1, &hello), vec![json!({"type": "signed_in", "name": "Ann"})]);
    assert_eq!(said(&mut bench, 1, r#"{"type":"sign_out"}"#), vec![json!({"type": "signed_out"})]);
    bench.connect(2);
    assert_eq!(message(&said(&mut bench, 2, &hello)), "this session is over: sign in again");
}
}

on_both_stores! {
fn rated_games_are_between_two_accounts_and_change_both_ratings(store) {
    let mut bench = Bench::over(store.open());
    let rng = &mut GameRng::seed_from_u64(8);
    signed_up(&mut bench, 1, "Ann");
    signed_up(&mut bench, 2, "Bob");
    bench.connect(3);
    let rated = json!({"type": "create", "game": "tiles", "opponent": "person", "rated": true}).to_string();
    assert_eq!(
        message(&said(&mut bench, 3, &rated)),
        "sign in first: a rated game, or one for a range of ratings, needs an account"
    );
    let created = said(&mut bench, 1, &rated);
    let code = created[0]["code"].as_str().unwrap().to_owned();
    let join = json!({"type": "join", "code": code}).to_string();
    assert_eq!(message(&said(&mut bench, 3, &join)), format!("game {code} is rated: sign in to join it"));
    // Ann's second connection, signed in as her, may not play herself.
    bench.connect(4);
    said(&mut bench, 4, &sign_in("Ann", "Ann's password"));
    assert_eq!(
        message(&said(&mut bench, 4, &join)),
        "a rated game is against somebody else: you created this one"
    );
    let joined = bench.say(2, &join);
    let mut seen = bench.play_to_the_end(joined, rng);
    seen.retain(|(_, line)| line["type"] == "rated");
    assert_eq!(seen.len(), 2, "each player is told their rating: {seen:?}");
    let [ann, bob] = [1, 2].map(|conn| seen.iter().find(|(to, _)| *to == conn).unwrap().1.clone());
    assert_eq!((ann["before"].clone(), bob["before"].clone()), (json!(1500), json!(1500)));
    assert_eq!(ann["provisional"], true);
    let (a, b) = (ann["after"].as_i64().unwrap(), bob["after"].as_i64().unwrap());
    assert!((a > 1500) == (b < 1500) && (a - 1500) == (1500 - b), "zero-sum between equals: {a} {b}");
    // The profile and the table of the best say the same.
    let profile = said(&mut bench, 3, r#"{"type":"profile","name":"ann"}"#);
    assert_eq!(profile[0]["name"], "Ann");
    assert_eq!(profile[0]["ratings"][0]["who"], "tiles");
    assert_eq!(profile[0]["ratings"][0]["rating"], a);
    assert_eq!(profile[0]["games"][0]["code"], code.as_str());
    assert_eq!(profile[0]["games"][0]["opponent"], "Bob");
    assert_eq!(profile[0]["games"][0]["rated"], true);
    assert!(profile[0]["games"][0]["ended"].is_string());
    let best = said(&mut bench, 3, r#"{"type":"best","game":"tiles"}"#);
    let names: Vec<&str> = best[0]["players"].as_array().unwrap().iter().map(|p| p["who"].as_str().unwrap()).collect();
    assert_eq!(names, if a >= b { ["Ann", "Bob"] } else { ["Bob", "Ann"] });
    assert_eq!(message(&said(&mut bench, 3, r#"{"type":"profile","name":"nobody"}"#)), "nobody is called nobody");
}
}

#[test]
fn a_player_who_leaves_a_rated_game_loses_it_at_once_and_a_range_is_kept() {
    let mut bench = Bench::new();
    signed_up(&mut bench, 1, "Ann");
    signed_up(&mut bench, 2, "Bob");
    let created = said(
        &mut bench,
        1,
        &json!({"type": "create", "game": "bidding", "opponent": "person", "rated": true}).to_string(),
    );
    let code = created[0]["code"].as_str().unwrap().to_owned();
    bench.say(2, &json!({"type": "join", "code": code}).to_string());
    let left = bench.say(2, r#"{"type":"leave"}"#);
    let ann = Bench::to(&left, 1);
    let rated = ann
        .iter()
        .find(|line| line["type"] == "rated")
        .expect("Ann is rated at once");
    assert!(
        rated["after"].as_i64().unwrap() > 1500,
        "the one who stayed won: {rated}"
    );
    assert!(ann.iter().any(|line| line["type"] == "left"));
    // A range: Bob (now under 1500 in bidding) may not join a game for 1500-1600.
    let ranged = said(
        &mut bench,
        1,
        &json!({"type": "create", "game": "bidding", "opponent": "person", "public": true, "range": [1500, 1600]})
            .to_string(),
    );
    // Ann is still at the first game, given to the computer: she leaves it first.
    assert_eq!(
        message(&ranged),
        format!("you are at game {code}: leave it first")
    );
    said(&mut bench, 1, r#"{"type":"leave"}"#);
    bench.connect(5);
    said(&mut bench, 5, &sign_in("Ann", "Ann's password"));
    let ranged = said(
        &mut bench,
        5,
        &json!({"type": "create", "game": "bidding", "opponent": "person", "public": true, "range": [1500, 1600]})
            .to_string(),
    );
    let ranged_code = ranged[0]["code"].as_str().unwrap().to_owned();
    bench.connect(6);
    said(&mut bench, 6, &sign_in("Bob", "Bob's password"));
    let refused = said(
        &mut bench,
        6,
        &json!({"type": "join", "code": ranged_code}).to_string(),
    );
    assert!(
        message(&refused).starts_with(&format!(
            "game {ranged_code} is for ratings 1500 to 1600; yours in"
        )),
        "{refused:?}"
    );
}

#[test]
fn a_second_account_can_neither_act_for_nor_read_nor_end_another_players_game() {
    let mut bench = Bench::new();
    signed_up(&mut bench, 1, "Ann");
    signed_up(&mut bench, 2, "Bob");
    signed_up(&mut bench, 3, "Eve");
    let created = said(
        &mut bench,
        1,
        &json!({"type": "create", "game": "betting", "opponent": "person", "rated": true}).to_string(),
    );
    let code = created[0]["code"].as_str().unwrap().to_owned();
    let joined = bench.say(2, &json!({"type": "join", "code": code}).to_string());
    let ask = Bench::to(&joined, 2)
        .into_iter()
        .chain(Bench::to(&joined, 1))
        .find(|l| l["type"] == "ask")
        .unwrap();
    // Act for Ann or Bob: Eve has no seat, and no token of theirs.
    let moved = said(
        &mut bench,
        3,
        &json!({"player": ask["player"], "action": {"timeout": true}}).to_string(),
    );
    assert_eq!(message(&moved), "create or join a game before you move");
    let resumed = said(
        &mut bench,
        3,
        &json!({"type": "resume", "token": "0".repeat(32)}).to_string(),
    );
    assert!(
        message(&resumed).starts_with("no seat has this token"),
        "{resumed:?}"
    );
    let joined_again = said(&mut bench, 3, &json!({"type": "join", "code": code}).to_string());
    assert_eq!(
        message(&joined_again),
        format!("game {code} already has two players")
    );
    // End it: leaving or a rematch is for a seat; Eve has none.
    assert_eq!(
        message(&said(&mut bench, 3, r#"{"type":"leave"}"#)),
        "you are not at a game"
    );
    assert_eq!(
        message(&said(&mut bench, 3, r#"{"type":"rematch"}"#)),
        "you are not at a game: a rematch follows a game's end"
    );
    // Read their hands: watching shows what is public and nothing else.
    let watching = said(&mut bench, 3, &json!({"type": "watch", "code": code}).to_string());
    assert!(
        watching
            .iter()
            .all(|line| line.get("to").is_none() && line["type"] != "ask"),
        "{watching:?}"
    );
    // And the game goes on for its two players, unchanged.
    let (conn, ask) = joined
        .sends
        .iter()
        .rfind(|(_, line)| line["type"] == "ask")
        .cloned()
        .unwrap();
    let mut rng = GameRng::seed_from_u64(2);
    let answered = bench.say(
        conn,
        &black_and_white::online::client::random_move(&ask, &mut rng).to_string(),
    );
    assert!(
        Bench::to(&answered, conn)
            .iter()
            .all(|line| line["type"] != "error")
    );
}

#[test]
fn rated_games_need_a_person_across() {
    let mut bench = Bench::new();
    signed_up(&mut bench, 1, "Ann");
    let refused = said(
        &mut bench,
        1,
        &json!({"type": "create", "game": "tiles", "opponent": "hard", "rated": true}).to_string(),
    );
    assert_eq!(
        message(&refused),
        "only a game against a person is listed in the lobby or rated"
    );
}

#[test]
fn an_account_creates_no_more_games_from_many_addresses_than_from_one() {
    let mut bench = Bench::new();
    signed_up(&mut bench, 1, "Ann");
    let create = r#"{"type":"create","game":"tiles","opponent":"easy"}"#;
    for n in 0..=limits::CREATE_BURST as u64 {
        let conn = 100 + n;
        // Each game from an address of its own, each address under its limit.
        bench.connect_from(conn, format!("10.0.{}.{}", n / 200, n % 200 + 1).parse().unwrap());
        assert_eq!(
            said(&mut bench, conn, &sign_in("Ann", "Ann's password"))[0]["type"],
            "signed_in"
        );
        let lines = said(&mut bench, conn, create);
        if n < limits::CREATE_BURST as u64 {
            assert_eq!(lines[0]["type"], "created", "game {n}: {lines:?}");
        } else {
            assert!(
                message(&lines).starts_with("too many new games from your account"),
                "{lines:?}"
            );
            assert!(lines[0]["retry_ms"].as_u64().unwrap() > 0);
        }
    }
}
