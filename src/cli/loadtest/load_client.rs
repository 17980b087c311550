//! A client of the load test: a task, not a thread, so that one process
//! holds as many players as the server does. It takes its seat as the app
//! does (following `moved` to the server that plays the game, trying
//! another server when one cannot be reached) and, when its connection
//! drops mid-game, takes the seat back with its token.

use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::{RngExt, SeedableRng};
use serde_json::Value;
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::tally::Tally;
use crate::online::client::{random_move, server_address};
use crate::rules::GameRng;
use crate::wire::Request;

/// How long a client tries to get a seat (a server that died holds its
/// games' leases for up to five seconds).
const SEAT_WAIT: Duration = Duration::from_secs(30);
/// How often one client takes its seat back before it gives up.
const MOST_RESUMES: usize = 5;

/// Where a client connects: every server, and the loopback address it
/// connects from (each client its own, as players come from many
/// machines), if any.
#[derive(Clone)]
pub struct Reach {
    pub urls: Vec<String>,
    pub from: Option<IpAddr>,
}

pub struct LoadClient {
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

    /// Connects to the `first`th server (of `reach.urls`, counting round)
    /// and sends `request`, following `moved` to the server it names and
    /// trying the next one when a server cannot be reached or asks to wait,
    /// until a server answers `created`, `joined` or `resumed`: the client
    /// and that line.
    pub async fn seat(reach: &Reach, first: usize, request: &Request) -> Result<(LoadClient, Value), String> {
        let request = serde_json::to_value(request).expect("requests serialize");
        let deadline = Instant::now() + SEAT_WAIT;
        let mut next = first;
        let mut at = reach.urls[next % reach.urls.len()].clone();
        loop {
            if Instant::now() > deadline {
                return Err(format!(
                    "no server gave a seat for {request} within {SEAT_WAIT:?}"
                ));
            }
            let mut pause = Duration::from_millis(250);
            if let Ok(mut client) = LoadClient::connect(&at, reach.from).await
                && client.send(&request).await.is_ok()
            {
                loop {
                    let Ok(line) = client.read().await else { break };
                    match line["type"].as_str() {
                        Some("created" | "joined" | "resumed") => return Ok((client, line)),
                        Some("moved") => {
                            at = line["server"].as_str().unwrap_or_default().to_owned();
                            pause = Duration::ZERO;
                            break;
                        }
                        Some("error") => match line["retry_ms"].as_u64() {
                            Some(wait) => {
                                pause = Duration::from_millis(wait);
                                break;
                            }
                            None => return Err(format!("the server refused {request}: {line}")),
                        },
                        _ => {}
                    }
                }
                if pause.is_zero() {
                    continue;
                }
            }
            // Not reached, or told to wait: the next server after a pause.
            tokio::time::sleep(pause).await;
            next += 1;
            at = reach.urls[next % reach.urls.len()].clone();
        }
    }

    async fn send(&mut self, message: &Value) -> Result<(), String> {
        self.socket
            .send(Message::text(message.to_string()))
            .await
            .map_err(|e| e.to_string())
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

    /// Takes the seat of `token` back through any server: the transcript
    /// so far is skipped. `None` when the game ended meanwhile.
    async fn resume(reach: &Reach, first: usize, token: &str) -> Result<Option<LoadClient>, String> {
        let request = Request::Resume {
            token: token.to_owned(),
            table: false,
        };
        let (mut client, _) = LoadClient::seat(reach, first, &request).await?;
        let mut ended = false;
        loop {
            let line = client.read().await?;
            match line["type"].as_str() {
                Some("end") => ended = true,
                Some("caught_up") => return Ok((!ended).then_some(client)),
                _ => {}
            }
        }
    }

    /// Random legal moves, each after a pause of about `think` ms, until
    /// the end; the time from an action (either seat's) to the next `ask`
    /// goes in the tally. A move refused for its rate is sent again after
    /// the wait the error names. A connection that drops is taken back
    /// with `token`, and the time until it is back goes in the tally.
    pub async fn play(
        mut self,
        reach: &Reach,
        token: &str,
        seed: u64,
        think: u64,
        sent: &Mutex<Option<Instant>>,
        tally: &Tally,
    ) -> Result<(), String> {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut errors = 0;
        let mut resumes = 0;
        let mut last = None;
        loop {
            let message = match self.read().await {
                Ok(message) => message,
                Err(e) => {
                    resumes += 1;
                    if resumes > MOST_RESUMES {
                        return Err(format!("dropped {MOST_RESUMES} times, last: {e}"));
                    }
                    let dropped = Instant::now();
                    // An action in flight may or may not have been kept:
                    // its time is the failover's, not the server's.
                    *sent.lock().expect("not poisoned") = None;
                    match LoadClient::resume(reach, seed as usize + resumes, token).await? {
                        Some(client) => self = client,
                        None => {
                            tally.over_while_away.fetch_add(1, Ordering::SeqCst);
                            break;
                        }
                    }
                    tally
                        .back
                        .lock()
                        .expect("not poisoned")
                        .push((dropped, Instant::now()));
                    continue;
                }
            };
            match message["type"].as_str() {
                Some("ask") => {
                    if let Some(at) = sent.lock().expect("not poisoned").take() {
                        let waited = at.elapsed();
                        tally
                            .waits
                            .lock()
                            .expect("not poisoned")
                            .push((Instant::now(), waited));
                    }
                    if think > 0 {
                        let pause = rng.random_range(think / 2..=think * 3 / 2);
                        tokio::time::sleep(Duration::from_millis(pause)).await;
                    }
                    let action = random_move(&message, &mut rng);
                    *sent.lock().expect("not poisoned") = Some(Instant::now());
                    // A send that fails is a connection gone: the next read
                    // says so and the seat is taken back.
                    let _ = self.send(&action).await;
                    last = Some(action);
                }
                Some("error") => {
                    if let (Some(wait), Some(action)) = (message["retry_ms"].as_u64(), &last) {
                        tokio::time::sleep(Duration::from_millis(wait)).await;
                        let _ = self.send(action).await;
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
