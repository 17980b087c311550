//! Taking and leaving seats: creating a game (within each address's
//! limits), joining it by its code, taking a seat back by its token, and
//! leaving.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use rand::RngExt;

use super::limits::{self, Bucket};
use super::lobby::Across;
use super::lobby::Terms;
use super::store::{Kept, Player, Seats, token_key};
use super::table::{self, Opening};
use crate::games::wargame::engine::scenario_check;
use crate::games::wargame::engine::state::Setup;
use crate::ids::GameId;
use crate::rules::{Seat, other};
use crate::wire::{LobbyLine, Seek};

use super::hub::{ConnId, Door, Effects, Hub, STAND_IN, clock_line, faulted_message, new_token};
use super::room::Room;

impl Hub {
    pub(super) fn create(
        &mut self,
        conn: ConnId,
        (game, across, scenario): (GameId, Across, Option<u32>),
        terms: Terms,
        now: Instant,
        effects: &mut Effects,
    ) {
        if let Some(refusal) = self.seated_refusal(conn) {
            effects.say(conn, LobbyLine::error(refusal));
            return;
        }
        let player = self.clients[&conn].player.clone();
        if (terms.rated || terms.range.is_some()) && player.is_none() {
            effects.say(
                conn,
                LobbyLine::error(
                    "sign in first: a rated game, or one for a range of ratings, needs an account",
                ),
            );
            return;
        }
        if self.rooms.len() >= limits::GAMES {
            effects.say(
                conn,
                LobbyLine::for_now(limits::FULL_MESSAGE, limits::FULL_RETRY_MS),
            );
            return;
        }
        if let Some(refusal) = self.new_game_refusal(conn, across == Across::Person, now) {
            effects.say(conn, refusal);
            return;
        }
        let address = self.clients[&conn].address;
        let seed = self.rng.random::<u64>();
        let opened = match &terms.scenario_file {
            Some(text) => own_scenario(text, seed).map(|(table, name)| (table, Some(name))),
            None => table::open(game, scenario, seed).map(|table| (table, None)),
        };
        let (mut table, modded) = match opened {
            Ok(opened) => opened,
            Err(e) => {
                effects.say(conn, LobbyLine::error(e));
                return;
            }
        };
        let token = new_token(&mut self.rng);
        let key = token_key(&token);
        let mut seats = Seats {
            tokens: [Some(key.clone()), None],
            players: [player.as_ref().map(|player| player.id), None],
            rated: terms.rated,
            days: terms.days,
            modded: modded.clone(),
            ..Seats::default()
        };
        if let Across::Computer(level) = across {
            table.seat_computer(1, level);
            seats.computers[1] = Some(level);
        }
        let code = match self.keep_new_game(&table.opening(), &seats) {
            Ok(code) => code,
            Err(refusal) => return effects.say(conn, refusal),
        };
        effects.say(
            conn,
            LobbyLine::Created {
                code: code.clone(),
                game,
                player: 0,
                token,
            },
        );
        self.tokens.insert(key, (code.clone(), 0));
        self.clients.get_mut(&conn).expect("a known client").seat = Some((code.clone(), 0));
        let mut room = Room::new(table, seats.tokens, [Some(conn), None], now);
        room.tables[0] = terms.table;
        room.players = seats.players;
        room.rated = terms.rated;
        room.rated_terms = terms.rated;
        room.range = terms.range;
        room.days = terms.days;
        room.modded = modded.clone();
        self.rooms.insert(code.clone(), room);
        if matches!(across, Across::Computer(_)) {
            self.begin(&code, now, effects);
        } else {
            self.rooms.get_mut(&code).expect("just held").expires = Some(now + limits::WAITING);
            if let Some(door) = self.doors.get_mut(&address) {
                door.waiting.push(code.clone());
            }
            if terms.public {
                let rating = player
                    .as_ref()
                    .and_then(|player| self.rating_of(player.id, game).ok())
                    .map(|rating| rating.rating.round() as i64);
                self.list(Seek {
                    code: code.clone(),
                    game,
                    scenario: scenario.filter(|_| game == GameId::Wargame),
                    by: player.map_or_else(|| "a guest".into(), |player| player.name),
                    rating,
                    rated: terms.rated,
                    range: terms.range,
                    modded,
                    days: terms.days,
                });
            }
            effects.say(conn, LobbyLine::Waiting { code });
        }
    }

