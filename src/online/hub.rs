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

pub use super::effects::{ConnId, Effects, Job};
use super::limits::{self, Bucket, Rate};
use super::lobby::{self, Incoming, Request, Terms};
use super::room::Room;
use super::store::{Player, PlayerId, Store};
use super::table::Applied;
use crate::rules::{GameRng, Level, Seat, other};
use crate::wire::{LobbyLine, Seek};

/// The level that takes over the seat of a player who leaves a game.
pub const STAND_IN: Level = Level::Normal;

pub(super) struct Client {
    pub(super) seat: Option<(String, Seat)>,
    /// The game it watches, if it sits at none.
    pub(super) watching: Option<String>,
    /// The account it is signed in to, and its session's key.
    pub(super) player: Option<Player>,
    pub(super) session: Option<String>,
    /// A sign in or up on the thinking threads: the name's key it tried
    /// (empty for a sign up).
    pub(super) signing: Option<String>,
    pub(super) rate: Rate,
    /// The address its limits count by (`limits::counted_address`).
    pub(super) address: IpAddr,
}

/// What one address has done lately: the games it may still create, and
/// the codes of its games that may still be waiting for a second player.
pub(super) struct Door {
    pub(super) creates: Bucket,
    pub(super) waiting: Vec<String>,
}

pub struct Hub {
    pub(super) store: Box<dyn Store>,
    pub(super) rooms: HashMap<String, Room>,
    pub(super) clients: HashMap<ConnId, Client>,
    /// Each held seat by its token's key (`store::token_key`): the hub,
    /// like the store, never keeps a token itself.
    pub(super) tokens: HashMap<String, (String, Seat)>,
    pub(super) doors: HashMap<IpAddr, Door>,
    /// Games stopped by a fault in the server's code: not opened again
    /// until the server restarts.
    pub(super) faulted: HashSet<String>,
    /// When the games nobody is at are next looked over, and when the
    /// store's expired waiting games are next forgotten.
    pub(super) next_sweep: Instant,
    pub(super) next_store_sweep: Instant,
    pub(super) rng: GameRng,
    /// Where this server's players connect: what a server that shares the
    /// database sends them to for the games this one plays (its leases).
    pub(super) owner: String,
    /// The lobby: who is in it, the seeks listed (each with its number,
    /// which orders them), and the changes not yet sent.
    pub(super) lobby: HashSet<ConnId>,
    pub(super) seeks: HashMap<String, (u64, Seek)>,
    pub(super) seek_count: u64,
    pub(super) news: Vec<Value>,
    /// Signs in and up by address, and wrong passwords by name's key.
    pub(super) signs: HashMap<IpAddr, Bucket>,
    pub(super) wrong: HashMap<String, Bucket>,
    /// New games by account, as `doors` count them by address.
    pub(super) account_creates: HashMap<PlayerId, Bucket>,
}

