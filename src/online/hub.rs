//! The server's games and who sits at them, as one state machine: a client
//! message, a dropped connection, a computer's answer or the clock goes in,
//! and what to send to whom comes out. No sockets here, so every rule of
//! the lobby is tested without them; `server` moves the bytes.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use rand::RngExt;
use serde_json::{Map, Value};

use super::limits::{self, Bucket, Rate};
use super::lobby::{self, Across, Incoming, Request};
use super::store::{Kept, Seats, Store};
use super::table::{self, Applied, Table, Thinking, readable_by};
use crate::ids::GameId;
use crate::rules::{Audience, GameRng, Level, Seat, other};
use crate::wire::LobbyLine;

/// A connection, numbered by the server.
pub type ConnId = u64;

/// The level that takes over the seat of a player who leaves a game.
pub const STAND_IN: Level = Level::Normal;

/// What the hub asks the server to do.
#[derive(Default)]
pub struct Effects {
    /// Messages, in order, for each connection.
    pub sends: Vec<(ConnId, Value)>,
    /// Connections to close after their messages.
    pub closes: Vec<ConnId>,
    /// Computer moves to think on another thread; each answer comes back
    /// through `Hub::computed` with its game's code.
    pub thinking: Vec<(String, Thinking)>,
}

impl Effects {
    fn send(&mut self, conn: ConnId, line: Value) {
        self.sends.push((conn, line));
    }

    /// A lobby line for `conn`.
    fn say(&mut self, conn: ConnId, line: LobbyLine) {
        self.send(conn, line.to_value());
    }

    /// Adds `more` after what is here.
    pub fn absorb(&mut self, more: Effects) {
        self.sends.extend(more.sends);
        self.closes.extend(more.closes);
        self.thinking.extend(more.thinking);
    }
}

struct Room {
    table: Box<dyn Table>,
    tokens: [Option<String>; 2],
    /// The connection that holds each seat now.
    present: [Option<ConnId>; 2],
    /// Whether that connection is an app's table, sent `table` lines.
    tables: [bool; 2],
    thinking: bool,
    /// When the clock of the seat to move runs out, and for which step.
    deadline: Option<(usize, Instant)>,
    /// Both seats were taken and `start` was sent: a seat's token going
    /// (a player who left, the end) does not make the game wait again.
    begun: bool,
    ended: bool,
    /// When a game nobody has joined is given up.
    expires: Option<Instant>,
    /// Since when nobody has been at the table.
    empty_since: Instant,
}

impl Room {
    fn new(
        table: Box<dyn Table>,
        tokens: [Option<String>; 2],
        present: [Option<ConnId>; 2],
        now: Instant,
    ) -> Room {
        Room {
            table,
            tokens,
            present,
            tables: [false; 2],
            thinking: false,
            deadline: None,
            begun: false,
            ended: false,
            expires: None,
            empty_since: now,
        }
    }

    /// Nobody has joined it yet.
    fn waiting(&self) -> bool {
        !self.begun && !self.ended
    }

    /// The seat is no longer held by `conn`'s connection.
    fn gone(&mut self, seat: Seat, now: Instant) {
        self.present[seat] = None;
        if self.present == [None, None] {
            self.empty_since = now;
        }
    }

    /// Sends `line` to every seat present that may read it.
    fn tell(&self, effects: &mut Effects, line: &Value) {
        for seat in [0, 1] {
            if let Some(conn) = self.present[seat]
                && readable_by(line, seat)
            {
                effects.send(conn, line.clone());
            }
        }
    }

    /// Sends each app's table present its `table` line, with the events of
    /// the last action that its seat may read.
    fn show_tables(&self, effects: &mut Effects, events: &[(Audience, Value)]) {
        for seat in [0, 1] {
            if let Some(conn) = self.present[seat].filter(|_| self.tables[seat]) {
                let seen: Vec<Value> = events
                    .iter()
                    .filter(|(audience, _)| audience.includes(seat))
                    .map(|(_, event)| event.clone())
                    .collect();
                effects.send(conn, self.table.table_line(seat, &seen));
            }
        }
    }
}

struct Client {
    seat: Option<(String, Seat)>,
    rate: Rate,
    /// The address its limits count by (`limits::counted_address`).
    address: IpAddr,
}

/// What one address has done lately: the games it may still create, and
/// the codes of its games that may still be waiting for a second player.
struct Door {
    creates: Bucket,
    waiting: Vec<String>,
}

