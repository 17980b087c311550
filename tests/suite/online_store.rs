//! The stores themselves: tokens kept only as their hashes, on both
//! stores; a data folder from before migrations were counted brought up to
//! date with its seats still taken back by their tokens; a store newer
//! than the program refused with a message that says so.

use black_and_white::ids::GameId;
use black_and_white::online::store::{Database, SqliteStore, Store, token_key};
use black_and_white::online::table;
use black_and_white::replay::now_iso;
use serde_json::Value;

use crate::online::{Bench, TestStore, data_dir, on_both_stores};

/// Creates a tiles game against a person through `bench`; its code and
/// the creator's token.
fn created(bench: &mut Bench, conn: u64) -> (String, String) {
    bench.connect(conn);
    let effects = bench.say(conn, r#"{"type":"create","game":"tiles","opponent":"person"}"#);
    let lines: Vec<Value> = Bench::to(&effects, conn);
    let created = lines
        .iter()
        .find(|line| line["type"] == "created")
        .unwrap_or_else(|| panic!("created: {lines:?}"));
    (
        created["code"].as_str().unwrap().to_owned(),
        created["token"].as_str().unwrap().to_owned(),
    )
}

on_both_stores! {
fn the_store_keeps_a_seats_token_only_as_its_hash(test_store) {
    let mut bench = Bench::over(test_store.open());
    let (code, token) = created(&mut bench, 1);
    let mut store = test_store.open();
    assert!(store.by_token(&token).unwrap().is_none(), "the token itself finds nothing");
    let kept = store.by_token(&token_key(&token)).unwrap().expect("its hash finds the game");
    assert_eq!(kept.code, code);
    assert_eq!(kept.seats.tokens[0].as_deref(), Some(token_key(&token).as_str()));
    assert_ne!(kept.seats.tokens[0].as_deref(), Some(token.as_str()));
    // And the hub takes the seat back by the token, as before.
    let mut again = Bench::over(test_store.open());
    again.connect(2);
    let effects = again.say(2, &format!(r#"{{"type":"resume","token":"{token}"}}"#));
    assert_eq!(Bench::to(&effects, 2)[0]["type"], "resumed");
}
}

#[test]
fn an_old_data_folder_has_its_tokens_hashed_once_and_its_seats_still_resume() {
    let dir = data_dir("old-folder");
    let token = "0123456789abcdef0123456789abcdef";
    {
        // As a server before the migrations left it: the first schema, a
        // game waiting with its token as it was given, and no record of
        // any migration.
        std::fs::create_dir_all(&dir).unwrap();
        let db = rusqlite::Connection::open(dir.join("games.sqlite")).unwrap();
        db.execute_batch(include_str!("../../migrations/sqlite/0001_games.sql"))
            .unwrap();
        let opening = table::open(GameId::Tiles, None, 7).unwrap().opening();
        db.execute(
            "INSERT INTO games (code, game, program, created, seed, config, chance, token0)
             VALUES ('OLD23', 'tiles', '0.0.1', ?1, ?2, ?3, ?4, ?5)",
            [
                now_iso(),
                opening.seed.to_string(),
                opening.config.to_string(),
                serde_json::to_string(&opening.chance).unwrap(),
                token.to_owned(),
            ],
        )
        .unwrap();
    }
    let mut store = SqliteStore::open(&dir).unwrap();
    assert!(store.by_token(token).unwrap().is_none(), "hashed at the start");
    assert!(store.by_token(&token_key(token)).unwrap().is_some());
    drop(store);
    // Opened again, nothing is hashed twice.
    let mut bench = Bench::over(Box::new(SqliteStore::open(&dir).unwrap()));
    bench.connect(2);
    let effects = bench.say(2, &format!(r#"{{"type":"resume","token":"{token}"}}"#));
    assert_eq!(Bench::to(&effects, 2)[0]["type"], "resumed");
}

#[test]
fn a_store_newer_than_the_program_is_refused() {
    let dir = data_dir("future-store");
    drop(SqliteStore::open(&dir).unwrap());
    let db = rusqlite::Connection::open(dir.join("games.sqlite")).unwrap();
    db.execute(
        "INSERT INTO schema_migrations (version, name, applied) VALUES (99, '0099_future.sql', 'then')",
        [],
    )
    .unwrap();
    let refusal = SqliteStore::open(&dir).err().expect("refused");
    assert!(
        refusal.contains("version 99, newer than this program's"),
        "{refusal}"
    );
}

#[test]
fn a_database_that_does_not_answer_is_named_in_the_refusal() {
    let refusal = Database::Postgres("postgres://nobody@127.0.0.1:1/none".into())
        .open()
        .err()
        .expect("refused");
    assert!(refusal.contains("cannot reach the database"), "{refusal}");
}
