//! The servers a load test starts for itself: each on a free port, on a
//! fresh data folder or on a shared PostgreSQL database, watched for
//! memory and CPU, one of them killed with SIGKILL on request, and all of
//! them (with their folders) gone when the test ends, however it ends.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

/// One server and its data folder (none on PostgreSQL).
struct OwnServer {
    child: Child,
    data: Option<PathBuf>,
}

impl Drop for OwnServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(data) = &self.data {
            let _ = std::fs::remove_dir_all(data);
        }
    }
}

/// The servers started, where they listen, and what was seen of them.
pub struct OwnServers {
    servers: Vec<OwnServer>,
    pub urls: Vec<String>,
    /// The most memory the servers held together, in KiB.
    peak_memory: Arc<AtomicUsize>,
    /// Each server's CPU seconds when last seen alive.
    cpu: Arc<Mutex<Vec<f64>>>,
    watching: Arc<AtomicBool>,
}

impl OwnServers {
    /// Starts `count` servers, on `database` (PostgreSQL) or each on a
    /// fresh folder of its own; each says where it is (`--advertise`) so
    /// that the others can send its players to it.
    pub fn start(count: usize, database: Option<&str>) -> Result<OwnServers, String> {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let mut servers = Vec::new();
        let mut urls = Vec::new();
        for n in 0..count {
            let port = TcpListener::bind("127.0.0.1:0")
                .and_then(|listener| listener.local_addr())
                .map_err(|e| format!("no free port: {e}"))?
                .port();
            let url = format!("ws://127.0.0.1:{port}");
            let mut command = std::process::Command::new(&exe);
            command.args(["serve", "--port", &port.to_string(), "--advertise", &url]);
            let data = match database {
                Some(database) => {
                    command.args(["--database", database]);
                    None
                }
                None => {
                    let data = std::env::temp_dir()
                        .join(format!("black-and-white-loadtest-{}-{n}", std::process::id()));
                    let _ = std::fs::remove_dir_all(&data);
                    command.arg("--data").arg(&data);
                    Some(data)
                }
            };
            let mut child = command
                .stdout(Stdio::piped())
                .spawn()
                .map_err(|e| format!("cannot start a server: {e}"))?;
            let stdout = child.stdout.take().expect("piped");
            servers.push(OwnServer { child, data });
            if listening_port(stdout)? != port {
                return Err(format!("server {} did not listen on port {port}", n + 1));
            }
            urls.push(url);
        }
        let own = OwnServers {
            cpu: Arc::new(Mutex::new(vec![0.0; servers.len()])),
            servers,
            urls,
            peak_memory: Arc::new(AtomicUsize::new(0)),
            watching: Arc::new(AtomicBool::new(true)),
        };
        own.watch();
        Ok(own)
    }

    /// Samples the servers' memory (together) and CPU five times a second.
    fn watch(&self) {
        let pids: Vec<u32> = self.servers.iter().map(|server| server.child.id()).collect();
        let (peak, cpu, watching) = (
            Arc::clone(&self.peak_memory),
            Arc::clone(&self.cpu),
            Arc::clone(&self.watching),
        );
        thread::spawn(move || {
            while watching.load(Ordering::SeqCst) {
                let held: usize = pids.iter().map(|&pid| resident_kib(pid).unwrap_or(0)).sum();
                peak.fetch_max(held, Ordering::SeqCst);
                for (seen, &pid) in cpu.lock().expect("not poisoned").iter_mut().zip(&pids) {
                    if let Some(now) = cpu_seconds(pid) {
                        *seen = now;
                    }
                }
                thread::sleep(Duration::from_millis(200));
            }
        });
    }

    /// Kills the first server with SIGKILL: no goodbye to its players, no
    /// lease given back. Its CPU is read first.
    pub fn kill_first(&mut self) -> u32 {
        let server = &mut self.servers[0];
        let pid = server.child.id();
        if let Some(now) = cpu_seconds(pid) {
            self.cpu.lock().expect("not poisoned")[0] = now;
        }
        let _ = server.child.kill();
        pid
    }

    pub fn pids(&self) -> Vec<u32> {
        self.servers.iter().map(|server| server.child.id()).collect()
    }

    /// Stops watching: the peak memory in MiB and the CPU seconds of all
    /// the servers together.
    pub fn seen(&self) -> (f64, f64) {
        self.watching.store(false, Ordering::SeqCst);
        let pids = self.pids();
        let mut cpu = self.cpu.lock().expect("not poisoned");
        for (seen, pid) in cpu.iter_mut().zip(pids) {
            if let Some(now) = cpu_seconds(pid) {
                *seen = now;
            }
        }
        (
            self.peak_memory.load(Ordering::SeqCst) as f64 / 1024.0,
            cpu.iter().sum(),
        )
    }
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
