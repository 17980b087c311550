//! Online play: a real server on a free port, clients over real sockets.
//! Whole games of every game between two clients, each proven to have
//! read only its own side; a server killed mid-game that carries on; a
//! client that drops and takes its seat back; betting's clock on the
//! server; and every kind of bad input refused without changing a game.

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use black_and_white::cli::loadtest::listening_port;
use black_and_white::games::betting::engine::Betting;
use black_and_white::games::bidding::engine::Bidding;
use black_and_white::games::tiles::engine::Tiles;
use black_and_white::games::wargame::engine::Wargame;
use black_and_white::online::client::{Client, random_move};
use black_and_white::online::hub::{ConnId, Effects, Hub};
use black_and_white::online::store::{Database, SqliteStore, Store};

use super::postgres_cluster::fresh_database;
use black_and_white::online::{limits, server, table};
use black_and_white::rules::protocol::ask_line;
use black_and_white::rules::{GameRng, MatchRecord, Playable, Replaying, Seat, other};
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_black-and-white");

pub fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bw-online-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Where a test's server keeps its games: a fresh SQLite data folder, or a
/// fresh database in the test binary's PostgreSQL.
#[derive(Debug, Clone)]
pub struct TestStore(pub Database);

impl TestStore {
    pub fn sqlite(name: &str) -> TestStore {
        TestStore(Database::Sqlite(data_dir(name)))
    }

    pub fn postgres(name: &str) -> TestStore {
        TestStore(Database::Postgres(fresh_database(name)))
    }

    /// Which store, for the names of what a test keeps beside it.
    pub fn kind(&self) -> &'static str {
        match self.0 {
            Database::Sqlite(_) => "sqlite",
            Database::Postgres(_) => "postgres",
        }
    }

    /// The store itself, to read what the server kept.
    pub fn open(&self) -> Box<dyn Store> {
        self.0.open().expect("the test's store opens")
    }

    /// `serve`'s options for it.
    pub fn serve_args(&self) -> [String; 2] {
        match &self.0 {
            Database::Sqlite(folder) => ["--data".into(), folder.display().to_string()],
            Database::Postgres(url) => ["--database".into(), url.clone()],
        }
    }
}