pub struct Hub {
    store: Store,
    rooms: HashMap<String, Room>,
    clients: HashMap<ConnId, Client>,
    tokens: HashMap<String, (String, Seat)>,
    doors: HashMap<IpAddr, Door>,
    /// Games stopped by a fault in the server's code: not opened again
    /// until the server restarts.
    faulted: HashSet<String>,
    /// When the games nobody is at are next looked over, and when the
    /// store's expired waiting games are next forgotten.
    next_sweep: Instant,
    next_store_sweep: Instant,
    rng: GameRng,
}

impl Hub {
    /// The hub over `store`. Games are read from the store when a player
    /// comes back for one (`resume`, or `join` of a game that still waits),
    /// so a restart reads nothing but forgets the waiting games that
    /// expired while it was down.
    pub fn new(mut store: Store, now: Instant) -> Result<Hub, String> {
        store.forget_waiting_before(&expiry_cutoff())?;
        Ok(Hub {
            store,
            rooms: HashMap::new(),
            clients: HashMap::new(),
            tokens: HashMap::new(),
            doors: HashMap::new(),
            faulted: HashSet::new(),
            next_sweep: now,
            next_store_sweep: now + Duration::from_secs(60),
            rng: rand::make_rng::<GameRng>(),
        })
    }

    /// The games in progress and waiting that are held in memory.
    pub fn games(&self) -> usize {
        self.rooms.values().filter(|room| !room.ended).count()
    }

    /// The games not over in the store, held or put away.
    pub fn stored_games(&self) -> Result<usize, String> {
        self.store.unfinished_count()
    }

    pub fn connect(&mut self, conn: ConnId, address: IpAddr, now: Instant) {
        self.clients.insert(
            conn,
            Client {
                seat: None,
                rate: Rate::new(now),
                address: limits::counted_address(address),
            },
        );
    }

    /// A connection closed: its seat waits for its token, and the other
    /// side is told. A finished game nobody watches is let go.
    pub fn disconnect(&mut self, conn: ConnId, now: Instant) -> Effects {
        let about = self.game_of(conn);
        self.guarded(conn, about, |hub, effects| hub.disconnected(conn, now, effects))
    }

    fn disconnected(&mut self, conn: ConnId, now: Instant, effects: &mut Effects) {
        let Some(client) = self.clients.remove(&conn) else {
            return;
        };
        let Some((code, seat)) = client.seat else {
            return;
        };
        let Some(room) = self.rooms.get_mut(&code) else {
            return;
        };
        if room.present[seat] == Some(conn) {
            room.gone(seat, now);
            if let Some(them) = room.present[other(seat)] {
                effects.say(
                    them,
                    LobbyLine::Presence {
                        player: seat,
                        connected: false,
                    },
                );
            }
        }
        if room.ended && room.present == [None, None] {
            self.let_go(&code);
        }
    }

    /// One message from a client.
    pub fn message(&mut self, conn: ConnId, text: &str, now: Instant) -> Effects {
        let about = self.game_of(conn);
        self.guarded(conn, about, |hub, effects| hub.read(conn, text, now, effects))
    }

    fn read(&mut self, conn: ConnId, text: &str, now: Instant, effects: &mut Effects) {
        if !self.within_rate(conn, now, effects) {
            return;
        }
        if text.len() > limits::MESSAGE_BYTES {
            effects.say(
                conn,
                LobbyLine::error(format!("a message is at most {} bytes", limits::MESSAGE_BYTES)),
            );
            self.ask_again(conn, effects);
            return;
        }
        match lobby::read(text) {
            Err(e) => effects.say(conn, LobbyLine::error(e)),
            Ok(Incoming::Lobby(Request::Create {
                game,
                across,
                scenario,
                table,
            })) => self.create(conn, (game, across, scenario), table, now, effects),
            Ok(Incoming::Lobby(Request::Join { code, table })) => self.join(conn, &code, table, now, effects),
            Ok(Incoming::Lobby(Request::Resume { token, table })) => {
                self.resume(conn, &token, table, now, effects)
            }
            Ok(Incoming::Lobby(Request::Leave)) => self.leave(conn, now, effects),
            Ok(Incoming::Move(line)) => self.play(conn, &line, now, effects),
        }
        if effects
            .sends
            .last()
            .is_some_and(|(to, line)| *to == conn && line["type"] == "error")
        {
            self.ask_again(conn, effects);
        }
    }

