//! Several servers on one PostgreSQL: games created on each, a join that
//! reaches the wrong server sent on to the game's owner, and one server
//! killed with SIGKILL mid-game whose games the others take up once its
//! leases run out, none lost, none played twice, every player back.

use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use black_and_white::cli::loadtest::listening_port;
use black_and_white::online::client::{Client, random_move};
use black_and_white::online::store::LEASE_SECONDS;
use black_and_white::online::table;
use black_and_white::rules::GameRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

use crate::online::{ServerProcess, TestStore, play_out};

const BIN: &str = env!("CARGO_BIN_EXE_black-and-white");

/// A server on `store` at a free port that says where it is.
fn server(store: &TestStore) -> (ServerProcess, String) {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("ws://127.0.0.1:{port}");
    let mut child = Command::new(BIN)
        .args(["serve", "--port", &port.to_string(), "--advertise", &url])
        .args(store.serve_args())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    assert_eq!(listening_port(child.stdout.take().unwrap()).unwrap(), port);
    (ServerProcess(child), url)
}

/// Sends `request` to `url` and waits for a line of type `until`,
/// following a `moved` to the server it names; a server that cannot be
/// reached is tried again through `url` until `deadline`. The client, the
/// line, and the server that answered.
fn seat_at(url: &str, request: &Value, until: &str, deadline: Instant) -> (Client, Value, String) {
    let mut at = url.to_owned();
    loop {
        assert!(Instant::now() < deadline, "no server seated {request} in time");
        let Ok(mut client) = Client::connect(&at) else {
            // The owner named is dead: its lease runs out soon.
            thread::sleep(Duration::from_millis(250));
            at = url.to_owned();
            continue;
        };
        client.send(request).unwrap();
        while let Ok(line) = client.read() {
            if line["type"] == until {
                return (client, line, at);
            }
            if line["type"] == "moved" {
                at = line["server"].as_str().unwrap().to_owned();
                break;
            }
            assert_ne!(line["type"], "error", "{request}: {line}");
        }
    }
}

struct Player {
    client: Client,
    token: String,
    rng: GameRng,
}

/// Answers this player's asks until it made `moves` moves.
fn play_moves(player: &mut Player, moves: usize) {
    let mut made = 0;
    while made < moves {
        let line = player.client.read().unwrap();
        if line["type"] == "ask" {
            player.client.send(&random_move(&line, &mut player.rng)).unwrap();
            made += 1;
        }
        assert_ne!(line["type"], "end", "the game ended too soon");
    }
}

