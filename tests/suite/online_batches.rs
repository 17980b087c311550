//! The server's turns share one commit (store/batch.rs): a batch is kept
//! whole or not at all, on both stores, and a batch the store could not
//! keep sends the players of its games back to where the store kept them,
//! while everyone else is answered as usual.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use black_and_white::ids::GameId;
use black_and_white::online::hub::{ConnId, Effects};
use black_and_white::online::store::{Account, Kept, Lost, PastGame, PlayerId, Rating, Seats, Store};
use black_and_white::online::table::{Opening, Stored};
use black_and_white::replay::now_iso;
use black_and_white::rules::{GameRng, Level, Seat};
use rand::SeedableRng;
use serde_json::{Value, json};

use crate::online::{Bench, TestStore, mover, on_both_stores};
use crate::online_hostile::{create, tiles_between};

fn opening() -> Opening {
    Opening {
        game: GameId::Tiles,
        seed: 7,
        config: json!({}),
        chance: Vec::new(),
    }
}

fn stored() -> Stored {
    Stored {
        seat: 0,
        action: json!({"tile": 4}),
        chance: Vec::new(),
    }
}

on_both_stores! {
fn a_batch_is_kept_whole_or_not_at_all(test_store) {
    let mut store = test_store.open();
    let mut other = test_store.open();
    store.begin_batch();
    store.create("KEPTA", &opening(), &Seats::default(), &now_iso()).unwrap();
    store.step("KEPTA", 1, &stored()).unwrap();
    assert!(other.by_code("KEPTA").unwrap().is_none(), "nothing is seen before the commit");
    store.commit_batch().unwrap();
    assert_eq!(other.by_code("KEPTA").unwrap().expect("kept").steps.len(), 1);
    assert!(
        !other.create("KEPTA", &opening(), &Seats::default(), &now_iso()).unwrap(),
        "a code another server holds is refused, and nothing changes"
    );
    assert_eq!(other.by_code("KEPTA").unwrap().expect("still kept").steps.len(), 1);

    store.begin_batch();
    store.create("LOSTA", &opening(), &Seats::default(), &now_iso()).unwrap();
    store.step("KEPTA", 2, &stored()).unwrap();
    // The same step again: refused at once (SQLite), or with the batch's
    // next statement (PostgreSQL sends a turn's steps together).
    let twice = store.step("KEPTA", 2, &stored());
    let after = store.create("LOSTB", &opening(), &Seats::default(), &now_iso());
    let refused = after.expect_err("after a failed statement the batch writes nothing more");
    if let Err(at_once) = twice {
        assert_eq!(at_once, refused);
    }
    assert!(refused.starts_with("the game store: "), "{refused}");
    assert!(store.by_code("KEPTA").is_err(), "nor reads");
    let Lost { why, codes } = store.commit_batch().expect_err("the batch is lost");
    assert_eq!(why, refused);
    assert_eq!(codes, ["LOSTA", "KEPTA"], "the games it wrote for");
    assert!(other.by_code("LOSTA").unwrap().is_none(), "nothing of it was kept");
    assert_eq!(other.by_code("KEPTA").unwrap().unwrap().steps.len(), 1);

    // The store goes on, batched or not.
    store.begin_batch();
    store.step("KEPTA", 2, &stored()).unwrap();
    store.commit_batch().unwrap();
    store.step("KEPTA", 3, &stored()).unwrap();
    assert_eq!(other.by_code("KEPTA").unwrap().unwrap().steps.len(), 3);
}
}

/// A store whose next step, once `fail` is set, is refused by the
/// database itself: it is written twice, and the second breaks the
/// steps' key, as a statement failing in the middle of a turn would (at
/// once on SQLite; on PostgreSQL, which sends a turn's steps together,
/// with the turn's next statement or its commit).
/// While `unreadable` is set, games cannot be read, as when the database
/// is out of reach.
struct Refusing {
    inner: Box<dyn Store>,
    fail: Arc<AtomicBool>,
    unreadable: Arc<AtomicBool>,
}

impl Refusing {
    fn readable(&self) -> Result<(), String> {
        match self.unreadable.load(Ordering::SeqCst) {
            true => Err("the game store: connection refused".into()),
            false => Ok(()),
        }
    }
}