    /// A message that could not be read as text (binary, too long): an
    /// error, counted against the client's rate like any message, and the
    /// seat to move asked again as after any error.
    pub fn unreadable(&mut self, conn: ConnId, why: &str, now: Instant) -> Effects {
        let about = self.game_of(conn);
        self.guarded(conn, about, |hub, effects| {
            if hub.within_rate(conn, now, effects) {
                effects.say(conn, LobbyLine::error(why));
                hub.ask_again(conn, effects);
            }
        })
    }

    /// Whether the client may send another message now; if not, the error
    /// (and the close, for a flood) is in `effects`.
    fn within_rate(&mut self, conn: ConnId, now: Instant, effects: &mut Effects) -> bool {
        let Some(client) = self.clients.get_mut(&conn) else {
            return false;
        };
        match client.rate.take(now) {
            limits::Taken::Yes => true,
            limits::Taken::No => {
                effects.say(
                    conn,
                    LobbyLine::Error {
                        player: None,
                        message: limits::RATE_MESSAGE.into(),
                        retry_ms: Some(limits::RETRY_MS),
                    },
                );
                false
            }
            limits::Taken::Disconnect => {
                effects.say(conn, LobbyLine::error(limits::FLOOD_MESSAGE));
                effects.closes.push(conn);
                false
            }
        }
    }

    /// A computer's answer for the game `code`.
    pub fn computed(&mut self, code: &str, answer: Box<dyn std::any::Any + Send>, now: Instant) -> Effects {
        self.guarded_game(code, |hub, effects| {
            let Some(room) = hub.rooms.get_mut(code) else {
                return;
            };
            room.thinking = false;
            match room.table.computed(answer) {
                Some(applied) => hub.commit(code, applied, now, effects),
                None => eprintln!("black-and-white serve: game {code}: the computer's move did not apply"),
            }
        })
    }

    /// Plays the time-out of every clock that has run out by `now`; about
    /// once a second, gives up the waiting games nobody joined in time and
    /// puts away the games nobody has been at for a while.
    pub fn tick(&mut self, now: Instant) -> Effects {
        let mut effects = Effects::default();
        let expired: Vec<String> = self
            .rooms
            .iter()
            .filter(|(_, room)| room.deadline.is_some_and(|(_, at)| at <= now))
            .map(|(code, _)| code.clone())
            .collect();
        for code in expired {
            effects.absorb(self.guarded_game(&code, |hub, effects| {
                let room = hub.rooms.get_mut(&code).expect("just listed");
                room.deadline = None;
                if let Some(applied) = room.table.time_out() {
                    hub.commit(&code, applied, now, effects);
                }
            }));
        }
        if now >= self.next_sweep {
            self.next_sweep = now + Duration::from_secs(1);
            self.sweep(now, &mut effects);
        }
        effects
    }

    /// The soonest clock to run out, for the server's wait.
    pub fn next_deadline(&self) -> Option<Instant> {
        self.rooms
            .values()
            .filter_map(|room| room.deadline.map(|(_, at)| at))
            .min()
    }

    /// A computer's thinking for the game `code` failed (a fault in the
    /// game's code): the game stops here alone.
    pub fn fault(&mut self, code: &str) -> Effects {
        let mut effects = Effects::default();
        self.stop(code, &mut effects);
        effects
    }

    /// Runs one step for `conn`; a panic inside it (a fault in a game's
    /// code, never a player's doing) stops only the game the connection was
    /// at before or after the step, and the hub carries on with the rest.
    pub fn guarded(
        &mut self,
        conn: ConnId,
        about: Option<String>,
        step: impl FnOnce(&mut Hub, &mut Effects),
    ) -> Effects {
        let mut effects = Effects::default();
        if catch_unwind(AssertUnwindSafe(|| step(self, &mut effects))).is_ok() {
            return effects;
        }
        let mut effects = Effects::default();
        for code in about.into_iter().chain(self.game_of(conn)) {
            self.stop(&code, &mut effects);
        }
        effects
    }

    /// `guarded` for a step about one game rather than a connection.
    fn guarded_game(&mut self, code: &str, step: impl FnOnce(&mut Hub, &mut Effects)) -> Effects {
        let mut effects = Effects::default();
        if catch_unwind(AssertUnwindSafe(|| step(self, &mut effects))).is_err() {
            effects = Effects::default();
            self.stop(code, &mut effects);
        }
        effects
    }

