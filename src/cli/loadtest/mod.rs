//! `black-and-white loadtest`: many games at once through one server or
//! several on one PostgreSQL, each seat a client over a real socket playing
//! random legal moves after a pause, with the time from an action to the
//! next `ask`, the most games held at once, and the servers' memory and CPU
//! (docs/figures.md). With `--kill-after` one of its servers is killed
//! mid-load and its players take their seats back on the others. To a
//! server on this machine each client connects from a loopback address of
//! its own, as players come from many machines: the server's limits per
//! address hold for the load test as for anyone.

mod load_client;
mod own_servers;
mod tally;

use std::net::{IpAddr, Ipv4Addr};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use load_client::{LoadClient, Reach};
use own_servers::OwnServers;
pub use own_servers::{cpu_seconds, listening_port};
use tally::Tally;

use super::command::LoadOptions;
use crate::ids::GameId;
use crate::online::client::server_address;
use crate::online::open_files;
use crate::wire::{Across, Request};

/// The most games one run plays: each is two connections, and a process
/// here may open 20,000 files.
const MOST_GAMES: u64 = 20_000;
/// The most servers one run starts.
const MOST_SERVERS: u64 = 8;

pub fn parse(args: &[String]) -> Result<LoadOptions, String> {
    let mut options = LoadOptions {
        games: 500,
        game: None,
        think_ms: 100,
        servers: Vec::new(),
        start: 1,
        database: None,
        kill_after: None,
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
            "--server" => options.servers.push(value()?.clone()),
            "--servers" => options.start = number(value()?)?.clamp(1, MOST_SERVERS) as usize,
            "--database" => {
                let url = value()?;
                if !url.starts_with("postgres://") && !url.starts_with("postgresql://") {
                    return Err(format!("--database takes a postgres:// address, not `{url}`"));
                }
                options.database = Some(url.clone());
            }
            "--kill-after" => options.kill_after = Some(number(value()?)?),
            other => return Err(format!("loadtest: unknown option `{other}`")),
        }
    }
    let own = options.servers.is_empty();
    if !own && (options.start > 1 || options.database.is_some() || options.kill_after.is_some()) {
        return Err(
            "loadtest: --servers, --database and --kill-after shape the servers it starts; with --server it starts none"
                .into(),
        );
    }
    if options.start > 1 && options.database.is_none() {
        return Err("loadtest: several servers share one PostgreSQL: give --database".into());
    }
    if options.kill_after.is_some() && options.start < 2 {
        return Err(
            "loadtest: --kill-after needs --servers 2 or more, so that the games go on elsewhere".into(),
        );
    }
    Ok(options)
}