impl Hub {
    /// The hub over `store`. Games are read from the store when a player
    /// comes back for one (`resume`, or `join` of a game that still waits),
    /// so a restart reads nothing but forgets the waiting games that
    /// expired while it was down.
    pub fn new(mut store: Box<dyn Store>, now: Instant) -> Result<Hub, String> {
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
            owner: "this server".into(),
            lobby: HashSet::new(),
            seeks: HashMap::new(),
            seek_count: 0,
            news: Vec::new(),
            signs: HashMap::new(),
            wrong: HashMap::new(),
            account_creates: HashMap::new(),
        })
    }

    /// The address the other servers on the same database send this one's
    /// players to (`serve --advertise`).
    pub fn advertise(&mut self, address: String) {
        self.owner = address;
        // Its heartbeat, before any game is leased under it.
        if let Err(e) = self.store.renew_leases(&self.owner, &[]) {
            eprintln!("black-and-white serve: {e}");
        }
    }

    /// The games in progress and waiting that are held in memory.
    pub fn games(&self) -> usize {
        self.rooms.values().filter(|room| !room.ended).count()
    }

    /// The games not over in the store, held or put away.
    pub fn stored_games(&mut self) -> Result<usize, String> {
        self.store.unfinished_count()
    }

    pub fn connect(&mut self, conn: ConnId, address: IpAddr, now: Instant) {
        self.clients.insert(
            conn,
            Client {
                seat: None,
                watching: None,
                player: None,
                session: None,
                signing: None,
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

    pub(super) fn disconnected(&mut self, conn: ConnId, now: Instant, effects: &mut Effects) {
        let Some(client) = self.clients.remove(&conn) else {
            return;
        };
        self.lobby.remove(&conn);
        if let Some(code) = &client.watching {
            self.stop_watching(conn, code);
        }
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

    pub(super) fn read(&mut self, conn: ConnId, text: &str, now: Instant, effects: &mut Effects) {
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
                public,
                rated,
                range,
                days,
                scenario_file,
            })) => self.create(
                conn,
                (game, across, scenario),
                Terms {
                    table,
                    public,
                    rated,
                    range,
                    days,
                    scenario_file,
                },
                now,
                effects,
            ),
            Ok(Incoming::Lobby(Request::SignUp { name, password })) => {
                self.sign_up(conn, name, password, now, effects)
            }
            Ok(Incoming::Lobby(Request::SignIn { name, password })) => {
                self.sign_in(conn, name, password, now, effects)
            }
            Ok(Incoming::Lobby(Request::Hello { session })) => self.hello(conn, &session, effects),
            Ok(Incoming::Lobby(Request::SignOut)) => self.sign_out(conn, effects),
            Ok(Incoming::Lobby(Request::Profile { name })) => self.profile(conn, &name, effects),
            Ok(Incoming::Lobby(Request::Best { game })) => self.best(conn, game, effects),
            Ok(Incoming::Lobby(Request::MyGames)) => self.my_games(conn, effects),
            Ok(Incoming::Lobby(Request::Return { code, table })) => {
                self.return_to(conn, &code, table, now, effects)
            }
            Ok(Incoming::Lobby(Request::Lobby)) => self.enter_lobby(conn, effects),
            Ok(Incoming::Lobby(Request::Join {
                code,
                table,
                accept_mod,
            })) => self.join(conn, &code, (table, accept_mod), now, effects),
            Ok(Incoming::Lobby(Request::Resume { token, table })) => {
                self.resume(conn, &token, table, now, effects)
            }
            Ok(Incoming::Lobby(Request::Rematch { swap, scenario })) => {
                self.rematch(conn, swap, scenario, now, effects)
            }
            Ok(Incoming::Lobby(Request::Watch { code })) => self.watch(conn, &code, now, effects),
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
    pub(super) fn within_rate(&mut self, conn: ConnId, now: Instant, effects: &mut Effects) -> bool {
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

    /// The answer of work done on another thread: a computer's move, or
    /// a password hashed or checked.
    pub fn computed(&mut self, job: &Job, answer: Box<dyn std::any::Any + Send>, now: Instant) -> Effects {
        match job {
            Job::Game(code) => self.move_computed(code, answer, now),
            Job::Account(conn) => self.guarded(*conn, None, |hub, effects| {
                hub.account_worked(*conn, answer, now, effects)
            }),
        }
    }

    /// A computer's answer for the game `code`.
    fn move_computed(&mut self, code: &str, answer: Box<dyn std::any::Any + Send>, now: Instant) -> Effects {
        self.guarded_game(code, |hub, effects| {
            let Some(room) = hub.rooms.get_mut(code) else {
                return;
            };
            match room.table.computed(answer) {
                Some(applied) => {
                    room.thinking = false;
                    hub.commit(code, applied, now, effects);
                }
                None => eprintln!(
                    "black-and-white serve: game {code}: a computer's move for another position was dropped"
                ),
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
            self.renew_leases(&mut effects);
        }
        self.announce(&mut effects);
        effects
    }

    /// The soonest clock to run out, for the server's wait.
    pub fn next_deadline(&self) -> Option<Instant> {
        self.rooms
            .values()
            .filter_map(|room| room.deadline.map(|(_, at)| at))
            .min()
    }

    /// Work on another thread failed: a computer's thinking (a fault in
    /// the game's code: the game stops here alone), or a password's.
    pub fn fault(&mut self, job: &Job) -> Effects {
        let mut effects = Effects::default();
        match job {
            Job::Game(code) => self.stop(code, &mut effects),
            Job::Account(conn) => {
                if let Some(client) = self.clients.get_mut(conn) {
                    client.signing = None;
                    effects.say(
                        *conn,
                        LobbyLine::error("the server could not check the password: try again"),
                    );
                }
            }
        }
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
        if catch_unwind(AssertUnwindSafe(|| step(self, &mut effects))).is_err() {
            effects = Effects::default();
            for code in about.into_iter().chain(self.game_of(conn)) {
                self.stop(&code, &mut effects);
            }
        }
        self.announce(&mut effects);
        effects
    }

    /// `guarded` for a step about one game rather than a connection.
    pub(super) fn guarded_game(&mut self, code: &str, step: impl FnOnce(&mut Hub, &mut Effects)) -> Effects {
        let mut effects = Effects::default();
        if catch_unwind(AssertUnwindSafe(|| step(self, &mut effects))).is_err() {
            effects = Effects::default();
            self.stop(code, &mut effects);
        }
        self.announce(&mut effects);
        effects
    }

    /// Stops a game after a fault: both seats are told and closed (an app
    /// then tries its token and is told why), the game is not opened
    /// again until the server restarts, and the store keeps it as it was.
    pub(super) fn stop(&mut self, code: &str, effects: &mut Effects) {
        eprintln!("black-and-white serve: game {code} stopped on a fault; the store keeps it as it was");
        self.faulted.insert(code.to_owned());
        self.send_away(code, &faulted_message(code), effects);
    }

    /// Opens the store's batch for one turn of the server: the writes of
    /// every event until `end_batch` are committed together.
    pub fn begin_batch(&mut self) {
        self.store.begin_batch();
    }

    /// Commits the turn's batch and gives back what may be sent of the
    /// turn's `effects`: all of it once the batch is kept. If it could not
    /// be kept, nothing goes to the players of the games it wrote for:
    /// they are sent away to take their seats back from what the store
    /// kept, which is where they stood before the turn.
    pub fn end_batch(&mut self, mut effects: Effects) -> Effects {
        let Err(lost) = self.store.commit_batch() else {
            return effects;
        };
        eprintln!(
            "black-and-white serve: the last turn of {} game(s) was not kept: {}",
            lost.codes.len(),
            lost.why
        );
        let codes: HashSet<&str> = lost.codes.iter().map(String::as_str).collect();
        let at_lost: HashSet<ConnId> = self
            .clients
            .iter()
            .filter(|(_, client)| {
                client
                    .seat
                    .as_ref()
                    .is_some_and(|(at, _)| codes.contains(at.as_str()))
            })
            .map(|(conn, _)| *conn)
            .chain(
                codes
                    .iter()
                    .filter_map(|code| self.rooms.get(*code))
                    .flat_map(Room::everyone),
            )
            .collect();
        effects.sends.retain(|(conn, _)| !at_lost.contains(conn));
        effects
            .thinking
            .retain(|(job, _)| !matches!(job, Job::Game(code) if codes.contains(code.as_str())));
        for code in &lost.codes {
            let why = format!(
                "the server could not keep the last moves of game {code}: \
                 take your seat back with your token and play on from where the game was kept"
            );
            self.send_away(code, &why, &mut effects);
            if let Err(e) = self.store.release_lease(code, &self.owner) {
                eprintln!("black-and-white serve: {e}");
            }
        }
        effects
    }

    /// Stops holding `code` without a word to the store: its seats and
    /// watchers are told `why` and closed, and its tokens and seats
    /// forgotten here.
    fn send_away(&mut self, code: &str, why: &str, effects: &mut Effects) {
        if let Some(room) = self.rooms.get(code) {
            for conn in room.everyone() {
                effects.say(conn, LobbyLine::error(why));
                effects.closes.push(conn);
            }
        }
        for client in self.clients.values_mut() {
            if client.seat.as_ref().is_some_and(|(at, _)| at == code) {
                client.seat = None;
            }
            if client.watching.as_deref() == Some(code) {
                client.watching = None;
            }
        }
        self.tokens.retain(|_, (at, _)| at != code);
        self.rooms.remove(code);
        self.unlist(code);
    }

    /// The game `conn` sits at, if it is still held.
    pub(super) fn game_of(&self, conn: ConnId) -> Option<String> {
        let (code, _) = self.clients.get(&conn)?.seat.as_ref()?;
        self.rooms.contains_key(code).then(|| code.clone())
    }

    /// `conn`'s game and seat, if it sits at a game still held; a seat
    /// whose game is gone is forgotten.
    pub(super) fn seat_of(&mut self, conn: ConnId) -> Option<(String, Seat)> {
        let client = self.clients.get_mut(&conn)?;
        let (code, seat) = client.seat.clone()?;
        if self.rooms.contains_key(&code) {
            Some((code, seat))
        } else {
            client.seat = None;
            None
        }
    }

    pub(super) fn play(
        &mut self,
        conn: ConnId,
        line: &Map<String, Value>,
        now: Instant,
        effects: &mut Effects,
    ) {
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
    pub(super) fn begin(&mut self, code: &str, now: Instant, effects: &mut Effects) {
        self.unlist(code);
        let room = self.rooms.get_mut(code).expect("a game to begin is held");
        // Its players are at the table now, not in the lobby.
        for conn in room.present.into_iter().flatten() {
            self.lobby.remove(&conn);
        }
        self.note_move(code);
        let room = self.rooms.get_mut(code).expect("a game to begin is held");
        room.begun = true;
        room.tell(effects, &room.table.start_line());
        room.show_tables(effects, &[]);
        self.advance(code, now, effects);
    }

    /// Keeps an applied action, then tells each seat what it may read; an
    /// action the store could not keep is taken back.
    pub(super) fn commit(&mut self, code: &str, applied: Applied, now: Instant, effects: &mut Effects) {
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
        self.note_move(code);
        self.advance(code, now, effects);
    }

    /// After any change: the end, the computer's turn, or the ask (with
    /// the clock) for the person to move.
    pub(super) fn advance(&mut self, code: &str, now: Instant, effects: &mut Effects) {
        let room = self.rooms.get_mut(code).expect("a game being played is held");
        if room.ended || !room.begun {
            return;
        }
        if let Some(end) = room.table.end_line() {
            room.ended = true;
            room.deadline = None;
            room.tell(effects, &end);
            room.show_record(effects, code);
            if room.counts()
                && let Some(outcome) = room.table.outcome()
            {
                self.rate(code, outcome.points_for(0), effects);
            }
            let room = self.rooms.get_mut(code).expect("a game being played is held");
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
        if room.table.computer(seat).is_some() {
            if !room.thinking
                && let Some(thinking) = room.table.think()
            {
                room.thinking = true;
                effects.thinking.push((Job::Game(code.to_owned()), thinking));
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
    pub(super) fn ask_again(&mut self, conn: ConnId, effects: &mut Effects) {
        let Some((code, seat)) = self.seat_of(conn) else {
            return;
        };
        let room = &self.rooms[&code];
        if room.begun
            && !room.ended
            && room.table.to_move() == Some(seat)
            && !room.table.computer(seat).is_some()
        {
            effects.send(conn, room.table.ask(seat));
        }
    }

    /// Gives up the waiting games whose time is out (their creators are
    /// told), puts away the games nobody has been at for `limits::AWAY`,
    /// gives the seat of a player away for `limits::ABANDON` to the
    /// computer,
    /// forgets the addresses that have nothing left to count, and, once a
    /// minute, the store's waiting games that no server holds.
    pub(super) fn sweep(&mut self, now: Instant, effects: &mut Effects) {
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
        let today = crate::replay::now_seconds();
        let abandoned: Vec<(String, Seat, Duration)> = self
            .rooms
            .iter()
            .filter_map(|(code, room)| {
                let late = room.late(today).map(|seat| (seat, room.days_per_move()));
                let abandoned = room.abandoned(now).map(|seat| (seat, limits::ABANDON));
                let (seat, away) = late.or(abandoned)?;
                Some((code.clone(), seat, away))
            })
            .collect();
        for (code, seat, away) in abandoned {
            effects.absorb(self.guarded_game(&code, |hub, effects| {
                hub.stand_in(&code, seat, Some(away), now, effects);
            }));
        }
        self.signs.retain(|_, bucket| !bucket.is_full(now));
        self.wrong.retain(|_, bucket| !bucket.is_full(now));
        self.account_creates.retain(|_, bucket| !bucket.is_full(now));
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

    /// Why `conn` may not take a seat or watch: it sits at a game, or
    /// watches one, already.
    pub(super) fn seated_refusal(&mut self, conn: ConnId) -> Option<String> {
        if let Some(code) = self.watched_by(conn) {
            return Some(format!("you are watching game {code}: leave it first"));
        }
        let (code, _) = self.seat_of(conn)?;
        Some(format!("you are at game {code}: leave it first"))
    }

    /// Lets go of a game held in memory; the store keeps what it has.
    pub(super) fn let_go(&mut self, code: &str) {
        self.unlist(code);
        if let Some(room) = self.rooms.remove(code) {
            for token in room.tokens.into_iter().flatten() {
                self.tokens.remove(&token);
            }
            if let Err(e) = self.store.release_lease(code, &self.owner) {
                eprintln!("black-and-white serve: {e}");
            }
        }
    }

    /// Renews the leases of the games held; a game whose lease another
    /// server took (this one was away longer than a lease) is let go, and
    /// its seats are sent to take it back where it is now played.
    pub(super) fn renew_leases(&mut self, effects: &mut Effects) {
        let held: Vec<String> = self.rooms.keys().cloned().collect();
        let lost = match self.store.renew_leases(&self.owner, &held) {
            Ok(lost) => lost,
            Err(e) => {
                eprintln!("black-and-white serve: {e}");
                return;
            }
        };
        for code in lost {
            eprintln!("black-and-white serve: game {code} is played by another server now");
            let why =
                format!("game {code} is played by another server now: take your seat back with your token");
            self.send_away(&code, &why, effects);
        }
    }

    pub(super) fn new_code(&mut self) -> String {
        loop {
            let code: String = (0..limits::CODE_LENGTH)
                .map(|_| {
                    let i = self.rng.random_range(0..limits::CODE_LETTERS.len());
                    limits::CODE_LETTERS[i] as char
                })
                .collect();
            // The store refuses a code that another server holds.
            if !self.rooms.contains_key(&code) {
                return code;
            }
        }
    }
}

/// What the seats of a game stopped by a fault are told.
pub(super) fn faulted_message(code: &str) -> String {
    format!(
        "game {code} stopped on a fault in the server: it is kept as it was, \
         and can be taken back with its token once the server has restarted"
    )
}

/// Waiting games created before this moment have expired (with a minute
/// to spare, so that the store never forgets a game the hub still holds).
pub(super) fn expiry_cutoff() -> String {
    let seconds = limits::WAITING.as_secs() + 60;
    crate::replay::iso(crate::replay::now_seconds().saturating_sub(seconds))
}

/// 128 random bits as hex: what takes a seat back.
pub(super) fn new_token(rng: &mut GameRng) -> String {
    format!("{:032x}", rng.random::<u128>())
}

/// How long the seat to move has: public, as a clock on the table is.
pub(super) fn clock_line(seat: Option<Seat>, seconds: f32) -> Value {
    LobbyLine::Clock {
        player: seat,
        seconds: (seconds * 10.0).round() / 10.0,
    }
    .to_value()
}