    /// Stops a game after a fault: both seats are told and closed (an app
    /// then tries its token and is told why), the game is not opened
    /// again until the server restarts, and the store keeps it as it was.
    fn stop(&mut self, code: &str, effects: &mut Effects) {
        eprintln!("black-and-white serve: game {code} stopped on a fault; the store keeps it as it was");
        self.faulted.insert(code.to_owned());
        if let Some(room) = self.rooms.get(code) {
            for conn in room.present.into_iter().flatten() {
                effects.say(conn, LobbyLine::error(faulted_message(code)));
                effects.closes.push(conn);
            }
        }
        for client in self.clients.values_mut() {
            if client.seat.as_ref().is_some_and(|(at, _)| at == code) {
                client.seat = None;
            }
        }
        self.tokens.retain(|_, (at, _)| at != code);
        self.rooms.remove(code);
    }

    /// The game `conn` sits at, if it is still held.
    fn game_of(&self, conn: ConnId) -> Option<String> {
        let (code, _) = self.clients.get(&conn)?.seat.as_ref()?;
        self.rooms.contains_key(code).then(|| code.clone())
    }

    /// `conn`'s game and seat, if it sits at a game still held; a seat
    /// whose game is gone is forgotten.
    fn seat_of(&mut self, conn: ConnId) -> Option<(String, Seat)> {
        let client = self.clients.get_mut(&conn)?;
        let (code, seat) = client.seat.clone()?;
        if self.rooms.contains_key(&code) {
            Some((code, seat))
        } else {
            client.seat = None;
            None
        }
    }

    fn create(
        &mut self,
        conn: ConnId,
        (game, across, scenario): (GameId, Across, Option<u32>),
        table_lines: bool,
        now: Instant,
        effects: &mut Effects,
    ) {
        if let Some(refusal) = self.seated_refusal(conn) {
            effects.say(conn, LobbyLine::error(refusal));
            return;
        }
        if self.rooms.len() >= limits::GAMES {
            effects.say(
                conn,
                LobbyLine::error("the server holds as many games as it can: try later"),
            );
            return;
        }
        let address = self.clients[&conn].address;
        if let Some(refusal) = self.door_refusal(address, across, now) {
            effects.say(conn, refusal);
            return;
        }
        let seed = self.rng.random::<u64>();
        let mut table = match table::open(game, scenario, seed) {
            Ok(table) => table,
            Err(e) => {
                effects.say(conn, LobbyLine::error(e));
                return;
            }
        };
        let code = self.new_code();
        let token = new_token(&mut self.rng);
        let mut seats = Seats {
            tokens: [Some(token.clone()), None],
            computers: [None, None],
        };
        if let Across::Computer(level) = across {
            table.seat_computer(1, level);
            seats.computers[1] = Some(level);
        }
        if let Err(e) = self
            .store
            .create(&code, &table.opening(), &seats, &crate::replay::now_iso())
        {
            eprintln!("black-and-white serve: {e}");
            effects.say(
                conn,
                LobbyLine::error("the server could not keep a new game: try again"),
            );
            return;
        }
        effects.say(
            conn,
            LobbyLine::Created {
                code: code.clone(),
                game,
                player: 0,
                token: token.clone(),
            },
        );
        self.tokens.insert(token, (code.clone(), 0));
        self.clients.get_mut(&conn).expect("a known client").seat = Some((code.clone(), 0));
        let mut room = Room::new(table, seats.tokens, [Some(conn), None], now);
        room.tables[0] = table_lines;
        self.rooms.insert(code.clone(), room);
        if matches!(across, Across::Computer(_)) {
            self.begin(&code, now, effects);
        } else {
            self.rooms.get_mut(&code).expect("just held").expires = Some(now + limits::WAITING);
            if let Some(door) = self.doors.get_mut(&address) {
                door.waiting.push(code.clone());
            }
            effects.say(conn, LobbyLine::Waiting { code });
        }
    }

