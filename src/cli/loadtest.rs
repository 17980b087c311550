//! `black-and-white loadtest`: many games at once through one server, each
//! seat a client over a real socket playing random legal moves after a
//! pause, with the time from an action to the next `ask`, the most games
//! held at once, and the server's memory and CPU (docs/figures.md). To a
//! server on this machine each client connects from a loopback address of
//! its own, as players come from many machines: the server's limits per
//! address hold for the load test as for anyone.

use std::io::{BufRead, BufReader};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::{Child, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::{RngExt, SeedableRng};
use serde_json::Value;
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::command::LoadOptions;
use crate::ids::GameId;
use crate::online::client::{random_move, server_address};
use crate::online::open_files;
use crate::rules::GameRng;
use crate::wire::{Across, Request};

/// The most games one run plays: each is two connections, and a process
/// here may open 20,000 files.
const MOST_GAMES: u64 = 20_000;

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
            "--games" => options.games = number(value()?)?.clamp(1, MOST_GAMES) as usize,
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

/// What the games measured, shared by their tasks.
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
    let (before, files) = open_files::raise_to(2 * options.games as u64 + 64);
    if files < 2 * options.games as u64 + 64 {
        eprintln!(
            "black-and-white loadtest: open files {before} raised to {files}, its hard limit: \
             too few for {} connections; some will fail",
            2 * options.games
        );
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("black-and-white loadtest: cannot start the clients' threads: {e}");
            return ExitCode::from(1);
        }
    };
    let started = Instant::now();
    runtime.block_on(all_games(options, &url, local, &tally));
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
    server_address(url).is_ok_and(|address| address.ip().is_loopback())
}

/// The `k`th loopback address after 127.0.0.1 (127.0.0.0/8 is all this
/// machine's), skipping the .0 and .255 of each block.
fn loopback(k: usize) -> IpAddr {
    let (block, last) = (k / 254, k % 254 + 1);
    IpAddr::V4(Ipv4Addr::new(127, (block >> 8) as u8, block as u8, last as u8))
}

/// Every game, started a little apart as players arrive, each two tasks.
async fn all_games(options: &LoadOptions, url: &str, local: bool, tally: &Arc<Tally>) {
    let games = [GameId::Tiles, GameId::Bidding, GameId::Betting, GameId::Wargame];
    let mut arrivals = tokio::time::interval(Duration::from_millis(2));
    let mut running = Vec::new();
    for n in 0..options.games {
        arrivals.tick().await;
        let game = options.game.unwrap_or(games[n % games.len()]);
        let (url, tally, think) = (url.to_owned(), Arc::clone(tally), options.think_ms);
        let from = |k: usize| local.then(|| loopback(k));
        let (host, guest) = (from(2 * n), from(2 * n + 1));
        running.push(tokio::spawn(async move {
            if let Err(e) = one_game(&url, [host, guest], game, n as u64, think, &tally).await {
                tally
                    .failures
                    .lock()
                    .expect("not poisoned")
                    .push(format!("game {n} ({}): {e}", game.id()));
            }
        }));
    }
    for game in running {
        let _ = game.await;
    }
}