pub fn run(options: &LoadOptions) -> ExitCode {
    let mut own = None;
    let urls = if options.servers.is_empty() {
        match OwnServers::start(options.start, options.database.as_deref()) {
            Ok(servers) => {
                let urls = servers.urls.clone();
                own = Some(servers);
                urls
            }
            Err(e) => {
                eprintln!("black-and-white loadtest: {e}");
                return ExitCode::from(1);
            }
        }
    } else {
        options.servers.clone()
    };
    let local = urls.iter().all(|url| is_loopback(url));
    let tally = Arc::new(Tally::default());
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
    let killed = runtime.block_on(async {
        let games = all_games(options, &urls, local, &tally);
        tokio::pin!(games);
        let mut killed = None;
        if let (Some(after), Some(servers)) = (options.kill_after, own.as_mut()) {
            tokio::select! {
                () = &mut games => return None,
                () = tokio::time::sleep(Duration::from_secs(after)) => {
                    killed = Some((servers.kill_first(), Instant::now()));
                }
            }
        }
        games.await;
        killed
    });
    let wall = started.elapsed();
    report(options, &urls, &tally, (started, wall), own.as_ref(), killed);
    drop(own);
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

/// Prints what was measured.
fn report(
    options: &LoadOptions,
    urls: &[String],
    tally: &Tally,
    (started, wall): (Instant, Duration),
    own: Option<&OwnServers>,
    killed: Option<(u32, Instant)>,
) {
    let timed = tally.waits.lock().expect("not poisoned").clone();
    let sorted = |after: Option<Instant>| {
        let mut waits: Vec<Duration> = timed
            .iter()
            .filter(|(at, _)| after.is_none_or(|after| *at > after))
            .map(|(_, wait)| *wait)
            .collect();
        waits.sort();
        waits
    };
    let last_created = *tally.last_created.lock().expect("not poisoned");
    let which = options
        .game
        .map_or("tiles, bidding, betting and wargame in turn".into(), |g| {
            g.id().to_owned()
        });
    let store = match (&options.database, own) {
        (Some(_), _) => "PostgreSQL",
        (None, Some(_)) => "SQLite",
        (None, None) => "a store of their own",
    };
    println!(
        "loadtest: {} games of {which}, each move after about {} ms, on {} server{} ({store})",
        options.games,
        options.think_ms,
        urls.len(),
        if urls.len() == 1 { "" } else { "s" }
    );
    println!(
        "finished {} of {} in {:.1} s; most games in progress at once: {}",
        tally.finished.load(Ordering::SeqCst),
        options.games,
        wall.as_secs_f64(),
        tally.most.load(Ordering::SeqCst)
    );
    println!("action to the next ask: {}", quantiles(&sorted(None)));
    if let Some(last) = last_created {
        println!(
            "  once every game had begun ({:.1} s in): {}",
            last.duration_since(started).as_secs_f64(),
            quantiles(&sorted(Some(last)))
        );
    }
    if let Some(own) = own {
        let (memory, cpu) = own.seen();
        println!(
            "servers (pids {:?}): peak memory {memory:.1} MiB together, CPU {cpu:.1} s ({:.0}% of one core)",
            own.pids(),
            100.0 * cpu / wall.as_secs_f64()
        );
    }
    if let Some((pid, at)) = killed {
        let back = tally.back.lock().expect("not poisoned");
        let mut gaps: Vec<Duration> = back.iter().map(|(dropped, again)| *again - *dropped).collect();
        gaps.sort();
        let last = back
            .iter()
            .map(|(_, again)| again.saturating_duration_since(at))
            .max();
        println!(
            "killed server pid {pid} with SIGKILL: {} seats took theirs back elsewhere, \
             from their drop: {}; the last {} after the kill; {} found their game over",
            back.len(),
            quantiles(&gaps),
            last.map_or("-".into(), |d| format!("{:.2} s", d.as_secs_f64())),
            tally.over_while_away.load(Ordering::SeqCst)
        );
    }
}

/// "p50 …, p99 …, max … (n = …)" of sorted durations.
fn quantiles(sorted: &[Duration]) -> String {
    let at = |q: f64| sorted.get(((sorted.len() as f64 * q) as usize).min(sorted.len().saturating_sub(1)));
    let ms = |d: Option<&Duration>| d.map_or("-".into(), |d| format!("{:.1} ms", d.as_secs_f64() * 1000.0));
    format!(
        "p50 {}, p99 {}, max {} (n = {})",
        ms(at(0.5)),
        ms(at(0.99)),
        ms(sorted.last()),
        sorted.len()
    )
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
async fn all_games(options: &LoadOptions, urls: &[String], local: bool, tally: &Arc<Tally>) {
    let games = [GameId::Tiles, GameId::Bidding, GameId::Betting, GameId::Wargame];
    let mut arrivals = tokio::time::interval(Duration::from_millis(2));
    let mut running = Vec::new();
    for n in 0..options.games {
        arrivals.tick().await;
        let game = options.game.unwrap_or(games[n % games.len()]);
        let (tally, think) = (Arc::clone(tally), options.think_ms);
        let reach = |k: usize| Reach {
            urls: urls.to_vec(),
            from: local.then(|| loopback(k)),
        };
        let seats = [reach(2 * n), reach(2 * n + 1)];
        running.push(tokio::spawn(async move {
            if let Err(e) = one_game(seats, game, n, think, &tally).await {
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

/// One game between two clients: the first creates it on the `n`th server
/// (new games spread over them), the second joins by its code through the
/// next server, which sends it on to the game's.
async fn one_game(
    [host, guest]: [Reach; 2],
    game: GameId,
    n: usize,
    think: u64,
    tally: &Arc<Tally>,
) -> Result<(), String> {
    let create = Request::Create {
        game,
        across: Across::Person,
        scenario: None,
        table: false,
        public: false,
        rated: false,
        range: None,
        days: None,
        scenario_file: None,
    };
    let (host_client, created) = LoadClient::seat(&host, n, &create).await?;
    let text = |line: &serde_json::Value, key: &str| line[key].as_str().unwrap_or_default().to_owned();
    let (code, host_token) = (text(&created, "code"), text(&created, "token"));
    let sent = Arc::new(Mutex::new(None::<Instant>));
    {
        let mut last = tally.last_created.lock().expect("not poisoned");
        *last = (*last).max(Some(Instant::now()));
    }
    let playing = tally.playing.fetch_add(1, Ordering::SeqCst) + 1;
    tally.most.fetch_max(playing, Ordering::SeqCst);
    let other = {
        let (tally, sent) = (Arc::clone(tally), Arc::clone(&sent));
        tokio::spawn(async move {
            let join = Request::Join {
                code,
                table: false,
                accept_mod: false,
            };
            let (client, joined) = LoadClient::seat(&guest, n + 1, &join).await?;
            let token = text(&joined, "token");
            client
                .play(&guest, &token, 2 * n as u64 + 1, think, &sent, &tally)
                .await
        })
    };
    let mine = host_client
        .play(&host, &host_token, 2 * n as u64, think, &sent, tally)
        .await;
    let theirs = other.await.map_err(|_| "a client's task panicked".to_string())?;
    tally.playing.fetch_sub(1, Ordering::SeqCst);
    mine.and(theirs)?;
    tally.finished.fetch_add(1, Ordering::SeqCst);
    Ok(())
}