    /// Why `address` may not create a game now, if it may not: too many
    /// of its games wait for a second player, or it created too many
    /// lately (the error's `retry_ms` says when it may).
    fn door_refusal(&mut self, address: IpAddr, across: Across, now: Instant) -> Option<LobbyLine> {
        let rooms = &self.rooms;
        let door = self.doors.entry(address).or_insert_with(|| Door {
            creates: Bucket::full(
                limits::CREATE_BURST,
                1.0 / limits::CREATE_EVERY.as_secs_f64(),
                now,
            ),
            waiting: Vec::new(),
        });
        door.waiting
            .retain(|code| rooms.get(code).is_some_and(Room::waiting));
        if across == Across::Person && door.waiting.len() >= limits::WAITING_PER_ADDRESS {
            return Some(LobbyLine::error(format!(
                "{} games from your address already wait for a second player: \
                 play one, or leave one, before you create another",
                limits::WAITING_PER_ADDRESS
            )));
        }
        if !door.creates.take(now) {
            let wait = door.creates.wait();
            return Some(LobbyLine::Error {
                player: None,
                message: format!(
                    "too many new games from your address: at most {} in a burst, then one every {} seconds; \
                     try again in {} seconds",
                    limits::CREATE_BURST,
                    limits::CREATE_EVERY.as_secs(),
                    wait.as_secs() + 1
                ),
                retry_ms: Some(wait.as_millis() as u64 + 1),
            });
        }
        None
    }

    fn join(&mut self, conn: ConnId, code: &str, table: bool, now: Instant, effects: &mut Effects) {
        if let Some(refusal) = self.seated_refusal(conn) {
            effects.say(conn, LobbyLine::error(refusal));
            return;
        }
        if !self.rooms.contains_key(code) {
            // A game that waits since before a restart is in the store alone.
            match self.store.by_code(code) {
                Ok(Some(kept)) if kept.seats.tokens[1].is_none() && kept.seats.computers[1].is_none() => {
                    if let Err(e) = self.open(kept, now, effects) {
                        effects.say(conn, LobbyLine::error(e));
                        return;
                    }
                }
                Ok(_) => {}
                Err(e) => eprintln!("black-and-white serve: {e}"),
            }
        }
        let Some(room) = self.rooms.get_mut(code) else {
            effects.say(conn, LobbyLine::error(format!("no game has the code {code}")));
            return;
        };
        if !room.waiting() {
            effects.say(
                conn,
                LobbyLine::error(format!("game {code} already has two players")),
            );
            return;
        }
        let token = new_token(&mut self.rng);
        if let Err(e) = self.store.seat(code, 1, Some(&token), None) {
            eprintln!("black-and-white serve: {e}");
            effects.say(conn, LobbyLine::error("the server could not seat you: try again"));
            return;
        }
        room.tokens[1] = Some(token.clone());
        room.present[1] = Some(conn);
        room.tables[1] = table;
        room.expires = None;
        let game = room.table.opening().game;
        effects.say(
            conn,
            LobbyLine::Joined {
                code: code.to_owned(),
                game,
                player: 1,
                token: token.clone(),
            },
        );
        if let Some(them) = room.present[0] {
            effects.say(
                them,
                LobbyLine::Presence {
                    player: 1,
                    connected: true,
                },
            );
        }
        self.tokens.insert(token, (code.to_owned(), 1));
        self.clients.get_mut(&conn).expect("a known client").seat = Some((code.to_owned(), 1));
        self.begin(code, now, effects);
    }