impl Store for Refusing {
    fn begin_batch(&mut self) {
        self.inner.begin_batch();
    }
    fn commit_batch(&mut self) -> Result<(), Lost> {
        self.inner.commit_batch()
    }
    fn create(
        &mut self,
        code: &str,
        opening: &Opening,
        seats: &Seats,
        created: &str,
    ) -> Result<bool, String> {
        self.inner.create(code, opening, seats, created)
    }
    fn seat(
        &mut self,
        code: &str,
        seat: Seat,
        token: Option<&str>,
        computer: Option<Level>,
        player: Option<PlayerId>,
    ) -> Result<(), String> {
        self.inner.seat(code, seat, token, computer, player)
    }
    fn moved(&mut self, code: &str, at: &str) -> Result<(), String> {
        self.inner.moved(code, at)
    }
    fn step(&mut self, code: &str, n: usize, stored: &Stored) -> Result<(), String> {
        self.inner.step(code, n, stored)?;
        if self.fail.swap(false, Ordering::SeqCst) {
            return self.inner.step(code, n, stored);
        }
        Ok(())
    }
    fn end(&mut self, code: &str, ended: &str) -> Result<(), String> {
        self.inner.end(code, ended)
    }
    fn forget(&mut self, code: &str) -> Result<(), String> {
        self.inner.forget(code)
    }
    fn forget_waiting_before(&mut self, cutoff: &str) -> Result<usize, String> {
        self.inner.forget_waiting_before(cutoff)
    }
    fn unfinished_count(&mut self) -> Result<usize, String> {
        self.inner.unfinished_count()
    }
    fn by_code(&mut self, code: &str) -> Result<Option<Kept>, String> {
        self.readable()?;
        self.inner.by_code(code)
    }
    fn by_token(&mut self, key: &str) -> Result<Option<Kept>, String> {
        self.readable()?;
        self.inner.by_token(key)
    }
    fn finished_by_token(&mut self, key: &str) -> Result<Option<Kept>, String> {
        self.readable()?;
        self.inner.finished_by_token(key)
    }
    fn finished_by_code(&mut self, code: &str) -> Result<Option<Kept>, String> {
        self.readable()?;
        self.inner.finished_by_code(code)
    }
    fn record(&mut self, code: &str) -> Result<(Opening, Vec<Stored>), String> {
        self.inner.record(code)
    }
    fn take_lease(&mut self, code: &str, owner: &str) -> Result<Option<String>, String> {
        self.inner.take_lease(code, owner)
    }
    fn renew_leases(&mut self, owner: &str, codes: &[String]) -> Result<Vec<String>, String> {
        self.inner.renew_leases(owner, codes)
    }
    fn release_lease(&mut self, code: &str, owner: &str) -> Result<(), String> {
        self.inner.release_lease(code, owner)
    }
    fn add_player(&mut self, name: &str, password: &str, created: &str) -> Result<Option<PlayerId>, String> {
        self.inner.add_player(name, password, created)
    }
    fn player_named(&mut self, name: &str) -> Result<Option<Account>, String> {
        self.readable()?;
        self.inner.player_named(name)
    }
    fn add_session(&mut self, key: &str, player: PlayerId, created: &str) -> Result<(), String> {
        self.inner.add_session(key, player, created)
    }
    fn session(&mut self, key: &str) -> Result<Option<(PlayerId, String)>, String> {
        self.readable()?;
        self.inner.session(key)
    }
    fn end_session(&mut self, key: &str) -> Result<(), String> {
        self.inner.end_session(key)
    }
    fn rating(&mut self, player: PlayerId, game: GameId) -> Result<Option<Rating>, String> {
        self.readable()?;
        self.inner.rating(player, game)
    }
    fn set_rating(&mut self, player: PlayerId, game: GameId, rating: &Rating) -> Result<(), String> {
        self.inner.set_rating(player, game, rating)
    }
    fn best(&mut self, game: GameId, limit: usize) -> Result<Vec<(String, Rating)>, String> {
        self.readable()?;
        self.inner.best(game, limit)
    }
    fn games_of(&mut self, player: PlayerId, limit: usize) -> Result<Vec<PastGame>, String> {
        self.readable()?;
        self.inner.games_of(player, limit)
    }
}