    /// Why `player` may not join the waiting game `code`, if they may not:
    /// a rated game needs an account other than its creator's, and a range
    /// a rating within it.
    fn join_refusal(&mut self, code: &str, player: Option<&Player>) -> Option<LobbyLine> {
        let room = &self.rooms[code];
        let (rated, range, creator) = (room.rated, room.range, room.players[0]);
        let game = room.table.opening().game;
        if (rated || range.is_some()) && player.is_none() {
            return Some(LobbyLine::error(format!(
                "game {code} is {}: sign in to join it",
                if rated { "rated" } else { "for a range of ratings" }
            )));
        }
        let player = player?;
        if rated && creator == Some(player.id) {
            return Some(LobbyLine::error(
                "a rated game is against somebody else: you created this one",
            ));
        }
        let [low, high] = range?;
        let rating = match self.rating_of(player.id, game) {
            Ok(rating) => rating.rating.round() as i64,
            Err(e) => return Some(out_of_reach(&e)),
        };
        (rating < low as i64 || rating > high as i64).then(|| {
            LobbyLine::error(format!(
                "game {code} is for ratings {low} to {high}; yours in {} is {rating}",
                game.title()
            ))
        })
    }

    /// A new game in the store under a new code (drawn again where
    /// another server drew it first), leased to this server.
    pub(super) fn keep_new_game(&mut self, opening: &Opening, seats: &Seats) -> Result<String, LobbyLine> {
        let created = crate::replay::now_iso();
        let code = loop {
            let code = self.new_code();
            match self.store.create(&code, opening, seats, &created) {
                Ok(true) => break code,
                Ok(false) => {}
                Err(e) => {
                    eprintln!("black-and-white serve: {e}");
                    return Err(LobbyLine::for_now(
                        "the server could not keep a new game: try again",
                        limits::STORE_RETRY_MS,
                    ));
                }
            }
        };
        // A new code: nobody else holds it.
        if let Err(e) = self.store.take_lease(&code, &self.owner) {
            eprintln!("black-and-white serve: {e}");
        }
        Ok(code)
    }

    /// Why `conn` may not create a game now, if it may not: its address's
    /// limits (`door_refusal`), and the same numbers for the account it is
    /// signed in to, whatever addresses that plays from.
    pub(super) fn new_game_refusal(&mut self, conn: ConnId, waits: bool, now: Instant) -> Option<LobbyLine> {
        let client = &self.clients[&conn];
        let (address, player) = (client.address, client.player.as_ref().map(|player| player.id));
        if let Some(refusal) = self.door_refusal(address, waits, now) {
            return Some(refusal);
        }
        let creates = self
            .account_creates
            .entry(player?)
            .or_insert_with(|| Bucket::creates(now));
        (!creates.take(now)).then(|| limits::too_many_games("your account", creates))
    }

    /// Why `address` may not create a game now, if it may not: too many
    /// of its games wait for a second player (counted when the new one
    /// `waits` too), or it created too many lately (the error's
    /// `retry_ms` says when it may).
    pub(super) fn door_refusal(&mut self, address: IpAddr, waits: bool, now: Instant) -> Option<LobbyLine> {
        let rooms = &self.rooms;
        let door = self.doors.entry(address).or_insert_with(|| Door {
            creates: Bucket::creates(now),
            waiting: Vec::new(),
        });
        door.waiting
            .retain(|code| rooms.get(code).is_some_and(Room::waiting));
        if waits && door.waiting.len() >= limits::WAITING_PER_ADDRESS {
            return Some(LobbyLine::error(format!(
                "{} games from your address already wait for a second player: \
                 play one, or leave one, before you create another",
                limits::WAITING_PER_ADDRESS
            )));
        }
        if !door.creates.take(now) {
            return Some(limits::too_many_games("your address", &door.creates));
        }
        None
    }