    fn resume(&mut self, conn: ConnId, token: &str, table: bool, now: Instant, effects: &mut Effects) {
        if let Some(refusal) = self.seated_refusal(conn) {
            effects.say(conn, LobbyLine::error(refusal));
            return;
        }
        if !self.tokens.contains_key(token) {
            // A game put away, or held before a restart, is in the store alone.
            match self.store.by_token(token) {
                Ok(Some(kept)) => {
                    if let Err(e) = self.open(kept, now, effects) {
                        effects.say(conn, LobbyLine::error(e));
                        return;
                    }
                }
                Ok(None) => {}
                Err(e) => eprintln!("black-and-white serve: {e}"),
            }
        }
        let Some((code, seat)) = self.tokens.get(token).cloned() else {
            effects.say(
                conn,
                LobbyLine::error("no seat has this token: it may belong to a finished game"),
            );
            return;
        };
        let room = self.rooms.get_mut(&code).expect("a token's game is held");
        if let Some(old) = room.present[seat].replace(conn) {
            effects.say(
                old,
                LobbyLine::error("this seat was taken back on another connection"),
            );
            effects.closes.push(old);
            if let Some(client) = self.clients.get_mut(&old) {
                client.seat = None;
            }
        }
        room.tables[seat] = table;
        let game = room.table.opening().game;
        effects.say(
            conn,
            LobbyLine::Resumed {
                code: code.clone(),
                game,
                player: seat,
            },
        );
        if let Some(them) = room.present[other(seat)] {
            effects.say(
                them,
                LobbyLine::Presence {
                    player: seat,
                    connected: true,
                },
            );
        }
        let clock = room.deadline.map(|(_, at)| {
            let left = at.saturating_duration_since(now).as_secs_f32();
            clock_line(room.table.to_move(), left)
        });
        if room.begun && table {
            // A table is laid out afresh from where the game stands.
            effects.sends.extend(clock.map(|line| (conn, line)));
            effects.send(conn, room.table.table_line(seat, &[]));
        } else if room.begun {
            // What was told, then a line that says the rest is now.
            let mut lines = room.table.transcript(seat);
            let ask = (lines.last().is_some_and(|line| line["type"] == "ask")).then(|| lines.pop());
            lines.push(
                LobbyLine::CaughtUp {
                    steps: room.table.steps(),
                }
                .to_value(),
            );
            lines.extend(clock);
            lines.extend(ask.flatten());
            for line in lines {
                effects.send(conn, line);
            }
        } else {
            effects.say(conn, LobbyLine::Waiting { code: code.clone() });
        }
        self.clients.get_mut(&conn).expect("a known client").seat = Some((code, seat));
    }

    /// Holds a game the store gave back, played again to where it stood,
    /// its computer thinking and its clock running again (nobody is at it
    /// yet, so nothing is sent). A waiting game past its time is forgotten;
    /// the text says why a game cannot be held.
    fn open(&mut self, kept: Kept, now: Instant, effects: &mut Effects) -> Result<(), String> {
        if self.faulted.contains(&kept.code) {
            return Err(faulted_message(&kept.code));
        }
        if self.rooms.len() >= limits::GAMES {
            return Err("the server holds as many games as it can: try later".into());
        }
        let waiting =
            !(0..2).all(|seat| kept.seats.tokens[seat].is_some() || kept.seats.computers[seat].is_some());
        let expires = if waiting {
            let age = crate::replay::seconds_of(&kept.created).map_or(Duration::MAX, |created| {
                Duration::from_secs(crate::replay::now_seconds().saturating_sub(created))
            });
            if age >= limits::WAITING {
                if let Err(e) = self.store.forget(&kept.code) {
                    eprintln!("black-and-white serve: {e}");
                }
                return Err(format!(
                    "nobody joined game {} in time: it was given up",
                    kept.code
                ));
            }
            Some(now + (limits::WAITING - age))
        } else {
            None
        };
        let mut table = table::reopen(&kept.opening, &kept.steps).map_err(|e| {
            eprintln!("black-and-white serve: game {} no longer plays: {e}", kept.code);
            format!(
                "game {} no longer plays on this server's version of the rules; it is kept as it was",
                kept.code
            )
        })?;
        for seat in [0, 1] {
            if let Some(level) = kept.seats.computers[seat] {
                table.seat_computer(seat, level);
            }
            if let Some(token) = &kept.seats.tokens[seat] {
                self.tokens.insert(token.clone(), (kept.code.clone(), seat));
            }
        }
        let mut room = Room::new(table, kept.seats.tokens, [None, None], now);
        room.begun = !waiting;
        room.expires = expires;
        self.rooms.insert(kept.code.clone(), room);
        self.advance(&kept.code, now, effects);
        Ok(())
    }

    fn leave(&mut self, conn: ConnId, now: Instant, effects: &mut Effects) {
        let Some((code, seat)) = self.seat_of(conn) else {
            effects.say(conn, LobbyLine::error("you are not at a game"));
            return;
        };
        self.clients.get_mut(&conn).expect("a known client").seat = None;
        effects.say(conn, LobbyLine::Bye);
        effects.closes.push(conn);
        let room = self.rooms.get_mut(&code).expect("seat_of found it");
        room.gone(seat, now);
        if room.ended {
            if room.present == [None, None] {
                self.let_go(&code);
            }
            return;
        }
        if !room.begun {
            if let Err(e) = self.store.forget(&code) {
                eprintln!("black-and-white serve: {e}");
            }
            self.let_go(&code);
            return;
        }
        if let Some(token) = room.tokens[seat].take() {
            self.tokens.remove(&token);
        }
        room.table.seat_computer(seat, STAND_IN);
        if let Err(e) = self.store.seat(&code, seat, None, Some(STAND_IN)) {
            eprintln!("black-and-white serve: {e}");
        }
        room.tell(
            effects,
            &LobbyLine::Left {
                player: seat,
                computer: STAND_IN,
            }
            .to_value(),
        );
        self.advance(&code, now, effects);
    }

