//! The server's sockets: WebSocket connections (tungstenite, blocking, a
//! reader and a writer thread each), one thread that owns the hub and the
//! store, and a few threads where the computer players think. Nothing
//! here decides anything; the hub does.

use std::collections::HashMap;
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use tungstenite::protocol::{Role, WebSocketConfig};
use tungstenite::{Message, WebSocket};

use super::hub::{ConnId, Effects, Hub};
use super::limits;
use super::store::Store;
use super::table::Thinking;

/// What reaches the hub's thread.
enum Event {
    Connected(ConnId, Sender<Out>),
    Message(ConnId, String),
    /// A message the server could not read as text (binary, too long).
    Unreadable(ConnId, String),
    Closed(ConnId),
    Computed(String, Box<dyn std::any::Any + Send>),
}

/// What a connection's writer sends.
enum Out {
    Text(String),
    Close,
}

/// A running server.
pub struct Running {
    pub address: SocketAddr,
    /// Games the store gave back, and the ones it could not.
    pub kept: usize,
    pub unreadable: Vec<String>,
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
    let (mut hub, unreadable) = Hub::new(store)?;
    let listener = TcpListener::bind(address).map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    let kept = hub.games();
    let (events, inbox) = channel::<Event>();
    let jobs = thinkers(events.clone());
    let first = hub.resume_all(Instant::now());
    thread::Builder::new()
        .name("hub".into())
        .spawn(move || run_hub(hub, inbox, jobs, first))
        .map_err(|e| e.to_string())?;
    thread::Builder::new()
        .name("accept".into())
        .spawn(move || accept(listener, events))
        .map_err(|e| e.to_string())?;
    Ok(Running {
        address: bound,
        kept,
        unreadable,
    })
}

/// Threads where the computers think, one per core: a slow search keeps
/// its own game waiting, never another.
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
                if events.send(Event::Computed(code, thinking())).is_err() {
                    return;
                }
            }
        });
    }
    jobs
}

fn run_hub(mut hub: Hub, inbox: Receiver<Event>, jobs: Sender<(String, Thinking)>, first: Effects) {
    let mut outboxes: HashMap<ConnId, Sender<Out>> = HashMap::new();
    deliver(first, &mut outboxes, &jobs);
    loop {
        let now = Instant::now();
        let wait = hub
            .next_deadline()
            .map_or(Duration::from_secs(1), |at| at.saturating_duration_since(now))
            .min(Duration::from_secs(1));
        let effects = match inbox.recv_timeout(wait) {
            Ok(Event::Connected(conn, outbox)) => {
                outboxes.insert(conn, outbox);
                hub.connect(conn, Instant::now());
                Effects::default()
            }
            Ok(Event::Message(conn, text)) => hub.message(conn, &text, Instant::now()),
            Ok(Event::Unreadable(conn, why)) => hub.unreadable(conn, &why, Instant::now()),
            Ok(Event::Closed(conn)) => {
                outboxes.remove(&conn);
                hub.disconnect(conn)
            }
            Ok(Event::Computed(code, answer)) => hub.computed(&code, answer, Instant::now()),
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

fn accept(listener: TcpListener, events: Sender<Event>) {
    let open = Arc::new(AtomicUsize::new(0));
    let mut next: ConnId = 0;
    for stream in listener.incoming() {
        let Ok(stream) = stream else {
            continue;
        };
        if open.load(Ordering::SeqCst) >= limits::CONNECTIONS {
            // Full: closed at once, before a thread is spent on it.
            continue;
        }
        next += 1;
        let (conn, events, open) = (next, events.clone(), Arc::clone(&open));
        open.fetch_add(1, Ordering::SeqCst);
        let spawned = thread::Builder::new()
            .name(format!("conn-{conn}"))
            .stack_size(256 * 1024)
            .spawn({
                let open = Arc::clone(&open);
                move || {
                    connection(stream, conn, &events);
                    open.fetch_sub(1, Ordering::SeqCst);
                }
            });
        if spawned.is_err() {
            open.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// One client: the handshake, then its messages to the hub until it
/// closes; a writer thread sends what the hub has for it.
fn connection(stream: TcpStream, conn: ConnId, events: &Sender<Event>) {
    // A client that never finishes its handshake does not hold a thread.
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let _ = stream.set_nodelay(true);
    let Ok(mut socket) = tungstenite::accept_with_config(stream, Some(config())) else {
        return;
    };
    let _ = socket.get_ref().set_read_timeout(None);
    let Ok(write_half) = socket.get_ref().try_clone() else {
        return;
    };
    let (outbox, outgoing) = channel();
    if events.send(Event::Connected(conn, outbox)).is_err() {
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