#[test]
fn three_servers_share_the_games_and_take_up_a_killed_ones() {
    let store = TestStore::postgres("three-servers");
    let mut servers: Vec<(ServerProcess, String)> = (0..3).map(|_| server(&store)).collect();
    let urls: Vec<String> = servers.iter().map(|(_, url)| url.clone()).collect();
    let soon = || Instant::now() + Duration::from_secs(20);
    // Two games of tiles created on each server; each guest asks the next
    // server, which sends it on to the game's owner.
    let mut games = Vec::new();
    for n in 0..6 {
        let owner = n % 3;
        let create = json!({"type": "create", "game": "tiles", "opponent": "person"});
        let (host, created, _) = seat_at(&urls[owner], &create, "created", soon());
        let code = created["code"].as_str().unwrap().to_owned();
        let join = json!({"type": "join", "code": code});
        let (guest, joined, at) = seat_at(&urls[(owner + 1) % 3], &join, "joined", soon());
        assert_eq!(at, urls[owner], "the join was sent on to the game's owner");
        let player = |client, line: &Value, seed| Player {
            client,
            token: line["token"].as_str().unwrap().to_owned(),
            rng: GameRng::seed_from_u64(seed),
        };
        games.push((
            code,
            owner,
            [
                player(host, &created, 2 * n as u64),
                player(guest, &joined, 2 * n as u64 + 1),
            ],
        ));
    }
    // Each game under way: two moves by each seat (tiles alternates the
    // lead, so both are asked in each round).
    for (_, _, players) in &mut games {
        thread::scope(|scope| {
            for player in players.iter_mut() {
                scope.spawn(|| play_moves(player, 2));
            }
        });
    }
    // The first server dies.
    servers[0].0.kill();
    let killed = Instant::now();
    for (code, owner, players) in &mut games {
        if *owner != 0 {
            continue;
        }
        for player in players.iter_mut() {
            let resume = json!({"type": "resume", "token": player.token});
            let deadline = Instant::now() + Duration::from_secs(u64::from(LEASE_SECONDS) + 10);
            let (client, resumed, at) = seat_at(&urls[1], &resume, "resumed", deadline);
            assert_eq!(resumed["code"], code.as_str());
            assert_ne!(at, urls[0], "taken up by a server alive");
            player.client = client;
        }
    }
    let taken_up = killed.elapsed();
    eprintln!("the killed server's games taken up {taken_up:?} after the kill");
    assert!(
        taken_up <= Duration::from_secs(u64::from(LEASE_SECONDS) + 5),
        "taken up {taken_up:?} after the kill"
    );
    // Every game plays to its end, its two seats agreeing.
    let ends: Vec<(String, Value)> = games
        .into_iter()
        .map(|(code, _, players)| {
            let [a, b] = players.map(|mut player| {
                thread::spawn(move || {
                    let seed = player.rng.random::<u64>();
                    play_out(&mut player.client, seed)
                })
            });
            let (a, b) = (a.join().unwrap(), b.join().unwrap());
            assert_eq!(a, b, "game {code}: one end for both");
            (code, a)
        })
        .collect();
    // The record of each, played again, ends where the players saw it end:
    // no action lost or played twice.
    let mut kept = store.open();
    for (code, end) in ends {
        let (opening, steps) = kept.record(&code).unwrap();
        let transcript = table::reopen(&opening, &steps).unwrap().transcript(Some(0));
        assert_eq!(transcript.last().unwrap(), &end, "game {code}");
    }
}

/// Leases hold while their owner's heartbeat does: a server whose
/// renewals lapsed loses the games another server took meanwhile, and only
/// those, and learns which at its next renewal.
#[test]
fn a_server_whose_heartbeat_lapsed_learns_which_games_were_taken() {
    let store = TestStore::postgres("heartbeats");
    let black_and_white::online::store::Database::Postgres(url) = &store.0 else {
        unreachable!("a PostgreSQL store")
    };
    let (mut a, mut b) = (store.open(), store.open());
    let held = ["GAME1".to_string(), "GAME2".to_string()];
    assert_eq!(a.renew_leases("A", &[]).unwrap(), Vec::<String>::new());
    assert_eq!(b.renew_leases("B", &[]).unwrap(), Vec::<String>::new());
    for code in &held {
        assert_eq!(a.take_lease(code, "A").unwrap(), None);
    }
    assert_eq!(
        b.take_lease("GAME1", "B").unwrap().as_deref(),
        Some("A"),
        "A's heartbeat runs"
    );
    assert!(
        a.renew_leases("A", &held).unwrap().is_empty(),
        "nothing lost while it runs"
    );

    // A stalls past its heartbeat; B takes one of its games meanwhile.
    let mut db = postgres::Client::connect(url, postgres::NoTls).unwrap();
    db.execute(
        "UPDATE servers SET expires = now() - interval '1 second' WHERE owner = 'A'",
        &[],
    )
    .unwrap();
    assert_eq!(
        b.take_lease("GAME1", "B").unwrap(),
        None,
        "a lapsed owner's game is free"
    );
    assert_eq!(
        a.renew_leases("A", &held).unwrap(),
        ["GAME1"],
        "A learns what it lost"
    );
    assert_eq!(a.take_lease("GAME1", "A").unwrap().as_deref(), Some("B"));
    assert_eq!(
        b.take_lease("GAME2", "B").unwrap().as_deref(),
        Some("A"),
        "A holds the rest again"
    );
}