    fn play(&mut self, conn: ConnId, line: &Map<String, Value>, now: Instant, effects: &mut Effects) {
        let Some((code, seat)) = self.seat_of(conn) else {
            effects.say(conn, LobbyLine::error("create or join a game before you move"));
            return;
        };
        let room = self.rooms.get_mut(&code).expect("seat_of found it");
        if !room.begun || room.ended {
            let why = if room.ended {
                "the game is over"
            } else {
                "the game has not begun: nobody has joined"
            };
            effects.say(
                conn,
                LobbyLine::Error {
                    player: Some(seat),
                    message: why.into(),
                    retry_ms: None,
                },
            );
            return;
        }
        match room.table.act(seat, line) {
            Ok(applied) => self.commit(&code, applied, now, effects),
            Err((player, message)) => {
                effects.say(
                    conn,
                    LobbyLine::Error {
                        player,
                        message,
                        retry_ms: None,
                    },
                );
            }
        }
    }

    /// Both seats are filled: `start`, and the first ask.
    fn begin(&mut self, code: &str, now: Instant, effects: &mut Effects) {
        let room = self.rooms.get_mut(code).expect("a game to begin is held");
        room.begun = true;
        room.tell(effects, &room.table.start_line());
        room.show_tables(effects, &[]);
        self.advance(code, now, effects);
    }

    /// Keeps an applied action, then tells each seat what it may read; an
    /// action the store could not keep is taken back.
    fn commit(&mut self, code: &str, applied: Applied, now: Instant, effects: &mut Effects) {
        let room = self.rooms.get_mut(code).expect("a game being played is held");
        // The table holds the action already: its count is the action's number.
        if let Err(e) = self.store.step(code, room.table.steps(), &applied.stored) {
            eprintln!("black-and-white serve: game {code}: {e}");
            room.table.undo_last();
            if let Some(conn) = room.present[applied.stored.seat] {
                effects.say(
                    conn,
                    LobbyLine::error("the server could not keep your move: nothing changed, play it again"),
                );
                effects.send(conn, room.table.ask(applied.stored.seat));
            }
            room.show_tables(effects, &[]);
            return;
        }
        for line in &applied.lines {
            room.tell(effects, line);
        }
        room.show_tables(effects, &applied.events);
        self.advance(code, now, effects);
    }

    /// After any change: the end, the computer's turn, or the ask (with
    /// the clock) for the person to move.
    fn advance(&mut self, code: &str, now: Instant, effects: &mut Effects) {
        let room = self.rooms.get_mut(code).expect("a game being played is held");
        if room.ended || !room.begun {
            return;
        }
        if let Some(end) = room.table.end_line() {
            room.ended = true;
            room.deadline = None;
            room.tell(effects, &end);
            if let Err(e) = self.store.end(code, &crate::replay::now_iso()) {
                eprintln!("black-and-white serve: game {code}: {e}");
            }
            for seat in [0, 1] {
                if let Some(token) = room.tokens[seat].take() {
                    self.tokens.remove(&token);
                }
            }
            if room.present == [None, None] {
                self.let_go(code);
            }
            return;
        }
        let Some(seat) = room.table.to_move() else {
            return;
        };
        if room.table.is_computer(seat) {
            if !room.thinking
                && let Some(thinking) = room.table.think()
            {
                room.thinking = true;
                effects.thinking.push((code.to_owned(), thinking));
            }
            return;
        }
        let steps = room.table.steps();
        let fresh = room.deadline.is_none_or(|(step, _)| step != steps);
        if let Some(seconds) = room.table.clock()
            && fresh
        {
            room.deadline = Some((steps, now + Duration::from_secs_f32(seconds)));
            room.tell(effects, &clock_line(Some(seat), seconds));
        }
        if let Some(conn) = room.present[seat] {
            effects.send(conn, room.table.ask(seat));
        }
    }

