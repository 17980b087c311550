//! `black-and-white loadtest`: many games at once through one server, each
//! seat a client over a real socket playing random legal moves after a
//! pause, with the time from an action to the next `ask`, the most games
//! held at once, and the server's memory and CPU (docs/figures.md). To a
//! server on this machine each client connects from a loopback address of
//! its own, as players come from many machines: the server's limits per
//! address hold for the load test as for anyone.

use std::io::{BufRead, BufReader};
use std::net::{IpAddr, Ipv4Addr, ToSocketAddrs};
use std::path::PathBuf;
use std::process::{Child, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};

use super::command::LoadOptions;
use crate::ids::GameId;
use crate::online::client::Client;
use crate::rules::GameRng;
use crate::wire::{Across, Request};

pub fn parse(args: &[String]) -> Result<LoadOptions, String> {
    let mut options = LoadOptions {
        games: 500,
        game: None,
        think_ms: 100,
        server: None,
    };
    let mut iter = args.iter();
    while let Some(flag) = iter.next() {
        let mut value = || iter.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |text: &str| {
            text.parse::<u64>()
                .map_err(|_| format!("{flag} takes a whole number, not `{text}`"))
        };
        match flag.as_str() {
            "--games" => options.games = number(value()?)?.clamp(1, 5000) as usize,
            "--think" => options.think_ms = number(value()?)?.min(60_000),
            "--game" => {
                let text = value()?;
                options.game = if text == "all" {
                    None
                } else {
                    Some(GameId::parse(text)?)
                };
            }
            "--server" => options.server = Some(value()?.clone()),
            other => return Err(format!("loadtest: unknown option `{other}`")),
        }
    }
    Ok(options)
}

/// What the games measured, shared by their threads.
#[derive(Default)]
struct Tally {
    waits: Mutex<Vec<Duration>>,
    playing: AtomicUsize,
    most: AtomicUsize,
    finished: AtomicUsize,
    failures: Mutex<Vec<String>>,
}

/// The server the load test started, and its data folder: both gone when
/// it is dropped, however the test ends.
struct OwnServer {
    child: Child,
    data: PathBuf,
}

impl Drop for OwnServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

pub fn run(options: &LoadOptions) -> ExitCode {
    let (url, server) = match &options.server {
        Some(url) => (url.clone(), None),
        None => match own_server() {
            Ok((url, server)) => (url, Some(server)),
            Err(e) => {
                eprintln!("black-and-white loadtest: {e}");
                return ExitCode::from(1);
            }
        },
    };
    let pid = server.as_ref().map(|server| server.child.id());
    let local = is_loopback(&url);
    let tally = Arc::new(Tally::default());
    let peak_memory = Arc::new(AtomicUsize::new(0));
    let done = Arc::new(AtomicUsize::new(0));
    if let Some(pid) = pid {
        let (peak, done) = (Arc::clone(&peak_memory), Arc::clone(&done));
        thread::spawn(move || {
            while done.load(Ordering::SeqCst) == 0 {
                peak.fetch_max(resident_kib(pid).unwrap_or(0), Ordering::SeqCst);
                thread::sleep(Duration::from_millis(200));
            }
        });
    }
    let games = [GameId::Tiles, GameId::Bidding, GameId::Betting, GameId::Wargame];
    let started = Instant::now();
    let mut threads = Vec::new();
    for n in 0..options.games {
        let game = options.game.unwrap_or(games[n % games.len()]);
        let (url, tally, think) = (url.clone(), Arc::clone(&tally), options.think_ms);
        let from = |k: usize| local.then(|| loopback(k));
        let (host, guest) = (from(2 * n), from(2 * n + 1));
        // Connections a little apart, as players arrive.
        thread::sleep(Duration::from_millis(2));
        threads.push(
            thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || {
                    if let Err(e) = one_game(&url, [host, guest], game, n as u64, think, &tally) {
                        tally
                            .failures
                            .lock()
                            .expect("not poisoned")
                            .push(format!("game {n} ({}): {e}", game.id()));
                    }
                })
                .expect("a thread starts"),
        );
    }
    for thread in threads {
        let _ = thread.join();
    }
    let wall = started.elapsed();
    done.store(1, Ordering::SeqCst);
    let cpu = pid.and_then(cpu_seconds);
    drop(server);
    let mut waits = tally.waits.lock().expect("not poisoned").clone();
    waits.sort();
    let at = |q: f64| waits.get(((waits.len() as f64 * q) as usize).min(waits.len().saturating_sub(1)));
    let ms = |d: Option<&Duration>| d.map_or("-".into(), |d| format!("{:.1} ms", d.as_secs_f64() * 1000.0));
    let which = options
        .game
        .map_or("tiles, bidding, betting and wargame in turn".into(), |g| {
            g.id().to_owned()
        });
    println!(
        "loadtest: {} games of {which}, each move after about {} ms",
        options.games, options.think_ms
    );
    println!(
        "finished {} of {} in {:.1} s; most games in progress at once: {}",
        tally.finished.load(Ordering::SeqCst),
        options.games,
        wall.as_secs_f64(),
        tally.most.load(Ordering::SeqCst)
    );
    println!(
        "action to the next ask: p50 {}, p99 {}, max {} (n = {})",
        ms(at(0.5)),
        ms(at(0.99)),
        ms(waits.last()),
        waits.len()
    );
    if let Some(pid) = pid {
        let cpu = cpu.unwrap_or(0.0);
        println!(
            "server (pid {pid}): peak memory {:.1} MiB, CPU {cpu:.1} s ({:.0}% of one core)",
            peak_memory.load(Ordering::SeqCst) as f64 / 1024.0,
            100.0 * cpu / wall.as_secs_f64()
        );
    }
    let failures = tally.failures.lock().expect("not poisoned");
    for failure in failures.iter().take(10) {
        println!("failed: {failure}");
    }
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Whether `url` names a server on this machine.
fn is_loopback(url: &str) -> bool {
    url.strip_prefix("ws://")
        .and_then(|rest| rest.split('/').next())
        .and_then(|authority| authority.to_socket_addrs().ok())
        .and_then(|mut addresses| addresses.next())
        .is_some_and(|address| address.ip().is_loopback())
}

