//! The server's sockets: WebSocket connections (tungstenite, blocking, a
//! reader and a writer thread each), one thread that owns the hub and the
//! store, and a few threads where the computer players think. Nothing
//! here decides anything; the hub does.

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::{IpAddr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};
use tungstenite::{Message, WebSocket};

use super::hub::{ConnId, Effects, Hub};
use super::limits;
use super::store::Store;
use super::table::Thinking;

/// What reaches the hub's thread.
enum Event {
    Connected(ConnId, IpAddr, Sender<Out>),
    Message(ConnId, String),
    /// A message the server could not read as text (binary, too long).
    Unreadable(ConnId, String),
    Closed(ConnId),
    Computed(String, Box<dyn std::any::Any + Send>),
    /// A computer's thinking for this game panicked.
    Fault(String),
}

/// What a connection's writer sends.
enum Out {
    Text(String),
    Close,
}

/// A running server.
pub struct Running {
    pub address: SocketAddr,
    /// The games not over in the store, taken up again as their players
    /// come back.
    pub kept: usize,
    /// The connections it takes at once, and what set that number.
    pub connections: usize,
    pub files: String,
}

fn config() -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(limits::MESSAGE_BYTES))
        .max_frame_size(Some(limits::MESSAGE_BYTES))
}

/// Opens the store in `data`, listens on `address` and serves on threads
/// of its own until the process ends.
pub fn start(address: &str, data: &Path) -> Result<Running, String> {
    let store = Store::open(data)?;
    let hub = Hub::new(store, Instant::now())?;
    let kept = hub.stored_games()?;
    let listener = TcpListener::bind(address).map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    let (connections, files) = connection_room();
    let (events, inbox) = channel::<Event>();
    let jobs = thinkers(events.clone());
    thread::Builder::new()
        .name("hub".into())
        .spawn(move || run_hub(hub, inbox, jobs))
        .map_err(|e| e.to_string())?;
    thread::Builder::new()
        .name("accept".into())
        .spawn(move || accept(listener, events, connections))
        .map_err(|e| e.to_string())?;
    Ok(Running {
        address: bound,
        kept,
        connections,
        files,
    })
}

/// Files kept for everything but the connections: the listener, the
/// store's three files, standard streams and the runtime's own.
const FILES_BESIDES: u64 = 64;

/// How many connections the server takes at once: `limits::CONNECTIONS`,
/// or fewer where the process may not open two files for each (a reader's
/// socket and a writer's copy of it) however far it raised its limit;
/// and a line for the log that says so.
fn connection_room() -> (usize, String) {
    let (before, after) = raise_open_files();
    let room = (after.saturating_sub(FILES_BESIDES) / 2).min(limits::CONNECTIONS as u64) as usize;
    let raised = if after > before {
        format!("raised from {before} to {after}")
    } else {
        format!("{after}, not raised further: its hard limit")
    };
    let line = format!("open files {raised}: room for {room} connections at once");
    if room < limits::CONNECTIONS {
        (
            room,
            format!(
                "{line}, fewer than {}; raise the hard limit (ulimit -Hn) to take more",
                limits::CONNECTIONS
            ),
        )
    } else {
        (room, line)
    }
}

/// Raises the process's soft limit of open files to its hard limit, as far
/// as the connections need; the limit before and after.
fn raise_open_files() -> (u64, u64) {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return (0, 0);
        }
        let before = limit.rlim_cur;
        let wanted = limits::CONNECTIONS as u64 * 2 + FILES_BESIDES;
        if limit.rlim_cur < wanted {
            limit.rlim_cur = wanted.min(limit.rlim_max);
            if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) != 0 {
                return (before, before);
            }
        }
        (before, limit.rlim_cur)
    }
}

/// Threads where the computers think, one per core: a slow search keeps
/// its own game waiting, never another. A search that panics stops its
/// own game alone.
fn thinkers(events: Sender<Event>) -> Sender<(String, Thinking)> {
    let (jobs, queue) = channel::<(String, Thinking)>();
    let queue = Arc::new(Mutex::new(queue));
    let cores = thread::available_parallelism().map_or(2, usize::from);
    for n in 0..cores {
        let queue = Arc::clone(&queue);
        let events = events.clone();
        let _ = thread::Builder::new().name(format!("think-{n}")).spawn(move || {
            loop {
                let job = queue.lock().map(|q| q.recv());
                let Ok(Ok((code, thinking))) = job else {
                    return;
                };
                let event = match catch_unwind(AssertUnwindSafe(thinking)) {
                    Ok(answer) => Event::Computed(code, answer),
                    Err(_) => Event::Fault(code),
                };
                if events.send(event).is_err() {
                    return;
                }
            }
        });
    }
    jobs
}

