//! The server's games and who sits at them, as one state machine: a client
//! message, a dropped connection, a computer's answer or the clock goes in,
//! and what to send to whom comes out. No sockets here, so every rule of
//! the lobby is tested without them; `server` moves the bytes.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use rand::RngExt;
use serde_json::{Value, json};

use super::limits::{self, Rate};
use super::lobby::{self, Across, Request};
use super::store::{Seats, Store};
use super::table::{self, Applied, Table, Thinking, readable_by};
use crate::games::GameId;
use crate::rules::{Audience, GameRng, Level, Seat, other};

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
    ended: bool,
}

impl Room {
    fn new(table: Box<dyn Table>, tokens: [Option<String>; 2], present: [Option<ConnId>; 2]) -> Room {
        Room {
            table,
            tokens,
            present,
            tables: [false; 2],
            thinking: false,
            deadline: None,
            ended: false,
        }
    }

    fn seated(&self, seat: Seat) -> bool {
        self.tokens[seat].is_some() || self.table.is_computer(seat)
    }

    fn started(&self) -> bool {
        self.seated(0) && self.seated(1)
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
}

pub struct Hub {
    store: Store,
    rooms: HashMap<String, Room>,
    clients: HashMap<ConnId, Client>,
    tokens: HashMap<String, (String, Seat)>,
    rng: GameRng,
}

impl Hub {
    /// The hub over `store`, with every game the store holds that is not
    /// over; the lines name the ones that could not be played again.
    pub fn new(store: Store) -> Result<(Hub, Vec<String>), String> {
        let (kept, mut unreadable) = store.unfinished()?;
        let mut hub = Hub {
            store,
            rooms: HashMap::new(),
            clients: HashMap::new(),
            tokens: HashMap::new(),
            rng: rand::make_rng::<GameRng>(),
        };
        for game in kept {
            let mut table = match table::reopen(&game.opening, &game.steps) {
                Ok(table) => table,
                Err(e) => {
                    unreadable.push(format!("game {}: {e}", game.code));
                    continue;
                }
            };
            for seat in [0, 1] {
                if let Some(level) = game.seats.computers[seat] {
                    table.seat_computer(seat, level);
                }
                if let Some(token) = &game.seats.tokens[seat] {
                    hub.tokens.insert(token.clone(), (game.code.clone(), seat));
                }
            }
            hub.rooms
                .insert(game.code, Room::new(table, game.seats.tokens, [None, None]));
        }
        Ok((hub, unreadable))
    }

    /// The games in progress and waiting.
    pub fn games(&self) -> usize {
        self.rooms.values().filter(|room| !room.ended).count()
    }

    /// Sets the computers of the games the store gave back thinking again.
    pub fn resume_all(&mut self, now: Instant) -> Effects {
        let mut effects = Effects::default();
        let codes: Vec<String> = self.rooms.keys().cloned().collect();
        for code in codes {
            self.advance(&code, now, &mut effects);
        }
        effects
    }

    pub fn connect(&mut self, conn: ConnId, now: Instant) {
        self.clients.insert(
            conn,
            Client {
                seat: None,
                rate: Rate::new(now),
            },
        );
    }

    /// A connection closed: its seat waits for its token, and the other
    /// side is told. A finished game nobody watches is let go.
    pub fn disconnect(&mut self, conn: ConnId) -> Effects {
        let mut effects = Effects::default();
        let Some(client) = self.clients.remove(&conn) else {
            return effects;
        };
        let Some((code, seat)) = client.seat else {
            return effects;
        };
        let Some(room) = self.rooms.get_mut(&code) else {
            return effects;
        };
        if room.present[seat] == Some(conn) {
            room.present[seat] = None;
            if let Some(them) = room.present[other(seat)] {
                effects.send(
                    them,
                    json!({"type": "presence", "player": seat, "connected": false}),
                );
            }
        }
        if room.ended && room.present == [None, None] {
            self.let_go(&code);
        }
        effects
    }

    /// One message from a client.
    pub fn message(&mut self, conn: ConnId, text: &str, now: Instant) -> Effects {
        let mut effects = Effects::default();
        if !self.within_rate(conn, now, &mut effects) {
            return effects;
        }
        if text.len() > limits::MESSAGE_BYTES {
            effects.send(
                conn,
                lobby::error(format!("a message is at most {} bytes", limits::MESSAGE_BYTES)),
            );
            self.ask_again(conn, &mut effects);
            return effects;
        }
        match lobby::read(text) {
            Err(e) => effects.send(conn, lobby::error(e)),
            Ok(Request::Create {
                game,
                across,
                scenario,
                table,
            }) => self.create(conn, (game, across, scenario), table, now, &mut effects),
            Ok(Request::Join { code, table }) => self.join(conn, &code, table, now, &mut effects),
            Ok(Request::Resume { token, table }) => self.resume(conn, &token, table, now, &mut effects),
            Ok(Request::Leave) => self.leave(conn, now, &mut effects),
            Ok(Request::Move(text)) => self.play(conn, &text, now, &mut effects),
        }
        if effects
            .sends
            .last()
            .is_some_and(|(to, line)| *to == conn && line["type"] == "error")
        {
            self.ask_again(conn, &mut effects);
        }
        effects
    }