    /// After an error, the client whose turn it is gets the same `ask`
    /// again, as the referee protocol does.
    fn ask_again(&mut self, conn: ConnId, effects: &mut Effects) {
        let Some((code, seat)) = self.seat_of(conn) else {
            return;
        };
        let room = &self.rooms[&code];
        if room.begun && !room.ended && room.table.to_move() == Some(seat) && !room.table.is_computer(seat) {
            effects.send(conn, room.table.ask(seat));
        }
    }

    /// Gives up the waiting games whose time is out (their creators are
    /// told), puts away the games nobody has been at for `limits::AWAY`,
    /// forgets the addresses that have nothing left to count, and, once a
    /// minute, the store's waiting games that no server holds.
    fn sweep(&mut self, now: Instant, effects: &mut Effects) {
        let expired: Vec<String> = self
            .rooms
            .iter()
            .filter(|(_, room)| room.expires.is_some_and(|at| at <= now))
            .map(|(code, _)| code.clone())
            .collect();
        for code in expired {
            if let Err(e) = self.store.forget(&code) {
                eprintln!("black-and-white serve: {e}");
            }
            if let Some(conn) = self.rooms[&code].present[0] {
                effects.say(
                    conn,
                    LobbyLine::error(format!(
                        "nobody joined game {code} in {} minutes: it is given up; create another",
                        limits::WAITING.as_secs() / 60
                    )),
                );
                if let Some(client) = self.clients.get_mut(&conn) {
                    client.seat = None;
                }
            }
            self.let_go(&code);
        }
        let away: Vec<String> = self
            .rooms
            .iter()
            .filter(|(_, room)| {
                room.begun
                    && !room.thinking
                    && room.present == [None, None]
                    && now >= room.empty_since + limits::AWAY
            })
            .map(|(code, _)| code.clone())
            .collect();
        for code in away {
            self.let_go(&code);
        }
        let rooms = &self.rooms;
        self.doors.retain(|_, door| {
            door.waiting
                .retain(|code| rooms.get(code).is_some_and(Room::waiting));
            !door.waiting.is_empty() || !door.creates.is_full(now)
        });
        if now >= self.next_store_sweep {
            self.next_store_sweep = now + Duration::from_secs(60);
            if let Err(e) = self.store.forget_waiting_before(&expiry_cutoff()) {
                eprintln!("black-and-white serve: {e}");
            }
        }
    }

    fn seated_refusal(&mut self, conn: ConnId) -> Option<String> {
        let (code, _) = self.seat_of(conn)?;
        Some(format!("you are at game {code}: leave it first"))
    }

    /// Lets go of a game held in memory; the store keeps what it has.
    fn let_go(&mut self, code: &str) {
        if let Some(room) = self.rooms.remove(code) {
            for token in room.tokens.into_iter().flatten() {
                self.tokens.remove(&token);
            }
        }
    }

    fn new_code(&mut self) -> String {
        loop {
            let code: String = (0..limits::CODE_LENGTH)
                .map(|_| {
                    let i = self.rng.random_range(0..limits::CODE_LETTERS.len());
                    limits::CODE_LETTERS[i] as char
                })
                .collect();
            // A store that cannot answer refuses the game's insert after.
            if !self.rooms.contains_key(&code) && !self.store.code_taken(&code).unwrap_or(false) {
                return code;
            }
        }
    }
}

/// What the seats of a game stopped by a fault are told.
fn faulted_message(code: &str) -> String {
    format!(
        "game {code} stopped on a fault in the server: it is kept as it was, \
         and can be taken back with its token once the server has restarted"
    )
}

/// Waiting games created before this moment have expired (with a minute
/// to spare, so that the store never forgets a game the hub still holds).
fn expiry_cutoff() -> String {
    let seconds = limits::WAITING.as_secs() + 60;
    crate::replay::iso(crate::replay::now_seconds().saturating_sub(seconds))
}

/// 128 random bits as hex: what takes a seat back.
fn new_token(rng: &mut GameRng) -> String {
    format!("{:032x}", rng.random::<u128>())
}

/// How long the seat to move has: public, as a clock on the table is.
fn clock_line(seat: Option<Seat>, seconds: f32) -> Value {
    LobbyLine::Clock {
        player: seat,
        seconds: (seconds * 10.0).round() / 10.0,
    }
    .to_value()
}