fn run_hub(mut hub: Hub, inbox: Receiver<Event>, jobs: Sender<(String, Thinking)>) {
    let mut outboxes: HashMap<ConnId, Sender<Out>> = HashMap::new();
    loop {
        let now = Instant::now();
        let wait = hub
            .next_deadline()
            .map_or(Duration::from_secs(1), |at| at.saturating_duration_since(now))
            .min(Duration::from_secs(1));
        let effects = match inbox.recv_timeout(wait) {
            Ok(Event::Connected(conn, address, outbox)) => {
                outboxes.insert(conn, outbox);
                hub.connect(conn, address, Instant::now());
                Effects::default()
            }
            Ok(Event::Message(conn, text)) => hub.message(conn, &text, Instant::now()),
            Ok(Event::Unreadable(conn, why)) => hub.unreadable(conn, &why, Instant::now()),
            Ok(Event::Closed(conn)) => {
                outboxes.remove(&conn);
                hub.disconnect(conn, Instant::now())
            }
            Ok(Event::Computed(code, answer)) => hub.computed(&code, answer, Instant::now()),
            Ok(Event::Fault(code)) => hub.fault(&code),
            Err(RecvTimeoutError::Timeout) => Effects::default(),
            Err(RecvTimeoutError::Disconnected) => return,
        };
        deliver(effects, &mut outboxes, &jobs);
        let ticked = hub.tick(Instant::now());
        deliver(ticked, &mut outboxes, &jobs);
    }
}

fn deliver(effects: Effects, outboxes: &mut HashMap<ConnId, Sender<Out>>, jobs: &Sender<(String, Thinking)>) {
    for (conn, line) in effects.sends {
        if let Some(outbox) = outboxes.get(&conn) {
            let _ = outbox.send(Out::Text(line.to_string()));
        }
    }
    for conn in effects.closes {
        if let Some(outbox) = outboxes.remove(&conn) {
            let _ = outbox.send(Out::Close);
        }
    }
    for job in effects.thinking {
        let _ = jobs.send(job);
    }
}

/// What a client that finds the server full is answered, before any
/// WebSocket: a plain HTTP refusal it can show.
const FULL: &str = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 36\r\n\
                    Retry-After: 10\r\nConnection: close\r\n\r\nthe server is full: try again later\n";

fn accept(listener: TcpListener, events: Sender<Event>, room: usize) {
    let open = Arc::new(AtomicUsize::new(0));
    let refused = refuser();
    let mut next: ConnId = 0;
    loop {
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of files or memory, the error comes back at once for
                // as long as it lasts: wait instead of spinning on it.
                if !matches!(
                    e.kind(),
                    io::ErrorKind::ConnectionAborted | io::ErrorKind::Interrupted
                ) {
                    thread::sleep(Duration::from_millis(100));
                }
                continue;
            }
        };
        if open.load(Ordering::SeqCst) >= room {
            // Full: refused at once, before a thread is spent on it.
            refuse(stream, &refused);
            continue;
        }
        let Ok(peer) = stream.peer_addr() else {
            continue;
        };
        next += 1;
        let (conn, events) = (next, events.clone());
        open.fetch_add(1, Ordering::SeqCst);
        let spawned = thread::Builder::new()
            .name(format!("conn-{conn}"))
            .stack_size(256 * 1024)
            .spawn({
                let open = Arc::clone(&open);
                move || {
                    connection(stream, peer.ip(), conn, &events);
                    open.fetch_sub(1, Ordering::SeqCst);
                }
            });
        if spawned.is_err() {
            open.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Answers a connection the server has no room for with `FULL`, then
/// hands it to the refuser to be closed.
fn refuse(mut stream: TcpStream, refused: &SyncSender<TcpStream>) {
    let _ = stream.set_nonblocking(true);
    let _ = stream.write_all(FULL.as_bytes());
    let _ = stream.shutdown(Shutdown::Write);
    // A full queue drops it at once: the answer is sent all the same.
    let _ = refused.try_send(stream);
}

/// A thread that reads what refused clients still send until they close,
/// a moment at most each: a socket closed with its request unread would
/// be reset, and the reset can overtake the answer.
fn refuser() -> SyncSender<TcpStream> {
    let (refused, queue) = sync_channel::<TcpStream>(64);
    let _ = thread::Builder::new().name("refuse".into()).spawn(move || {
        for mut stream in queue {
            let _ = stream.set_nonblocking(false);
            let _ = stream.set_read_timeout(Some(Duration::from_millis(100)));
            let until = Instant::now() + Duration::from_millis(500);
            let mut rest = [0; 4096];
            while Instant::now() < until && matches!(stream.read(&mut rest), Ok(n) if n > 0) {}
        }
    });
    refused
}

/// A stream whose reads share one deadline: a handshake whose bytes come
/// one at a time, each just before the last read would have given up,
/// still ends when its time is up.
struct Deadlined {
    stream: TcpStream,
    until: Option<Instant>,
}

impl Read for Deadlined {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(until) = self.until {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the handshake took too long",
                ));
            }
            self.stream.set_read_timeout(Some(left))?;
        }
        self.stream.read(buf)
    }
}