on_both_stores! {
fn a_turn_the_store_cannot_keep_sends_its_games_back_to_where_they_were_kept(test_store) {
    let fail = Arc::new(AtomicBool::new(false));
    let mut bench = Bench::over(Box::new(Refusing {
        inner: test_store.open(),
        fail: fail.clone(),
        unreadable: Arc::default(),
    }));
    let rng = &mut GameRng::seed_from_u64(3);
    let (x, x_joined, x_tokens) = tiles_between(&mut bench, 1, 2);
    let (y, y_joined, y_tokens) = tiles_between(&mut bench, 3, 4);
    bench.connect(5);

    // One turn: a move at game y (written), a move at game x (refused by
    // the database), and a newcomer's create after them.
    bench.hub.begin_batch();
    let (y_conn, y_move) = mover(&y_joined, rng);
    let mut turn = bench.say(y_conn, &y_move);
    fail.store(true, Ordering::SeqCst);
    let (x_conn, x_move) = mover(&x_joined, rng);
    turn.absorb(bench.say(x_conn, &x_move));
    turn.absorb(bench.say(5, &create("tiles", "person")));
    let sent = bench.hub.end_batch(turn);

    for conn in 1..=4 {
        let lines = Bench::to(&sent, conn);
        assert_eq!(lines.len(), 1, "connection {conn} is told why, and nothing of the turn: {lines:?}");
        let message = lines[0]["message"].as_str().unwrap();
        assert!(message.contains("could not keep the last moves"), "{message}");
        assert!(sent.closes.contains(&conn), "connection {conn} is closed");
    }
    let newcomer = Bench::to(&sent, 5);
    assert_eq!(newcomer[0]["message"], "the server could not keep a new game: try again");
    assert_eq!(bench.hub.games(), 0, "neither game is held");
    let mut store = test_store.open();
    for code in [&x, &y] {
        assert!(store.record(code).unwrap().1.is_empty(), "game {code} was kept without the turn's move");
    }

    // Each seat takes its place back by its token, and both games play to
    // their ends from there.
    for (code, tokens, first) in [(&x, &x_tokens, 11), (&y, &y_tokens, 13)] {
        let mut asked = Effects::default();
        for (seat, token) in tokens.iter().enumerate() {
            let conn = first + seat as ConnId;
            bench.connect(conn);
            let resumed = bench.say(conn, &json!({"type": "resume", "token": token}).to_string());
            let kinds: Vec<Value> = Bench::to(&resumed, conn)
                .iter()
                .map(|line| line["type"].clone())
                .filter(|kind| kind != "ask")
                .collect();
            assert_eq!(kinds, ["resumed", "start", "caught_up"], "game {code} has no action yet");
            asked.absorb(resumed);
        }
        bench.play_to_the_end(asked, rng);
        let steps = store.record(code).unwrap().1;
        assert!(!steps.is_empty() && store.by_code(code).unwrap().is_none(), "game {code} ended");
    }
}
}

#[test]
fn a_seat_asked_for_while_the_store_is_out_of_reach_is_refused_for_now() {
    let unreadable = Arc::new(AtomicBool::new(false));
    let mut bench = Bench::over(Box::new(Refusing {
        inner: Box::new(black_and_white::online::store::SqliteStore::in_memory()),
        fail: Arc::default(),
        unreadable: unreadable.clone(),
    }));
    let (code, _, tokens) = tiles_between(&mut bench, 1, 2);
    bench.hub.disconnect(1, bench.now);
    bench.hub.disconnect(2, bench.now);
    // Put away, so that taking a seat back reads the store.
    bench.now += black_and_white::online::limits::AWAY + std::time::Duration::from_secs(2);
    bench.hub.tick(bench.now);
    assert_eq!(bench.hub.games(), 0);
    unreadable.store(true, Ordering::SeqCst);
    bench.connect(3);
    let resume = json!({"type": "resume", "token": tokens[0]}).to_string();
    let join = json!({"type": "join", "code": code}).to_string();
    for (asked, line) in [(&resume, "resume"), (&join, "join")] {
        let refused = Bench::to(&bench.say(3, asked), 3);
        assert_eq!(
            refused[0]["message"], "the server could not reach its store: try again",
            "{line}"
        );
        assert_eq!(
            refused[0]["retry_ms"], 1000,
            "a {line} refused for now says when to try again"
        );
    }
    unreadable.store(false, Ordering::SeqCst);
    let back = Bench::to(&bench.say(3, &resume), 3);
    assert_eq!(back[0]["type"], "resumed", "the seat was kept: {back:?}");
}