/// A test that runs once on each store: `name::sqlite` and
/// `name::postgres`, the body given the store as `$store`.
macro_rules! on_both_stores {
    ($(#[doc = $doc:literal])* fn $name:ident($store:ident) $body:block) => {
        $(#[doc = $doc])*
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            fn body($store: TestStore) $body

            #[test]
            fn sqlite() {
                body(TestStore::sqlite(stringify!($name)));
            }

            #[test]
            fn postgres() {
                body(TestStore::postgres(stringify!($name)));
            }
        }
    };
}
pub(crate) use on_both_stores;

/// A server in this process on a free port, and its address.
pub fn serve(store: &TestStore) -> String {
    let running = server::start("127.0.0.1:0", &store.0, None).expect("the server starts");
    format!("ws://{}", running.address)
}

/// The lines that carry no game at all: the lobby's.
pub const LOBBY: [&str; 9] = [
    "created",
    "joined",
    "resumed",
    "waiting",
    "presence",
    "clock",
    "left",
    "caught_up",
    "moved",
];

/// Plays random legal moves until the end.
pub fn play_out(client: &mut Client, seed: u64) -> Value {
    client
        .play_randomly(&mut GameRng::seed_from_u64(seed), |_| {})
        .expect("the server answers until the end")
}

/// Proves that a seat read nothing the referee would not tell it: every
/// `ask` is the seat's own at some point of the stored game, every other
/// game line is exactly the seat's transcript of it (public lines and the
/// ones addressed to it, in order), and the lobby's lines carry no game.
fn read_only_its_own_side<G: Playable>(
    store: &TestStore,
    code: &str,
    seat: Seat,
    received: &[String],
    tables: bool,
) where
    G::View: PartialEq,
{
    let mut store = store.open();
    let (opening, steps) = store.record(code).unwrap();
    let record = table::record_of::<G>(&opening, &steps).unwrap();
    let asks: Vec<Value> = Replaying::positions(&record, |game: &G| {
        (game.to_move() == Some(seat)).then(|| ask_line(game, seat))
    })
    .unwrap()
    .into_iter()
    .flatten()
    .collect();
    let mut expected = table::reopen(&opening, &steps).unwrap().transcript(Some(seat));
    assert_eq!(expected.last().unwrap()["type"], "end", "the game is over");
    expected.retain(|line| line["type"] != "ask");
    let mut game_lines = Vec::new();
    let mut table_lines = Vec::new();
    for text in received {
        let line: Value = serde_json::from_str(text).unwrap();
        match line["type"].as_str().unwrap() {
            "table" => table_lines.push(line),
            "ask" => assert!(
                asks.contains(&line),
                "an ask that is not seat {seat}'s own: {text}"
            ),
            "error" => assert!(line["player"].is_null() || line["player"] == seat, "{text}"),
            kind if LOBBY.contains(&kind) => {
                assert!(line.get("view").is_none() && line.get("to").is_none(), "{text}");
            }
            _ => game_lines.push(line),
        }
    }
    assert_eq!(game_lines, expected, "seat {seat} read exactly its transcript");
    assert_eq!(
        !table_lines.is_empty(),
        tables,
        "table lines only for an app's table"
    );
    if tables {
        tables_show_only_its_own_side::<G>(&record, seat, &table_lines);
    }
}

/// An app's table lines, one at the start and one after every action,
/// each exactly what the seat may know there: its own view, its legal
/// actions only on its turn, the action's events addressed to it, and the
/// record only once the game is over. The view reads back as the same.
fn tables_show_only_its_own_side<G: Playable>(record: &MatchRecord<G>, seat: Seat, lines: &[Value])
where
    G::View: PartialEq,
{
    assert_eq!(
        lines.len(),
        record.steps.len() + 1,
        "a table line at the start and after every action"
    );
    let mut replaying = Replaying::new(record).unwrap();
    for (n, line) in lines.iter().enumerate() {
        let events: Vec<Value> = if n == 0 {
            Vec::new()
        } else {
            let events = replaying.step().unwrap().unwrap();
            events
                .iter()
                .filter(|e| G::audience(e).includes(seat))
                .map(|e| serde_json::to_value(e).unwrap())
                .collect()
        };
        let game = replaying.game();
        let view = game.view(seat);
        assert_eq!(line["player"], seat);
        assert_eq!(line["steps"], n);
        assert_eq!(
            line["view"],
            G::view_wire(&view),
            "step {n}: seat {seat}'s own view"
        );
        assert!(
            G::read_view_wire(line["view"].clone(), seat).unwrap() == view,
            "step {n}: the view reads back"
        );
        let legal = if game.to_move() == Some(seat) {
            serde_json::to_value(game.legal_actions()).unwrap()
        } else {
            json!([])
        };
        assert_eq!(line["legal"], legal, "step {n}");
        assert_eq!(
            line["events"],
            json!(events),
            "step {n}: the events seat {seat} may read"
        );
        assert_eq!(line["outcome"], json!(game.outcome()));
        assert_eq!(
            line["record"].is_null(),
            game.outcome().is_none(),
            "step {n}: the record only at the end"
        );
    }
}

/// Two clients play one game of `G` to the end through the server; the
/// guest asks for the app's table lines too.
fn two_clients_play<G: Playable>(url: &str, store: &TestStore, create: Value, seed: u64)
where
    G::View: PartialEq,
{
    let mut host = Client::connect(url).unwrap();
    host.send(&create).unwrap();
    let created = host.until("created").unwrap();
    let code = created["code"].as_str().unwrap().to_owned();
    assert_eq!(code.len(), limits::CODE_LENGTH);
    let guest_url = url.to_owned();
    let guest_code = code.clone();
    let guest = thread::spawn(move || {
        let mut guest = Client::connect(&guest_url).unwrap();
        guest
            .send(&json!({"type": "join", "code": guest_code.to_lowercase(), "table": true}))
            .unwrap();
        let joined = guest.until("joined").unwrap();
        assert_eq!(joined["player"], 1);
        let end = play_out(&mut guest, seed + 1);
        (end, guest.received)
    });
    let end = play_out(&mut host, seed);
    let (their_end, their_received) = guest.join().unwrap();
    assert_eq!(end, their_end, "both see the same end");
    let start: Value = serde_json::from_str(
        host.received
            .iter()
            .find(|line| line.contains("\"start\""))
            .unwrap(),
    )
    .unwrap();
    assert_eq!(start["type"], "start");
    assert!(
        start.get("seed").is_none(),
        "the server's seed stays secret while the game runs: {start}"
    );
    read_only_its_own_side::<G>(store, &code, 0, &host.received, false);
    read_only_its_own_side::<G>(store, &code, 1, &their_received, true);
}

on_both_stores! {
fn every_game_plays_to_the_end_between_two_clients_each_reading_only_its_own_side(store) {
    let url = serve(&store);
    two_clients_play::<Tiles>(
        &url,
        &store,
        json!({"type": "create", "game": "tiles", "opponent": "person"}),
        1,
    );
    two_clients_play::<Bidding>(
        &url,
        &store,
        json!({"type": "create", "game": "bidding", "opponent": "person"}),
        2,
    );
    two_clients_play::<Betting>(
        &url,
        &store,
        json!({"type": "create", "game": "betting", "opponent": "person"}),
        3,
    );
    two_clients_play::<Wargame>(
        &url,
        &store,
        json!({"type": "create", "game": "wargame", "opponent": "person", "scenario": 21}),
        4,
    );
}
}

on_both_stores! {
fn a_game_against_the_servers_computer_needs_nobody_to_join(store) {
    let url = serve(&store);
    for (game, seed) in [("tiles", 5), ("bidding", 6), ("betting", 7)] {
        let mut client = Client::connect(&url).unwrap();
        client
            .send(&json!({"type": "create", "game": game, "opponent": "hard"}))
            .unwrap();
        let code = client.until("created").unwrap()["code"]
            .as_str()
            .unwrap()
            .to_owned();
        let end = play_out(&mut client, seed);
        assert!(end["score"].is_array(), "{end}");
        let received = client.received.clone();
        match game {
            "tiles" => read_only_its_own_side::<Tiles>(&store, &code, 0, &received, false),
            "bidding" => read_only_its_own_side::<Bidding>(&store, &code, 0, &received, false),
            _ => read_only_its_own_side::<Betting>(&store, &code, 0, &received, false),
        }
    }
}
}

/// The server binary, killed (SIGKILL) when dropped, even by a failing test.
pub struct ServerProcess(pub Child);

impl ServerProcess {
    pub fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The server binary on a free port over `store`.
fn serve_process(store: &TestStore) -> (ServerProcess, String) {
    serve_process_on(store, 0)
}

/// The server binary on `port` (0: a free one), and its address. A test's
/// servers are one server started again, each time at the same address
/// as far as the database's leases go (a restarted server takes its own
/// games back at once; tests/suite/online_servers.rs has several).
pub fn serve_process_on(store: &TestStore, port: u16) -> (ServerProcess, String) {
    let mut child = Command::new(BIN)
        .args(["serve", "--port", &port.to_string()])
        .args(["--advertise", "ws://the-test-server"])
        .args(store.serve_args())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let port = listening_port(child.stdout.take().unwrap()).unwrap();
    (ServerProcess(child), format!("ws://127.0.0.1:{port}"))
}

/// One seat in the kill test: its token, what it read, its own moves.
struct Seated {
    client: Client,
    token: String,
    rng: GameRng,
}

/// Answers asks until this seat has made `moves` moves, or the game ends.
fn make_moves(seat: &mut Seated, moves: usize) -> bool {
    let mut made = 0;
    while made < moves {
        let message = seat.client.read().unwrap();
        match message["type"].as_str() {
            Some("ask") => {
                seat.client.send(&random_move(&message, &mut seat.rng)).unwrap();
                made += 1;
            }
            Some("end") => return true,
            _ => {}
        }
    }
    false
}

on_both_stores! {
fn a_server_killed_mid_game_carries_on_where_it_stopped(store) {
    let (mut server, url) = serve_process(&store);
    let mut games = Vec::new();
    for (n, create) in [
        json!({"type": "create", "game": "tiles", "opponent": "person"}),
        json!({"type": "create", "game": "bidding", "opponent": "person"}),
        json!({"type": "create", "game": "betting", "opponent": "normal"}),
        json!({"type": "create", "game": "wargame", "opponent": "person", "scenario": 21}),
    ]
    .into_iter()
    .enumerate()
    {
        let mut host = Client::connect(&url).unwrap();
        host.send(&create).unwrap();
        let created = host.until("created").unwrap();
        let code = created["code"].as_str().unwrap().to_owned();
        let mut seats = vec![Seated {
            client: host,
            token: created["token"].as_str().unwrap().to_owned(),
            rng: GameRng::seed_from_u64(10 + n as u64),
        }];
        if create["opponent"] == "person" {
            let mut guest = Client::connect(&url).unwrap();
            guest.send(&json!({"type": "join", "code": code})).unwrap();
            let joined = guest.until("joined").unwrap();
            seats.push(Seated {
                client: guest,
                token: joined["token"].as_str().unwrap().to_owned(),
                rng: GameRng::seed_from_u64(20 + n as u64),
            });
        }
        games.push((code, seats));
    }
    // One move in each game, by whoever begins.
    for (_, seats) in &mut games {
        let start = seats[0].client.until("start").unwrap();
        let first = start["first"].as_u64().unwrap_or(0) as usize;
        assert!(!make_moves(&mut seats[first], 1));
    }
    thread::sleep(Duration::from_millis(300));
    {
        // Kept before anyone was told of it.
        let mut kept = store.open();
        for (code, seats) in &games {
            let steps = kept.record(code).unwrap().1.len();
            assert!(
                steps >= 1 && (seats.len() == 1 || steps == 1),
                "game {code}: {steps} steps"
            );
        }
    }
    let before: Vec<Vec<Vec<String>>> = games
        .iter()
        .map(|(_, seats)| seats.iter().map(|s| s.client.received.clone()).collect())
        .collect();
    server.kill();

    let (mut server, url) = serve_process(&store);
    for (g, (code, seats)) in games.iter_mut().enumerate() {
        for (s, seat) in seats.iter_mut().enumerate() {
            let mut client = Client::connect(&url).unwrap();
            client
                .send(&json!({"type": "resume", "token": seat.token}))
                .unwrap();
            let resumed = client.until("resumed").unwrap();
            assert_eq!(
                (resumed["code"].as_str(), resumed["player"].as_u64()),
                (Some(code.as_str()), Some(s as u64))
            );
            let start = client.until("start").unwrap();
            // Every game line read before the kill is read again, in order.
            let read_before: Vec<Value> = before[g][s]
                .iter()
                .map(|t| serde_json::from_str::<Value>(t).unwrap())
                .filter(|l| {
                    !LOBBY.contains(&l["type"].as_str().unwrap())
                        && l["type"] != "ask"
                        && l["type"] != "error"
                })
                .collect();
            let mut again = vec![start];
            while again.len() < read_before.len() {
                let line = client.read().unwrap();
                if !LOBBY.contains(&line["type"].as_str().unwrap()) && line["type"] != "ask" {
                    again.push(line);
                }
            }
            again.truncate(read_before.len());
            assert_eq!(again, read_before, "game {code}, seat {s}: nothing was lost");
            seat.client = client;
        }
    }
    // Both seats of each game play on to the end on the new server.
    let finished: Vec<_> = games
        .into_iter()
        .map(|(code, seats)| {
            let players: Vec<_> = seats
                .into_iter()
                .map(|mut seat| {
                    thread::spawn(move || {
                        let seed = seat.rng.random::<u64>();
                        play_out(&mut seat.client, seed)
                    })
                })
                .collect();
            let ends: Vec<Value> = players.into_iter().map(|p| p.join().unwrap()).collect();
            (code, ends)
        })
        .collect();
    for (code, ends) in finished {
        assert!(
            ends.iter().all(|e| *e == ends[0]),
            "game {code}: one end for both"
        );
    }
    server.kill();
}
}

on_both_stores! {
fn a_client_that_drops_takes_its_seat_back_with_its_token(store) {
    let url = serve(&store);
    let mut host = Client::connect(&url).unwrap();
    host.send(&json!({"type": "create", "game": "tiles", "opponent": "person"}))
        .unwrap();
    let created = host.until("created").unwrap();
    let (code, token) = (
        created["code"].clone(),
        created["token"].as_str().unwrap().to_owned(),
    );
    let mut guest = Client::connect(&url).unwrap();
    guest.send(&json!({"type": "join", "code": code})).unwrap();
    guest.until("joined").unwrap();
    let start = host.until("start").unwrap();
    let first = start["first"].as_u64().unwrap();
    // The host drops at once; the guest is told.
    drop(host);
    let presence = guest.until("presence").unwrap();
    assert_eq!(
        presence,
        json!({"type": "presence", "player": 0, "connected": false})
    );
    if first == 1 {
        // The guest leads while the host is away.
        let ask = last_ask(&guest.received);
        guest
            .send(&json!({"player": 1, "action": {"tile": ask["legal"][0]}}))
            .unwrap();
    }
    thread::sleep(Duration::from_millis(100));
    let mut back = Client::connect(&url).unwrap();
    back.send(&json!({"type": "resume", "token": token})).unwrap();
    let resumed = back.until("resumed").unwrap();
    assert_eq!(
        (resumed["code"].clone(), resumed["player"].clone()),
        (code.clone(), json!(0))
    );
    assert_eq!(back.until("start").unwrap(), start, "the game from its start");
    let caught_up = back.until("caught_up").unwrap();
    assert_eq!(
        caught_up["steps"],
        u64::from(first == 1),
        "what was told ends here"
    );
    let ask = back.until("ask").unwrap();
    assert_eq!(ask["player"], 0, "and the host's current ask again");
    assert_eq!(ask["view"]["round"], 1);
    assert_eq!(
        guest.until("presence").unwrap(),
        json!({"type": "presence", "player": 0, "connected": true})
    );
    // A wrong token takes nothing.
    let mut stranger = Client::connect(&url).unwrap();
    stranger
        .send(&json!({"type": "resume", "token": "0".repeat(32)}))
        .unwrap();
    assert!(
        stranger.read().unwrap()["message"]
            .as_str()
            .unwrap()
            .contains("no seat has this token")
    );
    back.send(&random_move(&ask, &mut GameRng::seed_from_u64(1)))
        .unwrap();
    let guest_end = thread::spawn(move || play_out(&mut guest, 8));
    let end = play_out(&mut back, 9);
    assert_eq!(end, guest_end.join().unwrap());
}
}

fn last_ask(received: &[String]) -> Value {
    received
        .iter()
        .map(|t| serde_json::from_str::<Value>(t).unwrap())
        .rfind(|l| l["type"] == "ask")
        .expect("an ask was read")
}

/// The connection asked to move in `effects`, and a random move for it.
pub fn mover(effects: &Effects, rng: &mut GameRng) -> (ConnId, String) {
    let (conn, ask) = effects
        .sends
        .iter()
        .rfind(|(_, line)| line["type"] == "ask")
        .cloned()
        .expect("somebody is asked");
    (conn, random_move(&ask, rng).to_string())
}

/// The hub alone, with time in the test's hands.
pub struct Bench {
    pub hub: Hub,
    pub now: Instant,
}

/// The address the bench's connections come from unless a test names one.
pub const LOCAL: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

impl Bench {
    pub fn new() -> Bench {
        Bench::over(Box::new(SqliteStore::in_memory()))
    }

    pub fn over(store: Box<dyn Store>) -> Bench {
        let now = Instant::now();
        Bench {
            hub: Hub::new(store, now).unwrap(),
            now,
        }
    }

    pub fn connect(&mut self, conn: ConnId) {
        self.connect_from(conn, LOCAL);
    }

    pub fn connect_from(&mut self, conn: ConnId, address: IpAddr) {
        self.hub.connect(conn, address, self.now);
    }

    /// Sends `text` from `conn`; what each connection was sent, with the
    /// computers' moves played at once.
    pub fn say(&mut self, conn: ConnId, text: &str) -> Effects {
        let effects = self.hub.message(conn, text, self.now);
        self.think(effects)
    }

    pub fn think(&mut self, mut effects: Effects) -> Effects {
        while let Some((job, thinking)) = effects.thinking.pop() {
            let more = self.hub.computed(&job, thinking(), self.now);
            effects.absorb(more);
        }
        effects
    }

    /// Answers the last ask in `effects` with a random legal move, then
    /// each ask that follows, until a line says the game is over: every
    /// line sent meanwhile, `effects`' own first.
    pub fn play_to_the_end(&mut self, mut effects: Effects, rng: &mut GameRng) -> Vec<(ConnId, Value)> {
        let mut seen = effects.sends.clone();
        for _ in 0..20_000 {
            if effects.sends.iter().any(|(_, line)| line["type"] == "end") {
                return seen;
            }
            let (conn, text) = mover(&effects, rng);
            effects = self.say(conn, &text);
            seen.extend(effects.sends.clone());
        }
        panic!("the game ends within 20,000 moves");
    }

    /// The messages `effects` has for `conn`.
    pub fn to(effects: &Effects, conn: ConnId) -> Vec<Value> {
        effects
            .sends
            .iter()
            .filter(|(c, _)| *c == conn)
            .map(|(_, line)| line.clone())
            .collect()
    }

    /// A betting game between connections 1 and 2, both arranged at random,
    /// at its first decision.
    pub fn betting_in_slots(&mut self) -> Decision {
        self.connect(1);
        self.connect(2);
        let created = self.say(1, r#"{"type":"create","game":"betting","opponent":"person"}"#);
        let code = Bench::to(&created, 1)[0]["code"].as_str().unwrap().to_owned();
        self.say(2, &json!({"type": "join", "code": code}).to_string());
        self.say(1, r#"{"player":0,"action":{"timeout":true}}"#);
        let arranged = self.say(2, r#"{"player":1,"action":{"timeout":true}}"#);
        let ask = arranged
            .sends
            .iter()
            .map(|(_, l)| l.clone())
            .rfind(|l| l["type"] == "ask")
            .expect("a slot to decide");
        let seat = ask["player"].as_u64().unwrap() as Seat;
        let (mover, waiter) = if seat == 0 { (1, 2) } else { (2, 1) };
        Decision {
            code,
            ask,
            seat,
            mover,
            waiter,
        }
    }
}

/// A game's code, the ask of the seat to decide, and the connections of
/// that seat and of the other.
pub struct Decision {
    pub code: String,
    pub ask: Value,
    pub seat: Seat,
    pub mover: ConnId,
    pub waiter: ConnId,
}

#[test]
fn betting_clocks_run_on_the_server_and_keep_running_while_a_player_is_away() {
    let mut bench = Bench::new();
    let Decision {
        seat,
        mover: away,
        waiter: stays,
        ..
    } = bench.betting_in_slots();
    let deadline = bench.hub.next_deadline().expect("the decision clock runs");
    let left = deadline.duration_since(bench.now).as_secs_f32();
    assert!((19.9..=20.0).contains(&left), "20 seconds to decide: {left}");
    // The player to decide drops; their clock does not stop.
    let dropped = bench.hub.disconnect(away, bench.now);
    assert_eq!(
        Bench::to(&dropped, stays),
        vec![json!({"type": "presence", "player": seat, "connected": false})]
    );
    assert!(
        bench
            .hub
            .tick(bench.now + Duration::from_secs(19))
            .sends
            .is_empty()
    );
    let expired = bench.hub.tick(bench.now + Duration::from_secs(21));
    let told = Bench::to(&expired, stays);
    let settled = told
        .iter()
        .find(|l| l["type"] == "settled")
        .expect("the slot settles");
    assert_eq!(settled["folder"], seat, "running out of time folds: {settled}");
    assert_eq!(settled["auto"], true);
}

#[test]
fn bad_input_gets_an_error_and_changes_nothing() {
    let mut bench = Bench::new();
    let Decision {
        code,
        ask,
        seat,
        mover,
        waiter,
    } = bench.betting_in_slots();
    let other = other(seat);
    bench.connect(3);
    let too_long = format!(
        "{{\"player\":{seat},\"action\":\"{}\"}}",
        "x".repeat(limits::MESSAGE_BYTES)
    );
    let bad = [
        (mover, "not json".to_owned(), "not JSON"),
        (mover, "[1,2]".into(), "object"),
        (mover, too_long, "at most"),
        (
            mover,
            format!("{{\"player\":{other},\"action\":{{\"decision\":\"fold\"}}}}"),
            "turn",
        ),
        (
            mover,
            format!("{{\"player\":{seat},\"action\":{{\"decision\":\"raise\"}}}}"),
            "",
        ),
        (
            mover,
            format!("{{\"player\":{seat},\"action\":{{\"decision\":\"fold\"}},\"extra\":1}}"),
            "keys",
        ),
        (
            waiter,
            format!("{{\"player\":{other},\"action\":{{\"decision\":\"fold\"}}}}"),
            "not player",
        ),
        (
            waiter,
            format!("{{\"player\":{seat},\"action\":{{\"decision\":\"fold\"}}}}"),
            "not player",
        ),
        (
            mover,
            r#"{"type":"join","code":"AAAAA"}"#.into(),
            "leave it first",
        ),
        (mover, r#"{"type":"dance"}"#.into(), "no message has the type"),
        (
            3,
            format!("{{\"player\":{seat},\"action\":{{\"decision\":\"fold\"}}}}"),
            "create or join",
        ),
        (
            3,
            json!({"type": "join", "code": code}).to_string(),
            "already has two players",
        ),
        (
            3,
            r#"{"type":"join","code":"ZZZZZ"}"#.into(),
            "no game has the code",
        ),
        (
            3,
            r#"{"type":"create","game":"chess","opponent":"person"}"#.into(),
            "chess",
        ),
        (
            3,
            r#"{"type":"create","game":"tiles","opponent":"random"}"#.into(),
            "person, easy",
        ),
        (
            3,
            r#"{"type":"create","game":"tiles","opponent":"person","scenario":3}"#.into(),
            "only the wargame",
        ),
        (
            3,
            r#"{"type":"create","game":"wargame","opponent":"person","scenario":99}"#.into(),
            "1 to 22",
        ),
        (
            3,
            r#"{"type":"create","game":"tiles","opponent":"person","seed":1}"#.into(),
            "no key `seed`",
        ),
        (
            3,
            r#"{"type":"resume","token":"nope"}"#.into(),
            "no seat has this token",
        ),
        (3, r#"{"type":"leave"}"#.into(), "not at a game"),
    ];
    let steps_before = bench.hub.games();
    for (conn, text, says) in bad {
        let effects = bench.say(conn, &text);
        assert!(
            effects.sends.iter().all(|(c, _)| *c == conn),
            "nothing reaches anyone else: {text:.80}"
        );
        let replies = Bench::to(&effects, conn);
        assert_eq!(replies[0]["type"], "error", "{text:.80}: {replies:?}");
        let message = replies[0]["message"].as_str().unwrap();
        assert!(message.contains(says), "{text:.80}: {message}");
        assert!(effects.thinking.is_empty() && effects.closes.is_empty());
        if conn == mover {
            assert_eq!(
                replies.get(1),
                Some(&ask),
                "the player to move is asked again, the same"
            );
        } else {
            assert_eq!(replies.len(), 1, "{replies:?}");
        }
    }
    assert_eq!(bench.hub.games(), steps_before, "no game was made or lost");
    // The game is where it was: the right move still plays.
    let fold = bench.say(
        mover,
        &format!("{{\"player\":{seat},\"action\":{{\"decision\":\"fold\"}}}}"),
    );
    assert!(Bench::to(&fold, waiter).iter().any(|l| l["type"] == "settled"));
}

#[test]
fn a_flood_of_messages_is_refused_then_disconnected() {
    let mut bench = Bench::new();
    bench.connect(1);
    let mut refused = 0;
    for n in 0.. {
        let effects = bench.say(1, r#"{"type":"leave"}"#);
        let reply = &Bench::to(&effects, 1)[0];
        if reply["retry_ms"].is_u64() {
            refused += 1;
        }
        if !effects.closes.is_empty() {
            assert_eq!(n as f64, limits::BURST + f64::from(limits::STRIKES) - 1.0);
            break;
        }
    }
    assert_eq!(refused, limits::STRIKES - 1, "refused with a wait, then closed");
    // Another connection is not held to that one's rate.
    bench.connect(2);
    assert!(
        Bench::to(&bench.say(2, r#"{"type":"leave"}"#), 2)[0]["message"]
            .as_str()
            .unwrap()
            .contains("not at a game")
    );
}

#[test]
fn leaving_gives_up_a_waiting_game_and_hands_a_started_one_to_the_computer() {
    let mut bench = Bench::new();
    bench.connect(1);
    let created = bench.say(1, r#"{"type":"create","game":"tiles","opponent":"person"}"#);
    let code = Bench::to(&created, 1)[0]["code"].as_str().unwrap().to_owned();
    assert_eq!(
        Bench::to(&bench.say(1, r#"{"type":"leave"}"#), 1)[0]["type"],
        "bye"
    );
    bench.connect(2);
    let join = bench.say(2, &json!({"type": "join", "code": code}).to_string());
    assert!(
        Bench::to(&join, 2)[0]["message"]
            .as_str()
            .unwrap()
            .contains("no game has the code")
    );
    // A started game: the one who leaves is replaced by the computer, and
    // the other plays on to the end.
    bench.connect(3);
    bench.connect(4);
    let created = bench.say(3, r#"{"type":"create","game":"tiles","opponent":"person"}"#);
    let code = Bench::to(&created, 3)[0]["code"].as_str().unwrap().to_owned();
    let joined = bench.say(4, &json!({"type": "join", "code": code}).to_string());
    let left = bench.say(3, r#"{"type":"leave"}"#);
    let told = Bench::to(&left, 4);
    assert_eq!(
        told[0],
        json!({"type": "left", "player": 0, "computer": "normal"})
    );
    let mut rng = GameRng::seed_from_u64(3);
    let mut pending = Bench::to(&joined, 4);
    pending.extend(told);
    for _ in 0..20 {
        if pending.iter().any(|l| l["type"] == "end") {
            return;
        }
        let ask = pending
            .iter()
            .rfind(|l| l["type"] == "ask")
            .expect("asked")
            .clone();
        pending = Bench::to(&bench.say(4, &random_move(&ask, &mut rng).to_string()), 4);
    }
    panic!("tiles ends within nine rounds");
}

#[test]
fn a_message_too_long_for_the_socket_and_a_binary_one_are_refused() {
    let url = serve(&TestStore::sqlite("socket-limits"));
    let mut client = Client::connect(&url).unwrap();
    client.send_binary(vec![1, 2, 3]).unwrap();
    assert!(
        client.read().unwrap()["message"]
            .as_str()
            .unwrap()
            .contains("not binary")
    );
    client.send_text(&"x".repeat(limits::MESSAGE_BYTES + 1)).unwrap();
    let refusal = client.read().unwrap();
    assert!(
        refusal["message"].as_str().unwrap().contains("at most"),
        "{refusal}"
    );
    assert!(client.read().is_err(), "and the connection is closed");
}

#[test]
fn the_app_and_the_server_read_each_others_lobby_messages_as_they_were_meant() {
    use black_and_white::ids::GameId;
    use black_and_white::online::lobby::{self, Incoming};
    use black_and_white::rules::Level;
    use black_and_white::wire::{Across, LobbyLine, Request};
    // What the app asks, as the server reads it: once, into the same request.
    for request in [
        Request::Create {
            game: GameId::Wargame,
            across: Across::Computer(Level::Hard),
            scenario: Some(7),
            table: true,
            public: false,
            rated: false,
            range: None,
            days: None,
            scenario_file: None,
        },
        Request::Create {
            game: GameId::Wargame,
            across: Across::Person,
            scenario: None,
            table: false,
            public: false,
            rated: false,
            range: None,
            days: None,
            scenario_file: Some("(number: 99)".into()),
        },
        Request::Create {
            game: GameId::Tiles,
            across: Across::Person,
            scenario: None,
            table: false,
            public: true,
            rated: true,
            range: Some([1400, 1700]),
            days: Some(3),
            scenario_file: None,
        },
        Request::Lobby,
        Request::Join {
            code: "ABCDE".into(),
            table: true,
            accept_mod: true,
        },
        Request::Resume {
            token: "0f".repeat(16),
            table: false,
        },
        Request::Leave,
    ] {
        let text = serde_json::to_string(&request).unwrap();
        assert_eq!(lobby::read(&text), Ok(Incoming::Lobby(request)), "{text}");
    }
    // A move is the protocol's object, read once.
    match lobby::read(r#"{"player":1,"action":{"tile":3}}"#) {
        Ok(Incoming::Move(object)) => assert_eq!(object["action"], json!({"tile": 3})),
        other => panic!("{other:?}"),
    }
    // What the server says, in the wire's words, as the app reads it back.
    let lines = [
        (
            LobbyLine::Left {
                player: 0,
                computer: Level::Normal,
                away_s: None,
            },
            json!({"type": "left", "player": 0, "computer": "normal"}),
        ),
        (
            LobbyLine::Left {
                player: 1,
                computer: Level::Normal,
                away_s: Some(180),
            },
            json!({"type": "left", "player": 1, "computer": "normal", "away_s": 180}),
        ),
        (
            LobbyLine::Resumed {
                code: "ABCDE".into(),
                game: GameId::Betting,
                player: 1,
            },
            json!({"type": "resumed", "code": "ABCDE", "game": "betting", "player": 1}),
        ),
        (
            LobbyLine::error("no"),
            json!({"type": "error", "player": null, "message": "no"}),
        ),
        (
            LobbyLine::CaughtUp { steps: 4 },
            json!({"type": "caught_up", "steps": 4}),
        ),
    ];
    for (line, wire) in lines {
        assert_eq!(line.to_value(), wire);
        assert_eq!(serde_json::from_value::<LobbyLine>(wire).unwrap(), line);
    }
}