impl Write for Deadlined {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.stream.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush()
    }
}

/// One client: the handshake, then its messages to the hub until it
/// closes; a writer thread sends what the hub has for it.
fn connection(stream: TcpStream, address: IpAddr, conn: ConnId, events: &Sender<Event>) {
    let _ = stream.set_nodelay(true);
    let deadlined = Deadlined {
        stream,
        until: Some(Instant::now() + limits::HANDSHAKE),
    };
    let Ok(mut socket) = tungstenite::accept_with_config(deadlined, Some(config())) else {
        return;
    };
    socket.get_mut().until = None;
    let _ = socket.get_ref().stream.set_read_timeout(None);
    let Ok(write_half) = socket.get_ref().stream.try_clone() else {
        let _ = socket.close(Some(CloseFrame {
            code: CloseCode::Again,
            reason: "the server is full: try again later".into(),
        }));
        let _ = socket.flush();
        return;
    };
    // A client that stops reading does not hold its writer for ever.
    let _ = write_half.set_write_timeout(Some(Duration::from_secs(30)));
    let (outbox, outgoing) = channel();
    if events.send(Event::Connected(conn, address, outbox)).is_err() {
        return;
    }
    let writer = thread::Builder::new()
        .name(format!("send-{conn}"))
        .stack_size(256 * 1024)
        .spawn(move || {
            write(
                WebSocket::from_raw_socket(write_half, Role::Server, Some(config())),
                outgoing,
            )
        });
    if writer.is_err() {
        let _ = events.send(Event::Closed(conn));
        return;
    }
    loop {
        match socket.read() {
            Ok(Message::Text(text)) => {
                if events.send(Event::Message(conn, text.to_string())).is_err() {
                    break;
                }
            }
            Ok(Message::Binary(_)) => {
                let _ = events.send(Event::Unreadable(
                    conn,
                    "messages are JSON text, not binary".into(),
                ));
            }
            Ok(Message::Close(_)) => break,
            Ok(_) => {}
            Err(tungstenite::Error::Capacity(_)) => {
                let _ = events.send(Event::Unreadable(
                    conn,
                    format!(
                        "a message is at most {} bytes: the connection is closed",
                        limits::MESSAGE_BYTES
                    ),
                ));
                break;
            }
            Err(_) => break,
        }
    }
    let _ = events.send(Event::Closed(conn));
}

fn write(mut socket: WebSocket<TcpStream>, outgoing: Receiver<Out>) {
    for out in outgoing {
        match out {
            Out::Text(text) => {
                if socket.send(Message::text(text)).is_err() {
                    break;
                }
            }
            Out::Close => {
                let _ = socket.close(None);
                let _ = socket.flush();
                break;
            }
        }
    }
    // Ends the reader's wait too.
    let _ = socket.get_ref().shutdown(Shutdown::Both);
}
