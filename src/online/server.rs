//! The server's sockets: one tokio task per WebSocket connection
//! (tokio-tungstenite), one thread that owns the hub and the store, and a
//! few threads where the computer players think. Nothing here decides
//! anything; the hub does. A connection's lines wait in a bounded queue:
//! a client that reads too slowly to keep up is dropped, and takes its
//! seat back with its token.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, mpsc};
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, WebSocketConfig};
use tokio_tungstenite::tungstenite::{self, Message};

use super::hub::{ConnId, Effects, Hub, Job};
use super::limits;
use super::open_files;
use super::store::Database;
use super::table::Thinking;

/// What reaches the hub's thread.
enum Event {
    Connected(ConnId, IpAddr, Outbox),
    Message(ConnId, String),
    /// A message the server could not read as text (binary).
    Unreadable(ConnId, String),
    /// A message too long to read: the connection is answered, then closed.
    TooLong(ConnId, String),
    Closed(ConnId),
    Computed(Job, Box<dyn std::any::Any + Send>),
    /// Work on another thread panicked.
    Fault(Job),
}

/// What a connection's task sends: the lines one turn of the hub has for
/// it (a whole resume transcript is one), or the close.
enum Out {
    Lines(Vec<String>),
    Close,
}

/// The hub's way to one connection: its queue of lines, and the signal
/// that drops it when the queue is full (a reader too far behind).
struct Outbox {
    lines: mpsc::Sender<Out>,
    behind: Arc<Notify>,
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
        // Lines are small: a buffer the size of the longest message, not
        // tungstenite's 128 KiB a connection.
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
}

/// A connection's read buffer: it grows for a longer message.
const READ_BUFFER: usize = 4096;

/// Opens the store, listens on `address` and serves on threads of its own
/// until the process ends. `advertise` is where servers that share the
/// database send this one's players (by default `ws://HOSTNAME:PORT`).
pub fn start(address: &str, database: &Database, advertise: Option<String>) -> Result<Running, String> {
    let store = database.open()?;
    let mut hub = Hub::new(store, Instant::now())?;
    let kept = hub.stored_games()?;
    let listener =
        std::net::TcpListener::bind(address).map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    hub.advertise(advertise.unwrap_or_else(|| format!("ws://{}:{}", host_name(), bound.port())));
    listener.set_nonblocking(true).map_err(|e| e.to_string())?;
    let (connections, files) = connection_room();
    let (events, inbox) = channel::<Event>();
    let jobs = thinkers(events.clone());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("net")
        .build()
        .map_err(|e| format!("cannot start the network's threads: {e}"))?;
    let listener = {
        let _inside = runtime.enter();
        TcpListener::from_std(listener).map_err(|e| e.to_string())?
    };
    thread::Builder::new()
        .name("hub".into())
        .spawn(move || run_hub(hub, inbox, jobs))
        .map_err(|e| e.to_string())?;
    thread::Builder::new()
        .name("accept".into())
        .spawn(move || runtime.block_on(accept(listener, events, connections)))
        .map_err(|e| e.to_string())?;
    Ok(Running {
        address: bound,
        kept,
        connections,
        files,
    })
}

/// This machine's name, for the address other servers send players to.
fn host_name() -> String {
    let mut name = [0u8; 256];
    // SAFETY: gethostname writes at most `name.len()` bytes into `name`.
    let named = unsafe { libc::gethostname(name.as_mut_ptr().cast(), name.len()) } == 0;
    let end = name.iter().position(|&b| b == 0).unwrap_or(0);
    match std::str::from_utf8(&name[..end]) {
        Ok(text) if named && !text.is_empty() => text.to_owned(),
        _ => "localhost".into(),
    }
}

/// Files kept for everything but the connections: the listener, the
/// store's three files, standard streams and the runtime's own.
const FILES_BESIDES: u64 = 64;