/// One game between two clients, the second joining by the first's code.
async fn one_game(
    url: &str,
    [from_host, from_guest]: [Option<IpAddr>; 2],
    game: GameId,
    n: u64,
    think: u64,
    tally: &Arc<Tally>,
) -> Result<(), String> {
    let mut host = LoadClient::connect(url, from_host).await?;
    host.request(&Request::Create {
        game,
        across: Across::Person,
        scenario: None,
        table: false,
    })
    .await?;
    let code = host.until("created").await?["code"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let mut guest = LoadClient::connect(url, from_guest).await?;
    let sent = Arc::new(Mutex::new(None::<Instant>));
    let playing = tally.playing.fetch_add(1, Ordering::SeqCst) + 1;
    tally.most.fetch_max(playing, Ordering::SeqCst);
    let other = {
        let (tally, sent) = (Arc::clone(tally), Arc::clone(&sent));
        tokio::spawn(async move {
            guest.request(&Request::Join { code, table: false }).await?;
            guest.play(2 * n + 1, think, &sent, &tally).await
        })
    };
    let mine = host.play(2 * n, think, &sent, tally).await;
    let theirs = other.await.map_err(|_| "a client's task panicked".to_string())?;
    tally.playing.fetch_sub(1, Ordering::SeqCst);
    mine.and(theirs)?;
    tally.finished.fetch_add(1, Ordering::SeqCst);
    Ok(())
}

/// A client of the load test: a task, not a thread, so that one process
/// holds as many players as the server does.
struct LoadClient {
    socket: WebSocketStream<TcpStream>,
}

impl LoadClient {
    async fn connect(url: &str, from: Option<IpAddr>) -> Result<LoadClient, String> {
        let failed = |e: &dyn std::fmt::Display| format!("{url}: {e}");
        let server = server_address(url)?;
        let socket = if server.is_ipv4() {
            TcpSocket::new_v4()
        } else {
            TcpSocket::new_v6()
        }
        .map_err(|e| failed(&e))?;
        if let Some(from) = from {
            socket
                .bind(SocketAddr::new(from, 0))
                .map_err(|e| failed(&format!("cannot connect from {from}: {e}")))?;
        }
        let stream = socket.connect(server).await.map_err(|e| failed(&e))?;
        let _ = stream.set_nodelay(true);
        let config = WebSocketConfig::default().read_buffer_size(4096);
        let (socket, _) = tokio_tungstenite::client_async_with_config(url, stream, Some(config))
            .await
            .map_err(|e| failed(&e))?;
        Ok(LoadClient { socket })
    }

    async fn send(&mut self, message: &Value) -> Result<(), String> {
        self.socket
            .send(Message::text(message.to_string()))
            .await
            .map_err(|e| e.to_string())
    }

    async fn request(&mut self, request: &Request) -> Result<(), String> {
        self.send(&serde_json::to_value(request).expect("requests serialize"))
            .await
    }

    /// The next message as JSON; `Err` once the connection is closed.
    async fn read(&mut self) -> Result<Value, String> {
        loop {
            match self.socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    return serde_json::from_str(&text).map_err(|e| format!("the server sent {text}: {e}"));
                }
                Some(Ok(Message::Close(_))) | None => return Err("the server closed the connection".into()),
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e.to_string()),
            }
        }
    }

    /// Messages until one of type `kind`, which it returns.
    async fn until(&mut self, kind: &str) -> Result<Value, String> {
        loop {
            let message = self.read().await?;
            if message["type"] == kind {
                return Ok(message);
            }
            if message["type"] == "error" {
                return Err(format!("the server refused: {message}"));
            }
        }
    }

    /// Random legal moves, each after a pause of about `think` ms, until
    /// the end; the time from an action (either seat's) to the next `ask`
    /// goes in the tally. A move refused for its rate is sent again after
    /// the wait the error names.
    async fn play(
        mut self,
        seed: u64,
        think: u64,
        sent: &Mutex<Option<Instant>>,
        tally: &Tally,
    ) -> Result<(), String> {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut errors = 0;
        let mut last = None;
        loop {
            let message = self.read().await?;
            match message["type"].as_str() {
                Some("ask") => {
                    if let Some(at) = sent.lock().expect("not poisoned").take() {
                        tally.waits.lock().expect("not poisoned").push(at.elapsed());
                    }
                    if think > 0 {
                        let pause = rng.random_range(think / 2..=think * 3 / 2);
                        tokio::time::sleep(Duration::from_millis(pause)).await;
                    }
                    let action = random_move(&message, &mut rng);
                    *sent.lock().expect("not poisoned") = Some(Instant::now());
                    self.send(&action).await?;
                    last = Some(action);
                }
                Some("error") => {
                    if let (Some(wait), Some(action)) = (message["retry_ms"].as_u64(), &last) {
                        tokio::time::sleep(Duration::from_millis(wait)).await;
                        self.send(action).await?;
                        continue;
                    }
                    errors += 1;
                    if errors > 1000 {
                        return Err(format!("refused a thousand times, last: {message}"));
                    }
                }
                Some("end") => break,
                _ => {}
            }
        }
        let _ = self.socket.close(None).await;
        while let Some(Ok(_)) = self.socket.next().await {}
        Ok(())
    }
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
