//! The server against hostile and unlucky clients: a game left after its
//! end, a fault inside one game, a flood of games nobody joins, a
//! handshake sent a byte at a time, a process out of files, a binary
//! frame, and what a client that comes back is told. Each was found from
//! outside (issue 39) and each test failed before its fix. Besides, a
//! client that stops reading costs the server a bounded queue: it is
//! dropped and takes its seat back with its token.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, TcpStream};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use black_and_white::cli::loadtest::{cpu_seconds, listening_port};
use black_and_white::ids::GameId;
use black_and_white::online::client::{Client, random_move};
use black_and_white::online::hub::{ConnId, Effects};
use black_and_white::online::store::Seats;
use black_and_white::online::{limits, table};
use black_and_white::replay::{iso, now_iso, now_seconds};
use black_and_white::rules::{GameRng, Seat};
use rand::SeedableRng;
use serde_json::{Value, json};

use crate::online::{Bench, Decision, ServerProcess, TestStore, data_dir, on_both_stores, play_out, serve};

const BIN: &str = env!("CARGO_BIN_EXE_black-and-white");

pub fn create(game: &str, opponent: &str) -> String {
    json!({"type": "create", "game": game, "opponent": opponent}).to_string()
}

const LEAVE: &str = r#"{"type":"leave"}"#;

/// The code in a `created` line among `effects` for `conn`.
fn created_code(effects: &Effects, conn: ConnId) -> String {
    let lines = Bench::to(effects, conn);
    assert_eq!(lines[0]["type"], "created", "{lines:?}");
    lines[0]["code"].as_str().unwrap().to_owned()
}