    pub(super) fn join(
        &mut self,
        conn: ConnId,
        code: &str,
        (table, accept_mod): (bool, bool),
        now: Instant,
        effects: &mut Effects,
    ) {
        if let Some(refusal) = self.seated_refusal(conn) {
            effects.say(conn, LobbyLine::error(refusal));
            return;
        }
        if !self.rooms.contains_key(code) {
            // A game that waits since before a restart is in the store alone.
            match self.store.by_code(code) {
                Ok(Some(kept)) if kept.seats.tokens[1].is_none() && kept.seats.computers[1].is_none() => {
                    if let Err(refusal) = self.open(kept, now, effects) {
                        effects.say(conn, refusal);
                        return;
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    effects.say(conn, out_of_reach(&e));
                    return;
                }
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
        if let Some(name) = room.modded.as_ref().filter(|_| !accept_mod) {
            effects.say(
                conn,
                LobbyLine::error(format!(
                    "game {code} is played on a player's own scenario, \"{name}\": \
                     join with accept_mod to play it"
                )),
            );
            return;
        }
        let player = self.clients[&conn].player.clone();
        if let Some(refusal) = self.join_refusal(code, player.as_ref()) {
            effects.say(conn, refusal);
            return;
        }
        let room = self.rooms.get_mut(code).expect("just found");
        let token = new_token(&mut self.rng);
        let key = token_key(&token);
        let id = player.map(|player| player.id);
        if let Err(e) = self.store.seat(code, 1, Some(&key), None, id) {
            eprintln!("black-and-white serve: {e}");
            effects.say(
                conn,
                LobbyLine::for_now("the server could not seat you: try again", limits::STORE_RETRY_MS),
            );
            return;
        }
        room.tokens[1] = Some(key.clone());
        room.players[1] = id;
        room.seat(1, conn);
        room.tables[1] = table;
        room.expires = None;
        let game = room.table.opening().game;
        effects.say(
            conn,
            LobbyLine::Joined {
                code: code.to_owned(),
                game,
                player: 1,
                token,
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
        self.tokens.insert(key, (code.to_owned(), 1));
        self.clients.get_mut(&conn).expect("a known client").seat = Some((code.to_owned(), 1));
        self.begin(code, now, effects);
    }

    pub(super) fn resume(
        &mut self,
        conn: ConnId,
        token: &str,
        table: bool,
        now: Instant,
        effects: &mut Effects,
    ) {
        if let Some(refusal) = self.seated_refusal(conn) {
            effects.say(conn, LobbyLine::error(refusal));
            return;
        }
        // Seats are held and kept by their token's hash alone.
        let key = token_key(token);
        if !self.tokens.contains_key(&key) {
            // A game put away, or held before a restart, is in the store alone.
            match self.store.by_token(&key) {
                Ok(Some(kept)) => {
                    if let Err(refusal) = self.open(kept, now, effects) {
                        effects.say(conn, refusal);
                        return;
                    }
                }
                Ok(None) => {}
                Err(e) => {
                    effects.say(conn, out_of_reach(&e));
                    return;
                }
            }
        }
        let Some((code, seat)) = self.tokens.get(&key).cloned() else {
            if !self.tell_how_it_ended(conn, &key, table, effects) {
                effects.say(
                    conn,
                    LobbyLine::error("no seat has this token: it may belong to a finished game"),
                );
            }
            return;
        };
        self.sit(conn, code, seat, table, None, now, effects);
    }

    /// A signed-in player takes their seat at game `code` back by their
    /// account, without its token (from another device, or the list of
    /// their games): the seat gets a new token, which only they are told.
    pub(super) fn return_to(
        &mut self,
        conn: ConnId,
        code: &str,
        table: bool,
        now: Instant,
        effects: &mut Effects,
    ) {
        if let Some(refusal) = self.seated_refusal(conn) {
            return effects.say(conn, LobbyLine::error(refusal));
        }
        let Some(player) = self.clients[&conn].player.clone() else {
            return effects.say(
                conn,
                LobbyLine::error("sign in first: a seat is taken back by its account"),
            );
        };
        if !self.rooms.contains_key(code) {
            match self.store.by_code(code) {
                Ok(Some(kept)) => {
                    if let Err(refusal) = self.open(kept, now, effects) {
                        return effects.say(conn, refusal);
                    }
                }
                Ok(None) => {}
                Err(e) => return effects.say(conn, out_of_reach(&e)),
            }
        }
        let seat = self.rooms.get(code).and_then(|room| {
            (0..2).find(|&seat| room.players[seat] == Some(player.id) && room.tokens[seat].is_some())
        });
        let Some(seat) = seat else {
            return effects.say(conn, LobbyLine::error(format!("you have no seat in game {code}")));
        };
        let token = new_token(&mut self.rng);
        let key = token_key(&token);
        if let Err(e) = self.store.seat(code, seat, Some(&key), None, Some(player.id)) {
            return effects.say(conn, out_of_reach(&e));
        }
        let room = self.rooms.get_mut(code).expect("just found");
        if let Some(old) = room.tokens[seat].replace(key.clone()) {
            self.tokens.remove(&old);
        }
        self.tokens.insert(key, (code.to_owned(), seat));
        self.sit(conn, code.to_owned(), seat, table, Some(token), now, effects);
    }

    /// `conn` holds `seat` of the held game `code` now: it is greeted
    /// (`resumed`, or `returned` with the seat's new `token`), the other
    /// seat is told, and it is sent its table or what it was told.
    fn sit(
        &mut self,
        conn: ConnId,
        code: String,
        seat: Seat,
        table: bool,
        token: Option<String>,
        now: Instant,
        effects: &mut Effects,
    ) {
        let room = self.rooms.get_mut(&code).expect("a token's game is held");
        if let Some(old) = room.seat(seat, conn) {
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
            match token {
                None => LobbyLine::Resumed {
                    code: code.clone(),
                    game,
                    player: seat,
                },
                Some(token) => LobbyLine::Returned {
                    code: code.clone(),
                    game,
                    player: seat,
                    token,
                },
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
            let mut lines = room.table.transcript(Some(seat));
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

    /// A seat whose game ended and was let go while it was away (its last
    /// action kept by a server that died before it said `end`) is told how
    /// it ended, as a held game would tell it: its table, or everything it
    /// was told and the `end`. The game is not held again. False when the
    /// token is no finished game's either (nothing said).
    fn tell_how_it_ended(&mut self, conn: ConnId, key: &str, table: bool, effects: &mut Effects) -> bool {
        let kept = match self.store.finished_by_token(key) {
            Ok(Some(kept)) => kept,
            Ok(None) => return false,
            Err(e) => {
                effects.say(conn, out_of_reach(&e));
                return true;
            }
        };
        let Some(seat) = (0..2).find(|&seat| kept.seats.tokens[seat].as_deref() == Some(key)) else {
            return false;
        };
        let Ok(played) = table::reopen(&kept.opening, &kept.steps) else {
            return false;
        };
        effects.say(
            conn,
            LobbyLine::Resumed {
                code: kept.code,
                game: kept.opening.game,
                player: seat,
            },
        );
        if table {
            effects.send(conn, played.table_line(seat, &[]));
        } else {
            for line in played.transcript(Some(seat)) {
                effects.send(conn, line);
            }
            effects.say(
                conn,
                LobbyLine::CaughtUp {
                    steps: played.steps(),
                },
            );
        }
        true
    }

    /// Holds a game the store gave back, played again to where it stood,
    /// its computer thinking and its clock running again (nobody is at it
    /// yet, so nothing is sent). A waiting game past its time is forgotten;
    /// the text says why a game cannot be held.
    pub(super) fn open(&mut self, kept: Kept, now: Instant, effects: &mut Effects) -> Result<(), LobbyLine> {
        if self.faulted.contains(&kept.code) {
            // Until the server restarts.
            return Err(LobbyLine::for_now(
                faulted_message(&kept.code),
                limits::FULL_RETRY_MS,
            ));
        }
        if self.rooms.len() >= limits::GAMES {
            return Err(LobbyLine::for_now(limits::FULL_MESSAGE, limits::FULL_RETRY_MS));
        }
        // Another server that shares the database may be playing it.
        match self.store.take_lease(&kept.code, &self.owner) {
            Ok(None) => {}
            Ok(Some(server)) => {
                return Err(LobbyLine::Moved {
                    code: kept.code,
                    server,
                });
            }
            Err(e) => return Err(out_of_reach(&e)),
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
                return Err(LobbyLine::error(format!(
                    "nobody joined game {} in time: it was given up",
                    kept.code
                )));
            }
            Some(now + (limits::WAITING - age))
        } else {
            None
        };
        let mut table = table::reopen(&kept.opening, &kept.steps).map_err(|e| {
            eprintln!("black-and-white serve: game {} no longer plays: {e}", kept.code);
            LobbyLine::error(format!(
                "game {} no longer plays on this server's version of the rules; it is kept as it was",
                kept.code
            ))
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
        room.players = kept.seats.players;
        room.rated = kept.seats.rated;
        room.rated_terms = kept.seats.rated;
        room.days = kept.seats.days;
        room.modded = kept.seats.modded;
        room.moved_at = kept
            .moved
            .as_deref()
            .and_then(crate::replay::seconds_of)
            .unwrap_or_else(crate::replay::now_seconds);
        self.rooms.insert(kept.code.clone(), room);
        self.advance(&kept.code, now, effects);
        Ok(())
    }

    pub(super) fn leave(&mut self, conn: ConnId, now: Instant, effects: &mut Effects) {
        if let Some(code) = self.clients.get(&conn).and_then(|client| client.watching.clone()) {
            self.stop_watching(conn, &code);
            effects.say(conn, LobbyLine::Bye);
            effects.closes.push(conn);
            return;
        }
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
        self.stand_in(&code, seat, None, now, effects);
    }

    /// The server's computer takes `seat` for good: its player left, or
    /// was away `away` (limits::ABANDON) while the other played on.
    pub(super) fn stand_in(
        &mut self,
        code: &str,
        seat: Seat,
        away: Option<Duration>,
        now: Instant,
        effects: &mut Effects,
    ) {
        // A rated game is lost by the player who left it, at once.
        if self.rooms[code].counts() {
            self.rate_as_lost(code, seat, effects);
        }
        let room = self.rooms.get_mut(code).expect("a game being played is held");
        if let Some(token) = room.tokens[seat].take() {
            self.tokens.remove(&token);
        }
        room.table.seat_computer(seat, STAND_IN);
        if let Err(e) = self.store.seat(code, seat, None, Some(STAND_IN), None) {
            eprintln!("black-and-white serve: {e}");
        }
        room.tell(
            effects,
            &LobbyLine::Left {
                player: seat,
                computer: STAND_IN,
                away_s: away.map(|away| away.as_secs()),
            }
            .to_value(),
        );
        self.advance(code, now, effects);
    }
}

/// What a request the store could not answer gets (the store's error goes
/// to the log): a refusal that a later try may pass.
pub(super) fn out_of_reach(e: &str) -> LobbyLine {
    eprintln!("black-and-white serve: {e}");
    LobbyLine::for_now(limits::STORE_MESSAGE, limits::STORE_RETRY_MS)
}

/// A game of the wargame on a player's own scenario, checked as
/// `validate` checks a file (the same function), and the scenario's name;
/// the text names each problem with its line and column.
fn own_scenario(text: &str, seed: u64) -> Result<(Box<dyn table::Table>, String), String> {
    let scenario = scenario_check::check_text(text).map_err(|problems| {
        let listed: Vec<String> = problems.iter().take(5).map(ToString::to_string).collect();
        format!("the scenario file does not pass validate: {}", listed.join("; "))
    })?;
    let name = scenario.name.clone();
    let setup = Setup {
        scenario,
        dice: Vec::new(),
    };
    let config = serde_json::to_value(&setup).expect("scenarios serialize");
    Ok((table::configured(GameId::Wargame, &config, seed)?, name))
}