    /// A message that could not be read as text (binary, too long): an
    /// error, counted against the client's rate like any message.
    pub fn unreadable(&mut self, conn: ConnId, why: &str, now: Instant) -> Effects {
        let mut effects = Effects::default();
        if self.within_rate(conn, now, &mut effects) {
            effects.send(conn, lobby::error(why));
        }
        effects
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
                let mut refusal = lobby::error(limits::RATE_MESSAGE);
                refusal["retry_ms"] = json!(limits::RETRY_MS);
                effects.send(conn, refusal);
                false
            }
            limits::Taken::Disconnect => {
                effects.send(conn, lobby::error(limits::FLOOD_MESSAGE));
                effects.closes.push(conn);
                false
            }
        }
    }

    /// A computer's answer for the game `code`.
    pub fn computed(&mut self, code: &str, answer: Box<dyn std::any::Any + Send>, now: Instant) -> Effects {
        let mut effects = Effects::default();
        let Some(room) = self.rooms.get_mut(code) else {
            return effects;
        };
        room.thinking = false;
        match room.table.computed(answer) {
            Some(applied) => self.commit(code, applied, now, &mut effects),
            None => eprintln!("black-and-white serve: game {code}: the computer's move did not apply"),
        }
        effects
    }

    /// Plays the time-out of every clock that has run out by `now`.
    pub fn tick(&mut self, now: Instant) -> Effects {
        let mut effects = Effects::default();
        let expired: Vec<String> = self
            .rooms
            .iter()
            .filter(|(_, room)| room.deadline.is_some_and(|(_, at)| at <= now))
            .map(|(code, _)| code.clone())
            .collect();
        for code in expired {
            let room = self.rooms.get_mut(&code).expect("just listed");
            room.deadline = None;
            if let Some(applied) = room.table.time_out() {
                self.commit(&code, applied, now, &mut effects);
            }
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

    fn create(
        &mut self,
        conn: ConnId,
        (game, across, scenario): (GameId, Across, Option<u32>),
        table_lines: bool,
        now: Instant,
        effects: &mut Effects,
    ) {
        if let Some(refusal) = self.seated_refusal(conn) {
            effects.send(conn, lobby::error(refusal));
            return;
        }
        if self.rooms.len() >= limits::GAMES {
            effects.send(
                conn,
                lobby::error("the server holds as many games as it can: try later"),
            );
            return;
        }
        let seed = self.rng.random::<u64>();
        let mut table = match table::open(game, scenario, seed) {
            Ok(table) => table,
            Err(e) => {
                effects.send(conn, lobby::error(e));
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
            effects.send(
                conn,
                lobby::error("the server could not keep a new game: try again"),
            );
            return;
        }
        effects.send(conn, lobby::seated("created", &code, game, 0, Some(&token)));
        self.tokens.insert(token, (code.clone(), 0));
        self.clients.get_mut(&conn).expect("a known client").seat = Some((code.clone(), 0));
        let started = matches!(across, Across::Computer(_));
        let mut room = Room::new(table, seats.tokens, [Some(conn), None]);
        room.tables[0] = table_lines;
        self.rooms.insert(code.clone(), room);
        if started {
            self.begin(&code, now, effects);
        } else {
            effects.send(conn, json!({"type": "waiting", "code": code}));
        }
    }

    fn join(&mut self, conn: ConnId, code: &str, table: bool, now: Instant, effects: &mut Effects) {
        if let Some(refusal) = self.seated_refusal(conn) {
            effects.send(conn, lobby::error(refusal));
            return;
        }
        let Some(room) = self.rooms.get_mut(code) else {
            effects.send(conn, lobby::error(format!("no game has the code {code}")));
            return;
        };
        if room.started() || room.ended {
            effects.send(conn, lobby::error(format!("game {code} already has two players")));
            return;
        }
        let token = new_token(&mut self.rng);
        if let Err(e) = self.store.seat(code, 1, Some(&token), None) {
            eprintln!("black-and-white serve: {e}");
            effects.send(conn, lobby::error("the server could not seat you: try again"));
            return;
        }
        room.tokens[1] = Some(token.clone());
        room.present[1] = Some(conn);
        room.tables[1] = table;
        let game = room.table.opening().game;
        effects.send(conn, lobby::seated("joined", code, game, 1, Some(&token)));
        if let Some(them) = room.present[0] {
            effects.send(them, json!({"type": "presence", "player": 1, "connected": true}));
        }
        self.tokens.insert(token, (code.to_owned(), 1));
        self.clients.get_mut(&conn).expect("a known client").seat = Some((code.to_owned(), 1));
        self.begin(code, now, effects);
    }

    fn resume(&mut self, conn: ConnId, token: &str, table: bool, now: Instant, effects: &mut Effects) {
        if let Some(refusal) = self.seated_refusal(conn) {
            effects.send(conn, lobby::error(refusal));
            return;
        }
        let Some((code, seat)) = self.tokens.get(token).cloned() else {
            effects.send(
                conn,
                lobby::error("no seat has this token: it may belong to a finished game"),
            );
            return;
        };
        let room = self.rooms.get_mut(&code).expect("a token's game is held");
        if let Some(old) = room.present[seat].replace(conn) {
            effects.send(
                old,
                lobby::error("this seat was taken back on another connection"),
            );
            effects.closes.push(old);
            if let Some(client) = self.clients.get_mut(&old) {
                client.seat = None;
            }
        }
        room.tables[seat] = table;
        let game = room.table.opening().game;
        effects.send(conn, lobby::seated("resumed", &code, game, seat, None));
        if let Some(them) = room.present[other(seat)] {
            effects.send(
                them,
                json!({"type": "presence", "player": seat, "connected": true}),
            );
        }
        if room.started() && table {
            // A table is laid out afresh from where the game stands.
            if let Some((_, at)) = room.deadline {
                let left = at.saturating_duration_since(now).as_secs_f32();
                effects.send(conn, clock_line(room.table.to_move(), left));
            }
            effects.send(conn, room.table.table_line(seat, &[]));
        } else if room.started() {
            let mut lines = room.table.transcript(seat);
            if let Some((_, at)) = room.deadline {
                // Before the ask, when the transcript ends with one.
                let ask = usize::from(room.table.to_move() == Some(seat));
                let left = at.saturating_duration_since(now).as_secs_f32();
                lines.insert(lines.len() - ask, clock_line(room.table.to_move(), left));
            }
            for line in lines {
                effects.send(conn, line);
            }
        } else {
            effects.send(conn, json!({"type": "waiting", "code": code}));
        }
        self.clients.get_mut(&conn).expect("a known client").seat = Some((code, seat));
    }

    fn leave(&mut self, conn: ConnId, now: Instant, effects: &mut Effects) {
        let Some((code, seat)) = self.clients.get_mut(&conn).and_then(|c| c.seat.take()) else {
            effects.send(conn, lobby::error("you are not at a game"));
            return;
        };
        effects.send(conn, json!({"type": "bye"}));
        effects.closes.push(conn);
        let room = self.rooms.get_mut(&code).expect("a seated client's game is held");
        room.present[seat] = None;
        if !room.started() {
            if let Err(e) = self.store.forget(&code) {
                eprintln!("black-and-white serve: {e}");
            }
            self.let_go(&code);
            return;
        }
        if room.ended {
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
            &json!({"type": "left", "player": seat, "computer": STAND_IN.id()}),
        );
        self.advance(&code, now, effects);
    }

    fn play(&mut self, conn: ConnId, text: &str, now: Instant, effects: &mut Effects) {
        let Some((code, seat)) = self.clients.get(&conn).and_then(|c| c.seat.clone()) else {
            effects.send(conn, lobby::error("create or join a game before you move"));
            return;
        };
        let room = self.rooms.get_mut(&code).expect("a seated client's game is held");
        if !room.started() || room.ended {
            let why = if room.ended {
                "the game is over"
            } else {
                "the game has not begun: nobody has joined"
            };
            effects.send(conn, json!({"type": "error", "player": seat, "message": why}));
            return;
        }
        match room.table.act(seat, text) {
            Ok(applied) => self.commit(&code, applied, now, effects),
            Err((player, message)) => {
                effects.send(
                    conn,
                    json!({"type": "error", "player": player, "message": message}),
                );
            }
        }
    }

    /// Both seats are filled: `start`, and the first ask.
    fn begin(&mut self, code: &str, now: Instant, effects: &mut Effects) {
        let room = &self.rooms[code];
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
                effects.send(
                    conn,
                    lobby::error("the server could not keep your move: nothing changed, play it again"),
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
        if room.ended || !room.started() {
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
    fn ask_again(&self, conn: ConnId, effects: &mut Effects) {
        let Some((code, seat)) = self.clients.get(&conn).and_then(|c| c.seat.as_ref()) else {
            return;
        };
        let room = &self.rooms[code];
        if room.started()
            && !room.ended
            && room.table.to_move() == Some(*seat)
            && !room.table.is_computer(*seat)
        {
            effects.send(conn, room.table.ask(*seat));
        }
    }

    fn seated_refusal(&self, conn: ConnId) -> Option<String> {
        let (code, _) = self.clients.get(&conn)?.seat.as_ref()?;
        Some(format!("you are at game {code}: leave it first"))
    }

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

/// 128 random bits as hex: what takes a seat back.
fn new_token(rng: &mut GameRng) -> String {
    format!("{:032x}", rng.random::<u128>())
}

/// How long the seat to move has: public, as a clock on the table is.
fn clock_line(seat: Option<Seat>, seconds: f32) -> Value {
    json!({"type": "clock", "player": seat, "seconds": (seconds * 10.0).round() / 10.0})
}