/// How many connections the server takes at once: `limits::CONNECTIONS`,
/// or fewer where the process may not open a file for each however far it
/// raised its limit; and a line for the log that says so.
fn connection_room() -> (usize, String) {
    let (before, after) = open_files::raise_to(limits::CONNECTIONS as u64 + FILES_BESIDES);
    let room = after
        .saturating_sub(FILES_BESIDES)
        .min(limits::CONNECTIONS as u64) as usize;
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

/// Threads where the computers think, one per core: a slow search keeps
/// its own game waiting, never another. A search that panics stops its
/// own game alone.
fn thinkers(events: Sender<Event>) -> Sender<(Job, Thinking)> {
    let (jobs, queue) = channel::<(Job, Thinking)>();
    let queue = Arc::new(Mutex::new(queue));
    let cores = thread::available_parallelism().map_or(2, usize::from);
    for n in 0..cores {
        let queue = Arc::clone(&queue);
        let events = events.clone();
        let _ = thread::Builder::new().name(format!("think-{n}")).spawn(move || {
            loop {
                let job = queue.lock().map(|q| q.recv());
                let Ok(Ok((job, thinking))) = job else {
                    return;
                };
                let event = match catch_unwind(AssertUnwindSafe(thinking)) {
                    Ok(answer) => Event::Computed(job, answer),
                    Err(_) => Event::Fault(job),
                };
                if events.send(event).is_err() {
                    return;
                }
            }
        });
    }
    jobs
}

/// Events the hub takes in one turn at most, and how long it goes on
/// taking them: they share one commit, and nothing of the turn is sent
/// before it, so the time bound is what a turn adds to an answer. A busy
/// server fills its turns and pays one commit for many actions; a quiet
/// one commits each.
const TURN: usize = 256;
const TURN_TIME: Duration = Duration::from_millis(2);

fn run_hub(mut hub: Hub, inbox: Receiver<Event>, jobs: Sender<(Job, Thinking)>) {
    let mut outboxes: HashMap<ConnId, Outbox> = HashMap::new();
    loop {
        let now = Instant::now();
        let wait = hub
            .next_deadline()
            .map_or(Duration::from_secs(1), |at| at.saturating_duration_since(now))
            .min(Duration::from_secs(1));
        let mut next = match inbox.recv_timeout(wait) {
            Ok(event) => Some(event),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => return,
        };
        hub.begin_batch();
        let began = Instant::now();
        let mut effects = Effects::default();
        let mut taken = 0;
        while let Some(event) = next.take() {
            effects.absorb(handle(&mut hub, event, &mut outboxes));
            taken += 1;
            if taken < TURN && began.elapsed() < TURN_TIME {
                next = inbox.try_recv().ok();
            }
        }
        let effects = hub.end_batch(effects);
        deliver(effects, &mut outboxes, &jobs);
        let ticked = hub.tick(Instant::now());
        deliver(ticked, &mut outboxes, &jobs);
    }
}

/// One event into the hub; what it asks the server to do.
fn handle(hub: &mut Hub, event: Event, outboxes: &mut HashMap<ConnId, Outbox>) -> Effects {
    match event {
        Event::Connected(conn, address, outbox) => {
            outboxes.insert(conn, outbox);
            hub.connect(conn, address, Instant::now());
            Effects::default()
        }
        Event::Message(conn, text) => hub.message(conn, &text, Instant::now()),
        Event::Unreadable(conn, why) => hub.unreadable(conn, &why, Instant::now()),
        Event::TooLong(conn, why) => {
            let mut effects = hub.unreadable(conn, &why, Instant::now());
            effects.closes.push(conn);
            effects
        }
        Event::Closed(conn) => {
            outboxes.remove(&conn);
            hub.disconnect(conn, Instant::now())
        }
        Event::Computed(job, answer) => hub.computed(&job, answer, Instant::now()),
        Event::Fault(job) => hub.fault(&job),
    }
}

/// Turns of the hub whose lines wait for one connection, at most: a reader
/// further behind is dropped (and resumes with its token), so a client
/// that stops reading costs the server a bounded queue, not an unbounded
/// one. The bound counts turns, not lines, so that a burst however long
/// (a long wargame's resume transcript) takes one place.
const OUTBOX: usize = 512;

fn deliver(effects: Effects, outboxes: &mut HashMap<ConnId, Outbox>, jobs: &Sender<(Job, Thinking)>) {
    let mut bursts: HashMap<ConnId, Vec<String>> = HashMap::new();
    for (conn, line) in effects.sends {
        bursts.entry(conn).or_default().push(line.to_string());
    }
    for (conn, lines) in bursts {
        let Some(outbox) = outboxes.get(&conn) else {
            continue;
        };
        if let Err(mpsc::error::TrySendError::Full(_)) = outbox.lines.try_send(Out::Lines(lines)) {
            outbox.behind.notify_one();
            // Its task closes it, and its `Closed` frees the seat.
            outboxes.remove(&conn);
        }
    }
    for conn in effects.closes {
        if let Some(outbox) = outboxes.remove(&conn)
            && outbox.lines.try_send(Out::Close).is_err()
        {
            outbox.behind.notify_one();
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

async fn accept(listener: TcpListener, events: Sender<Event>, room: usize) {
    let open = Arc::new(AtomicUsize::new(0));
    let mut next: ConnId = 0;
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of files or memory, the error comes back at once for
                // as long as it lasts: wait instead of spinning on it.
                if !matches!(
                    e.kind(),
                    io::ErrorKind::ConnectionAborted | io::ErrorKind::Interrupted
                ) {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                continue;
            }
        };
        if open.load(Ordering::SeqCst) >= room {
            // Full: refused at once, before a WebSocket is spent on it.
            tokio::spawn(refuse(stream));
            continue;
        }
        next += 1;
        let (conn, events, open) = (next, events.clone(), Arc::clone(&open));
        open.fetch_add(1, Ordering::SeqCst);
        tokio::spawn(async move {
            connection(stream, peer.ip(), conn, &events).await;
            open.fetch_sub(1, Ordering::SeqCst);
        });
    }
}

/// Answers a connection the server has no room for with `FULL`, then
/// closes it.
async fn refuse(mut stream: TcpStream) {
    let _ = stream.write_all(FULL.as_bytes()).await;
    linger(stream).await;
}

/// Bytes the kernel holds for one client before a write waits (it
/// doubles this); a whole resume transcript of a long game fits.
const SEND_BUFFER: usize = 64 * 1024;

/// How long a line may take to reach a client that stopped reading before
/// its connection is dropped.
const WRITE_DEADLINE: Duration = Duration::from_secs(30);

/// One client: the handshake within one deadline however slowly its bytes
/// come, then its messages to the hub and the hub's lines to it, until one
/// side closes.
async fn connection(stream: TcpStream, address: IpAddr, conn: ConnId, events: &Sender<Event>) {
    let _ = stream.set_nodelay(true);
    // The kernel's share of a client that stops reading is bounded too (it
    // would grow to megabytes by itself): past it, lines wait in the
    // outbox, whose bound drops the client.
    let _ = socket2::SockRef::from(&stream).set_send_buffer_size(SEND_BUFFER);
    let handshake = tokio_tungstenite::accept_async_with_config(stream, Some(config()));
    let Ok(Ok(socket)) = timeout(limits::HANDSHAKE, handshake).await else {
        return;
    };
    let (lines, mut outgoing) = mpsc::channel(OUTBOX);
    let behind = Arc::new(Notify::new());
    let outbox = Outbox {
        lines,
        behind: Arc::clone(&behind),
    };
    if events.send(Event::Connected(conn, address, outbox)).is_err() {
        return;
    }
    let (mut sink, mut incoming) = socket.split();
    // Cleared once the client sent what cannot be read: the hub answers,
    // then closes.
    let mut reading = true;
    loop {
        tokio::select! {
            message = incoming.next(), if reading => {
                let event = match message {
                    Some(Ok(Message::Text(text))) => Event::Message(conn, text.to_string()),
                    Some(Ok(Message::Binary(_))) => {
                        Event::Unreadable(conn, "messages are JSON text, not binary".into())
                    }
                    Some(Err(tungstenite::Error::Capacity(_))) => {
                        reading = false;
                        Event::TooLong(
                            conn,
                            format!(
                                "a message is at most {} bytes: the connection is closed",
                                limits::MESSAGE_BYTES
                            ),
                        )
                    }
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                if events.send(event).is_err() {
                    break;
                }
            }
            out = outgoing.recv() => {
                // What else is queued goes in the same write.
                let mut closing = out.is_none();
                let mut batch = Vec::new();
                let mut next = out;
                while let Some(out) = next {
                    match out {
                        Out::Lines(lines) => batch.extend(lines.into_iter().map(Message::text)),
                        Out::Close => {
                            closing = true;
                            break;
                        }
                    }
                    next = outgoing.try_recv().ok();
                }
                let write = timeout(WRITE_DEADLINE, async {
                    for message in batch {
                        sink.feed(message).await?;
                    }
                    if closing {
                        sink.send(Message::Close(None)).await?;
                    }
                    sink.flush().await
                });
                // A write that waits on a client that stopped reading ends
                // at its deadline, or sooner when its outbox overflows.
                let sent = tokio::select! {
                    sent = write => matches!(sent, Ok(Ok(()))),
                    () = behind.notified() => false,
                };
                if closing || !sent {
                    break;
                }
            }
            () = behind.notified() => {
                let frame = CloseFrame {
                    code: CloseCode::Again,
                    reason: "too far behind: take your seat back with your token".into(),
                };
                let _ = timeout(Duration::from_secs(1), sink.send(Message::Close(Some(frame)))).await;
                break;
            }
        }
    }
    let _ = events.send(Event::Closed(conn));
    if let Ok(socket) = sink.reunite(incoming) {
        linger(socket.into_inner()).await;
    }
}

/// Ends a connection without a reset: what the client still sends is read
/// (a moment at most) after this side's last bytes, since a socket closed
/// with bytes unread is reset, and the reset can overtake the last line.
async fn linger(mut stream: TcpStream) {
    let _ = stream.shutdown().await;
    let mut rest = [0; 4096];
    let _ = timeout(Duration::from_millis(500), async {
        while matches!(stream.read(&mut rest).await, Ok(n) if n > 0) {}
    })
    .await;
}
