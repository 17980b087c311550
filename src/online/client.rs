//! A client of the server that knows only the wire: the tests' and the load
//! test's players. It keeps every message it received, so a test can
//! prove what reached it, and plays a random legal move from the `ask`'s
//! JSON alone.

use std::net::{IpAddr, SocketAddr, TcpStream, ToSocketAddrs};

use rand::RngExt;
use rand::seq::IndexedRandom;
use serde_json::{Value, json};
use tungstenite::{Message, WebSocket};

use crate::rules::GameRng;
use crate::wire::Request;

pub struct Client {
    socket: WebSocket<TcpStream>,
    /// Every text message received, as received.
    pub received: Vec<String>,
}

impl Client {
    /// Connects to `url` (`ws://host:port`).
    pub fn connect(url: &str) -> Result<Client, String> {
        Client::connect_from(url, None)
    }

    /// Connects to `url` from the local address `from` (any loopback
    /// address, for a server on this machine), or from the system's choice.
    pub fn connect_from(url: &str, from: Option<IpAddr>) -> Result<Client, String> {
        let failed = |e: &dyn std::fmt::Display| format!("{url}: {e}");
        let server = server_address(url)?;
        let stream = match from {
            None => TcpStream::connect(server).map_err(|e| failed(&e))?,
            Some(from) => {
                let socket =
                    socket2::Socket::new(socket2::Domain::for_address(server), socket2::Type::STREAM, None)
                        .map_err(|e| failed(&e))?;
                socket
                    .bind(&SocketAddr::new(from, 0).into())
                    .map_err(|e| failed(&format!("cannot connect from {from}: {e}")))?;
                socket.connect(&server.into()).map_err(|e| failed(&e))?;
                socket.into()
            }
        };
        let _ = stream.set_nodelay(true);
        let (socket, _) = tungstenite::client(url, stream).map_err(|e| failed(&e))?;
        Ok(Client {
            socket,
            received: Vec::new(),
        })
    }

    pub fn send(&mut self, message: &Value) -> Result<(), String> {
        self.send_text(&message.to_string())
    }

    /// Asks the lobby.
    pub fn request(&mut self, request: &Request) -> Result<(), String> {
        self.send_text(&serde_json::to_string(request).expect("requests serialize"))
    }

    /// Sends any text, well-formed or not (the bad-input tests).
    pub fn send_text(&mut self, text: &str) -> Result<(), String> {
        self.socket.send(Message::text(text)).map_err(|e| e.to_string())
    }

    pub fn send_binary(&mut self, bytes: Vec<u8>) -> Result<(), String> {
        self.socket
            .send(Message::binary(bytes))
            .map_err(|e| e.to_string())
    }

    /// The next message as JSON; `Err` once the connection is closed.
    pub fn read(&mut self) -> Result<Value, String> {
        loop {
            match self.socket.read().map_err(|e| e.to_string())? {
                Message::Text(text) => {
                    self.received.push(text.to_string());
                    return serde_json::from_str(&text).map_err(|e| format!("the server sent {text}: {e}"));
                }
                Message::Close(_) => return Err("the server closed the connection".into()),
                _ => {}
            }
        }
    }

    /// Messages until one of type `kind`, which it returns.
    pub fn until(&mut self, kind: &str) -> Result<Value, String> {
        loop {
            let message = self.read()?;
            if message["type"] == kind {
                return Ok(message);
            }
            if message["type"] == "error" && kind != "error" {
                return Err(format!("the server refused: {message}"));
            }
        }
    }

    /// Plays random legal moves (`random_move`) until the `end`, which it
    /// returns; `before_move` runs on each `ask` before the move is sent
    /// (a pause to think, a clock). A move refused for its rate is sent
    /// again after the wait the error names.
    pub fn play_randomly(
        &mut self,
        rng: &mut GameRng,
        mut before_move: impl FnMut(&mut GameRng),
    ) -> Result<Value, String> {
        let mut errors = 0;
        let mut last = None;
        loop {
            let message = self.read()?;
            match message["type"].as_str() {
                Some("ask") => {
                    before_move(rng);
                    let action = random_move(&message, rng);
                    self.send(&action)?;
                    last = Some(action);
                }
                Some("error") => {
                    if let (Some(wait), Some(action)) = (message["retry_ms"].as_u64(), &last) {
                        std::thread::sleep(std::time::Duration::from_millis(wait));
                        self.send(action)?;
                        continue;
                    }
                    errors += 1;
                    if errors > 1000 {
                        return Err(format!("refused a thousand times, last: {message}"));
                    }
                }
                Some("end") => return Ok(message),
                _ => {}
            }
        }
    }

    /// Closes the connection.
    pub fn close(mut self) {
        let _ = self.socket.close(None);
        while self.socket.read().is_ok() {}
    }
}

/// The socket address of a `ws://host:port` URL.
pub fn server_address(url: &str) -> Result<SocketAddr, String> {
    let authority = url
        .strip_prefix("ws://")
        .and_then(|rest| rest.split('/').next())
        .ok_or_else(|| format!("{url}: a server's address is ws://host:port"))?;
    authority
        .to_socket_addrs()
        .ok()
        .and_then(|mut addresses| addresses.next())
        .ok_or_else(|| format!("{url}: no such host"))
}

/// A random legal move for an `ask`, read from its JSON alone: a tile, a
/// bid, betting's random arrangement and match or fold, the wargame's
/// cheapest one-block army and any listed action.
pub fn random_move(ask: &Value, rng: &mut GameRng) -> Value {
    let legal = &ask["legal"];
    let action = if let Some(list) = legal.as_array() {
        // Tiles list numbers; the wargame's battle lists whole actions.
        let pick = list.choose(rng).cloned().unwrap_or(Value::Null);
        if pick.is_number() {
            json!({"tile": pick})
        } else {
            pick
        }
    } else if let (Some(min), Some(max)) = (legal["min"].as_u64(), legal["max"].as_u64()) {
        json!({"bid": rng.random_range(min..=max)})
    } else if legal.get("total_chips").is_some() {
        json!({"timeout": true})
    } else if legal.get("decisions").is_some() {
        json!({"decision": if rng.random_bool(0.5) { "match" } else { "fold" }})
    } else if let Some(build) = legal.get("build") {
        let cheapest = build["classes"]
            .as_array()
            .and_then(|classes| {
                classes
                    .iter()
                    .min_by_key(|c| c["cost"].as_u64().unwrap_or(u64::MAX))
            })
            .map(|c| c["class"].clone())
            .unwrap_or(Value::Null);
        json!({"type": "build", "commander": null, "army": [{"class": cheapest, "at": build["hexes"][0]}]})
    } else {
        Value::Null
    };
    json!({"player": ask["player"], "action": action})
}