/// The `k`th loopback address after 127.0.0.1 (127.0.0.0/8 is all this
/// machine's), skipping the .0 and .255 of each block.
fn loopback(k: usize) -> IpAddr {
    let (block, last) = (k / 254, k % 254 + 1);
    IpAddr::V4(Ipv4Addr::new(127, (block >> 8) as u8, block as u8, last as u8))
}

/// One game between two clients, the second joining by the first's code.
fn one_game(
    url: &str,
    [from_host, from_guest]: [Option<IpAddr>; 2],
    game: GameId,
    n: u64,
    think: u64,
    tally: &Arc<Tally>,
) -> Result<(), String> {
    let mut host = Client::connect_from(url, from_host)?;
    host.request(&Request::Create {
        game,
        across: Across::Person,
        scenario: None,
        table: false,
    })?;
    let code = host.until("created")?["code"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let guest = Client::connect_from(url, from_guest)?;
    let sent = Arc::new(Mutex::new(None::<Instant>));
    let playing = tally.playing.fetch_add(1, Ordering::SeqCst) + 1;
    tally.most.fetch_max(playing, Ordering::SeqCst);
    let other = {
        let (tally, sent) = (Arc::clone(tally), Arc::clone(&sent));
        thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || {
                let mut guest = guest;
                guest.request(&Request::Join { code, table: false })?;
                play(guest, 2 * n + 1, think, &sent, &tally)
            })
            .map_err(|e| e.to_string())?
    };
    let mine = play(host, 2 * n, think, &sent, tally);
    let theirs = other.join().map_err(|_| "a client thread panicked".to_string())?;
    tally.playing.fetch_sub(1, Ordering::SeqCst);
    mine.and(theirs)?;
    tally.finished.fetch_add(1, Ordering::SeqCst);
    Ok(())
}

fn play(
    mut client: Client,
    seed: u64,
    think: u64,
    sent: &Mutex<Option<Instant>>,
    tally: &Tally,
) -> Result<(), String> {
    let mut rng = GameRng::seed_from_u64(seed);
    client.play_randomly(&mut rng, |rng| {
        if let Some(at) = sent.lock().expect("not poisoned").take() {
            tally.waits.lock().expect("not poisoned").push(at.elapsed());
        }
        if think > 0 {
            thread::sleep(Duration::from_millis(rng.random_range(think / 2..=think * 3 / 2)));
        }
        *sent.lock().expect("not poisoned") = Some(Instant::now());
    })?;
    client.close();
    Ok(())
}

/// Starts `serve` on a free port with a fresh data folder.
fn own_server() -> Result<(String, OwnServer), String> {
    let data = std::env::temp_dir().join(format!("black-and-white-loadtest-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut child = std::process::Command::new(exe)
        .args(["serve", "--port", "0", "--data"])
        .arg(&data)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    let stdout = child.stdout.take().expect("piped");
    let server = OwnServer { child, data };
    let port = listening_port(stdout)?;
    Ok((format!("ws://127.0.0.1:{port}"), server))
}

/// The port from the server's first line ("listening on ws://0.0.0.0:PORT").
pub fn listening_port(stdout: impl std::io::Read) -> Result<u16, String> {
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .map_err(|e| format!("the server said nothing: {e}"))?;
    line.split("ws://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|address| address.rsplit(':').next())
        .and_then(|port| port.parse().ok())
        .ok_or_else(|| format!("the server did not say where it listens: {line}"))
}

fn resident_kib(pid: u32) -> Option<usize> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// User and system CPU seconds of a process, from /proc (100 ticks a second).
pub fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command's closing parenthesis; utime and stime are
    // the 14th and 15th of the whole line.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}
