//! A throwaway PostgreSQL for the online tests: one cluster for the whole
//! test binary, made by `initdb` in a temporary folder and started by
//! `pg_ctl` on a free port (as the `postgres` user when the tests run as
//! root, which PostgreSQL refuses), stopped and removed when the binary
//! exits; each test gets a database of its own. The Debian package
//! `postgresql` provides the programs (scripts/system-deps.sh).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

struct Cluster {
    port: u16,
}

static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
/// What the exit handler stops: the folder and `pg_ctl`.
static RUNNING: Mutex<Option<(PathBuf, PathBuf)>> = Mutex::new(None);
static DATABASES: AtomicUsize = AtomicUsize::new(0);

/// A fresh, empty database in the test binary's cluster, as a URL.
pub fn fresh_database(name: &str) -> String {
    let cluster = match CLUSTER.get_or_init(start) {
        Ok(cluster) => cluster,
        Err(e) => panic!("no PostgreSQL for the tests: {e}"),
    };
    let n = DATABASES.fetch_add(1, Ordering::SeqCst);
    let database = format!("t{n}_{}", name.replace(|c: char| !c.is_ascii_alphanumeric(), "_"));
    let admin = format!("postgres://bw@127.0.0.1:{}/postgres", cluster.port);
    let mut client = postgres::Client::connect(&admin, postgres::NoTls).expect("the test cluster answers");
    client
        .batch_execute(&format!("CREATE DATABASE {database}"))
        .expect("a database is created");
    format!("postgres://bw@127.0.0.1:{}/{database}", cluster.port)
}

/// The directory of PostgreSQL's programs: Debian keeps them out of PATH,
/// under /usr/lib/postgresql/VERSION/bin (the newest is taken).
fn programs() -> Result<PathBuf, String> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .map_err(|_| "PostgreSQL is not installed: run scripts/system-deps.sh".to_string())?
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions
        .pop()
        .map(|(_, bin)| bin)
        .ok_or_else(|| "no initdb under /usr/lib/postgresql: run scripts/system-deps.sh".into())
}

fn as_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Runs one of PostgreSQL's programs, as `postgres` when this is root.
fn run(bin: &Path, program: &str, args: &[&str]) -> Result<Output, String> {
    let path = bin.join(program);
    let mut command = if as_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(&path);
        command
    } else {
        Command::new(&path)
    };
    let output = command
        .args(args)
        .output()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if output.status.success() {
        Ok(output)
    } else {
        Err(format!(
            "{program} {}: {}{}",
            args.join(" "),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

fn start() -> Result<Cluster, String> {
    let bin = programs()?;
    remove_stale(&bin);
    let dir = std::env::temp_dir().join(format!("bw-pg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    if as_root() {
        let owner = Command::new("chown")
            .args(["postgres:postgres"])
            .arg(&dir)
            .status()
            .map_err(|e| e.to_string())?;
        if !owner.success() {
            return Err(format!("cannot give {} to the postgres user", dir.display()));
        }
    }
    let data = dir.join("data");
    let data_text = data.to_string_lossy().to_string();
    run(
        &bin,
        "initdb",
        &[
            "-D",
            &data_text,
            "-U",
            "bw",
            "-A",
            "trust",
            "--no-sync",
            "-E",
            "UTF8",
        ],
    )?;
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map_err(|e| e.to_string())?
        .port();
    // The tests need no crash safety from the database itself (what they
    // kill is the game server), so it writes without fsync.
    let options = format!(
        "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
        dir.display()
    );
    let log = dir.join("log").to_string_lossy().to_string();
    run(
        &bin,
        "pg_ctl",
        &["-D", &data_text, "-l", &log, "-o", &options, "-w", "start"],
    )?;
    *RUNNING.lock().expect("not poisoned") = Some((dir, bin));
    // SAFETY: `stop` is a plain function that runs at exit.
    unsafe {
        libc::atexit(stop);
    }
    Ok(Cluster { port })
}

extern "C" fn stop() {
    if let Ok(mut running) = RUNNING.lock()
        && let Some((dir, bin)) = running.take()
    {
        let data = dir.join("data").to_string_lossy().to_string();
        let _ = run(&bin, "pg_ctl", &["-D", &data, "-m", "immediate", "stop"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Clusters left by a test binary that did not exit cleanly (killed, or
/// aborted): stopped and removed once their process is gone.
fn remove_stale(bin: &Path) {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        let Some(pid) = name
            .strip_prefix("bw-pg-")
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if Path::new(&format!("/proc/{pid}")).exists() {
            continue;
        }
        let data = entry.path().join("data").to_string_lossy().to_string();
        let _ = run(bin, "pg_ctl", &["-D", &data, "-m", "immediate", "stop"]);
        let _ = std::fs::remove_dir_all(entry.path());
    }
}