/// The first message of the first line `effects` has for `conn`.
fn message_to(effects: &Effects, conn: ConnId) -> String {
    Bench::to(effects, conn)[0]["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// A game of tiles between connections `a` and `b`, begun: its code, the
/// effects of the join (the first ask among them) and the seats' tokens.
pub fn tiles_between(bench: &mut Bench, a: ConnId, b: ConnId) -> (String, Effects, [String; 2]) {
    bench.connect(a);
    bench.connect(b);
    let created = bench.say(a, &create("tiles", "person"));
    let code = created_code(&created, a);
    let joined = bench.say(b, &json!({"type": "join", "code": code}).to_string());
    let token = |effects: &Effects, conn| Bench::to(effects, conn)[0]["token"].as_str().unwrap().to_owned();
    let tokens = [token(&created, a), token(&joined, b)];
    (code, joined, tokens)
}

#[test]
fn after_the_end_one_seat_leaves_and_the_other_may_still_move_and_leave() {
    let mut bench = Bench::new();
    let (_, joined, _) = tiles_between(&mut bench, 1, 2);
    bench.play_to_the_end(joined, &mut GameRng::seed_from_u64(1));
    assert_eq!(Bench::to(&bench.say(1, LEAVE), 1)[0]["type"], "bye");
    let moved = bench.say(2, r#"{"player":1,"action":{"tile":0}}"#);
    let replies = Bench::to(&moved, 2);
    assert_eq!(replies.len(), 1, "an error and no ask: {replies:?}");
    assert_eq!(replies[0]["message"], "the game is over");
    assert_eq!(Bench::to(&bench.say(2, LEAVE), 2)[0]["type"], "bye");
    assert_eq!(bench.hub.games(), 0, "a finished game both have left is let go");
    // And the hub serves on.
    bench.connect(3);
    let created = bench.say(3, &create("tiles", "easy"));
    assert!(Bench::to(&created, 3).iter().any(|line| line["type"] == "start"));
}

on_both_stores! {
fn one_client_cannot_stop_the_server(store) {
    let url = serve(&store);
    let mut host = Client::connect(&url).unwrap();
    host.send(&json!({"type": "create", "game": "tiles", "opponent": "person"}))
        .unwrap();
    let code = host.until("created").unwrap()["code"].clone();
    let mut guest = Client::connect(&url).unwrap();
    guest.send(&json!({"type": "join", "code": code})).unwrap();
    let guest = thread::spawn(move || {
        play_out(&mut guest, 2);
        guest
    });
    play_out(&mut host, 1);
    let mut guest = guest.join().unwrap();
    host.send(&json!({"type": "leave"})).unwrap();
    host.until("bye").unwrap();
    guest.send(&json!({"player": 1, "action": {"tile": 0}})).unwrap();
    assert_eq!(guest.until("error").unwrap()["message"], "the game is over");
    guest.send(&json!({"type": "leave"})).unwrap();
    guest.until("bye").unwrap();
    let mut next = Client::connect(&url).unwrap();
    next.send(&json!({"type": "create", "game": "tiles", "opponent": "easy"}))
        .unwrap();
    assert_eq!(
        next.until("start").unwrap()["game"],
        "tiles",
        "the server still serves"
    );
}
}

#[test]
fn a_fault_in_one_game_stops_that_game_alone() {
    let mut bench = Bench::new();
    let (code, _, tokens) = tiles_between(&mut bench, 1, 2);
    let (_, other_game, _) = tiles_between(&mut bench, 3, 4);
    let stopped = bench
        .hub
        .guarded(1, Some(code.clone()), |_, _| panic!("a fault in a game's code"));
    for conn in [1, 2] {
        assert!(
            message_to(&stopped, conn).contains("stopped on a fault"),
            "{:?}",
            stopped.sends
        );
        assert!(stopped.closes.contains(&conn));
    }
    assert!(
        stopped.sends.iter().all(|(conn, _)| [1, 2].contains(conn)),
        "nothing reaches the other game"
    );
    // The other game plays on.
    let (mover, ask) = other_game
        .sends
        .iter()
        .rfind(|(_, line)| line["type"] == "ask")
        .cloned()
        .unwrap();
    let played = bench.say(
        mover,
        &random_move(&ask, &mut GameRng::seed_from_u64(2)).to_string(),
    );
    let waiter = if mover == 3 { 4 } else { 3 };
    assert!(!Bench::to(&played, waiter).is_empty(), "{:?}", played.sends);
    // The stopped game is not opened again by its tokens.
    bench.connect(5);
    let resumed = bench.say(5, &json!({"type": "resume", "token": tokens[0]}).to_string());
    assert!(message_to(&resumed, 5).contains("stopped on a fault"));
}

#[test]
fn waiting_games_expire_and_one_address_may_keep_only_a_few_waiting() {
    let mut bench = Bench::new();
    let address: IpAddr = "203.0.113.7".parse().unwrap();
    let elsewhere: IpAddr = "2001:db8:1:2::5".parse().unwrap();
    let mut codes = Vec::new();
    for conn in 1..=limits::WAITING_PER_ADDRESS as ConnId {
        bench.connect_from(conn, address);
        // A client that creates and goes: the game still waits.
        codes.push(created_code(&bench.say(conn, &create("tiles", "person")), conn));
        bench.hub.disconnect(conn, bench.now);
    }
    bench.connect_from(100, address);
    let refused = bench.say(100, &create("tiles", "person"));
    assert!(
        message_to(&refused, 100).contains("wait for a second player"),
        "{:?}",
        refused.sends
    );
    assert_eq!(bench.hub.games(), limits::WAITING_PER_ADDRESS);
    // A game against the computer from that address is still made, and a
    // game from another address is not held to that one's count.
    created_code(&bench.say(100, &create("tiles", "easy")), 100);
    bench.connect_from(101, elsewhere);
    let creator = bench.say(101, &create("bidding", "person"));
    let theirs = created_code(&creator, 101);
    // Their time runs out: the creator still there is told, and every
    // code is forgotten.
    bench.now += limits::WAITING + Duration::from_secs(1);
    let swept = bench.hub.tick(bench.now);
    assert!(message_to(&swept, 101).contains("nobody joined"));
    bench.connect_from(102, "2001:db8:1:2:ffff::9".parse().unwrap());
    for code in codes.iter().chain([&theirs]) {
        let join = bench.say(102, &json!({"type": "join", "code": code}).to_string());
        assert!(message_to(&join, 102).contains("no game has the code"), "{code}");
    }
    assert_eq!(bench.hub.games(), 1, "only the game against the computer");
    // The address may make games that wait again.
    bench.connect_from(103, address);
    created_code(&bench.say(103, &create("tiles", "person")), 103);
}

#[test]
fn one_address_may_create_only_so_many_games_a_minute() {
    let mut bench = Bench::new();
    let address: IpAddr = "198.51.100.3".parse().unwrap();
    for conn in 0..limits::CREATE_BURST as ConnId {
        bench.connect_from(conn, address);
        created_code(&bench.say(conn, &create("tiles", "easy")), conn);
    }
    bench.connect_from(1000, address);
    let refused = bench.say(1000, &create("tiles", "easy"));
    let refusal = &Bench::to(&refused, 1000)[0];
    assert!(
        refusal["message"]
            .as_str()
            .unwrap()
            .contains("too many new games"),
        "{refusal}"
    );
    let wait = refusal["retry_ms"].as_u64().unwrap();
    assert!(wait <= limits::CREATE_EVERY.as_millis() as u64 + 1, "{refusal}");
    bench.now += Duration::from_millis(wait);
    created_code(&bench.say(1000, &create("tiles", "easy")), 1000);
}

#[test]
fn the_limits_count_an_ipv6_network_as_one_address() {
    let counted = |text: &str| limits::counted_address(text.parse().unwrap());
    assert_eq!(counted("2001:db8:1:2::5"), counted("2001:db8:1:2:ffff:1:2:3"));
    assert_ne!(counted("2001:db8:1:2::5"), counted("2001:db8:1:3::5"));
    assert_eq!(counted("::ffff:192.0.2.1"), counted("192.0.2.1"));
    assert_ne!(counted("192.0.2.1"), counted("192.0.2.2"));
}

on_both_stores! {
fn a_restart_forgets_the_waiting_games_whose_time_ran_out_and_keeps_the_rest(test_store) {
    {
        let mut store = test_store.open();
        let waiting = Seats {
            tokens: [Some("0".repeat(32)), None],
            ..Seats::default()
        };
        let opening = table::open(GameId::Tiles, None, 7).unwrap().opening();
        let long_ago = iso(now_seconds() - limits::WAITING.as_secs() - 120);
        store.create("OLDGM", &opening, &waiting, &long_ago).unwrap();
        store.create("NEWGM", &opening, &waiting, &now_iso()).unwrap();
    }
    let mut bench = Bench::over(test_store.open());
    let mut store = test_store.open();
    assert!(
        store.by_code("OLDGM").unwrap().is_none(),
        "forgotten at the start"
    );
    assert!(store.by_code("NEWGM").unwrap().is_some());
    assert_eq!(bench.hub.stored_games().unwrap(), 1);
    bench.connect(1);
    let old = bench.say(1, r#"{"type":"join","code":"OLDGM"}"#);
    assert!(message_to(&old, 1).contains("no game has the code"));
    let new = bench.say(1, r#"{"type":"join","code":"NEWGM"}"#);
    let lines = Bench::to(&new, 1);
    assert_eq!(lines[0]["type"], "joined", "{lines:?}");
    assert!(lines.iter().any(|line| line["type"] == "start"));
}
}

#[test]
fn a_binary_frame_is_refused_and_the_seat_to_move_asked_again() {
    let mut bench = Bench::new();
    let Decision {
        ask, mover, waiter, ..
    } = bench.betting_in_slots();
    let why = "messages are JSON text, not binary";
    let refused = bench.hub.unreadable(mover, why, bench.now);
    assert_eq!(Bench::to(&refused, mover)[0]["message"], why);
    assert_eq!(
        Bench::to(&refused, mover).get(1),
        Some(&ask),
        "asked again, the same"
    );
    let refused = bench.hub.unreadable(waiter, why, bench.now);
    assert_eq!(Bench::to(&refused, waiter).len(), 1, "only the error");
}

#[test]
fn a_client_that_comes_back_is_told_where_the_past_ends() {
    let mut bench = Bench::new();
    let (_, joined, tokens) = tiles_between(&mut bench, 1, 2);
    let ask = joined
        .sends
        .iter()
        .rfind(|(_, line)| line["type"] == "ask")
        .unwrap()
        .1
        .clone();
    let to_move = ask["player"].as_u64().unwrap() as Seat;
    for (seat, conn) in [(0, 1), (1, 2)] {
        bench.hub.disconnect(conn, bench.now);
        let back = conn + 10;
        bench.connect(back);
        let resumed = bench.say(
            back,
            &json!({"type": "resume", "token": tokens[seat]}).to_string(),
        );
        let kinds: Vec<Value> = Bench::to(&resumed, back)
            .iter()
            .map(|line| line["type"].clone())
            .collect();
        if seat == to_move {
            assert_eq!(kinds, ["resumed", "start", "caught_up", "ask"]);
        } else {
            assert_eq!(kinds, ["resumed", "start", "caught_up"], "the line ends the past");
        }
    }
}

/// A WebSocket upgrade request for `address`.
fn upgrade_request(address: &str) -> String {
    format!(
        "GET / HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
}

#[test]
fn a_handshake_sent_a_few_bytes_a_second_is_cut_off_at_its_deadline() {
    let url = serve(&TestStore::sqlite("slowloris"));
    let address = url.strip_prefix("ws://").unwrap();
    let request = upgrade_request(address);
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_millis(10))).unwrap();
    let began = Instant::now();
    // Sixteen pieces a second apart: no read of the server's waits long,
    // but the whole request would take longer than its deadline.
    let mut closed = false;
    for piece in request.as_bytes().chunks(request.len().div_ceil(16)) {
        if stream.write_all(piece).is_err() {
            closed = true;
            break;
        }
        thread::sleep(Duration::from_secs(1));
        let mut answer = [0; 512];
        match stream.read(&mut answer) {
            Ok(0) => closed = true,
            Ok(n) => panic!(
                "answered after {:?}: {}",
                began.elapsed(),
                String::from_utf8_lossy(&answer[..n])
            ),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(_) => closed = true,
        }
        if closed {
            break;
        }
    }
    let after = began.elapsed();
    assert!(closed, "the slow handshake was never cut off");
    assert!(
        after >= limits::HANDSHAKE && after <= limits::HANDSHAKE + Duration::from_secs(3),
        "cut off at its deadline, not at a read's: after {after:?}"
    );
}

#[test]
fn a_server_with_few_files_refuses_what_it_cannot_hold_and_does_not_spin() {
    let dir = data_dir("few-files");
    let mut command = Command::new(BIN);
    command
        .args(["serve", "--port", "0", "--data"])
        .arg(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe and touches only this child.
    unsafe {
        command.pre_exec(|| {
            let few = libc::rlimit {
                rlim_cur: 96,
                rlim_max: 96,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &few) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let mut child = command.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let stderr = child.stderr.take().unwrap();
    let server = ServerProcess(child);
    let port = listening_port(stdout).unwrap();
    let mut log = String::new();
    BufReader::new(stderr).read_line(&mut log).unwrap();
    assert!(
        log.contains("open files 96") && log.contains("room for 32 connections"),
        "the log says why it holds so few: {log}"
    );
    let url = format!("ws://127.0.0.1:{port}");
    let mut held = Vec::new();
    let mut refusals = Vec::new();
    for _ in 0..80 {
        match Client::connect(&url) {
            Ok(client) => held.push(client),
            Err(e) => refusals.push(e),
        }
    }
    assert_eq!(held.len(), 32, "{refusals:?}");
    assert!(
        refusals.iter().all(|e| e.contains("503")),
        "refused plainly, before any WebSocket: {refusals:?}"
    );
    for client in &mut held {
        client.send(&json!({"type": "leave"})).unwrap();
        assert!(
            client.read().unwrap()["message"]
                .as_str()
                .unwrap()
                .contains("not at a game")
        );
    }
    let pid = server.0.id();
    let before = cpu_seconds(pid).unwrap();
    thread::sleep(Duration::from_secs(2));
    let spent = cpu_seconds(pid).unwrap() - before;
    assert!(spent < 0.5, "an idle server spent {spent} s of CPU in 2 s");
}

#[test]
fn the_load_test_leaves_no_data_behind() {
    let child = Command::new(BIN)
        .args(["loadtest", "--games", "4", "--game", "tiles", "--think", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let output = child.wait_with_output().unwrap();
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{printed}");
    assert!(printed.contains("finished 4 of 4"), "{printed}");
    let data = std::env::temp_dir().join(format!("black-and-white-loadtest-{pid}"));
    assert!(!data.exists(), "{} is left behind", data.display());
}

#[test]
fn a_client_that_stops_reading_is_dropped_and_takes_its_seat_back() {
    use tungstenite::Message;
    let url = serve(&TestStore::sqlite("stops-reading"));
    // A small window, so that what the server writes waits in its queue
    // rather than in this machine's socket buffers.
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let address = black_and_white::online::client::server_address(&url).unwrap();
    socket.connect(&address.into()).unwrap();
    let stream: TcpStream = socket.into();
    stream.set_write_timeout(Some(Duration::from_secs(60))).unwrap();
    let (mut laggard, _) = tungstenite::client(url.as_str(), stream).unwrap();
    let create = json!({"type": "create", "game": "wargame", "opponent": "easy"});
    laggard.send(Message::text(create.to_string())).unwrap();
    let mut token = None;
    loop {
        let line: Value = serde_json::from_str(laggard.read().unwrap().to_text().unwrap()).unwrap();
        if line["type"] == "created" {
            token = line["token"].as_str().map(str::to_owned);
        }
        if line["type"] == "ask" {
            break;
        }
    }
    // From here it never reads: each message it sends, within the rate,
    // is answered with an error and the ask again (over a kilobyte).
    let started = Instant::now();
    let dropped = loop {
        assert!(
            started.elapsed() < Duration::from_secs(90),
            "a client that reads nothing is still served after 90 s"
        );
        if laggard
            .send(Message::text(r#"{"type":"not a request"}"#))
            .is_err()
        {
            break started.elapsed();
        }
        thread::sleep(Duration::from_millis(60));
    };
    eprintln!("a client that stopped reading was dropped after {dropped:?}");
    let mut back = Client::connect(&url).unwrap();
    back.send(&json!({"type": "resume", "token": token.unwrap()}))
        .unwrap();
    back.until("caught_up").unwrap();
    assert_eq!(
        back.until("ask").unwrap()["player"],
        0,
        "the seat is taken back and asked again"
    );
}

#[test]
fn a_seat_back_after_its_game_ended_and_was_let_go_is_told_how_it_ended() {
    let mut bench = Bench::new();
    let (_, joined, tokens) = tiles_between(&mut bench, 1, 2);
    bench.play_to_the_end(joined, &mut GameRng::seed_from_u64(2));
    for conn in [1, 2] {
        bench.say(conn, LEAVE);
    }
    assert_eq!(bench.hub.games(), 0, "the finished game is let go");
    for (seat, back, table) in [(0, 3, false), (1, 4, true)] {
        bench.connect(back);
        let resume = json!({"type": "resume", "token": tokens[seat], "table": table});
        let told = bench.say(back, &resume.to_string());
        let lines = Bench::to(&told, back);
        let kinds: Vec<&str> = lines.iter().filter_map(|line| line["type"].as_str()).collect();
        assert_eq!(kinds[0], "resumed", "{kinds:?}");
        assert_eq!(lines[0]["player"], seat);
        if table {
            assert_eq!(kinds[1..], ["table"], "the table as it ended");
            assert!(!lines[1]["outcome"].is_null(), "{}", lines[1]);
        } else {
            assert_eq!(kinds[1], "start");
            assert_eq!(kinds[kinds.len() - 2..], ["end", "caught_up"], "{kinds:?}");
            assert!(!kinds.contains(&"ask"), "nothing is asked of a finished game");
        }
    }
    assert_eq!(bench.hub.games(), 0, "and it is not held again");
}

#[test]
fn a_player_away_for_the_abandon_time_while_the_other_waits_gives_the_seat_to_the_computer() {
    let mut bench = Bench::new();
    let (_, _, tokens) = tiles_between(&mut bench, 1, 2);
    bench.hub.disconnect(2, bench.now);
    let start = bench.now;
    bench.now = start + limits::ABANDON - Duration::from_secs(1);
    let early = bench.hub.tick(bench.now);
    assert!(
        Bench::to(&early, 1).is_empty(),
        "not yet: {:?}",
        Bench::to(&early, 1)
    );
    bench.now = start + limits::ABANDON + Duration::from_secs(1);
    let ticked = bench.hub.tick(bench.now);
    let told = bench.think(ticked);
    let lines = Bench::to(&told, 1);
    assert_eq!(
        lines[0],
        json!({"type": "left", "player": 1, "computer": "normal", "away_s": 180}),
        "{lines:?}"
    );
    // The game plays on against the computer, to its end.
    let rng = &mut GameRng::seed_from_u64(5);
    bench.play_to_the_end(told, rng);
    // The player who abandoned it has no seat to take back.
    bench.connect(3);
    let back = bench.say(3, &json!({"type": "resume", "token": tokens[1]}).to_string());
    assert_ne!(Bench::to(&back, 3)[0]["type"], "resumed");
}

#[test]
fn a_game_both_players_are_away_from_waits_for_them() {
    let mut bench = Bench::new();
    let (_, _, tokens) = tiles_between(&mut bench, 1, 2);
    bench.hub.disconnect(1, bench.now);
    bench.hub.disconnect(2, bench.now);
    bench.now += limits::ABANDON * 2;
    let ticked = bench.hub.tick(bench.now);
    assert!(ticked.sends.is_empty() && ticked.thinking.is_empty());
    for (seat, token) in tokens.iter().enumerate() {
        let conn = 10 + seat as ConnId;
        bench.connect(conn);
        let back = bench.say(conn, &json!({"type": "resume", "token": token}).to_string());
        assert_eq!(
            Bench::to(&back, conn)[0]["type"],
            "resumed",
            "seat {seat} is still theirs"
        );
    }
}
