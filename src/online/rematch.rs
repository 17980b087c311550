//! Playing again after the end (docs/online.md, "Rematch"): one player
//! offers, with the seats swapped or not and, for the wargame, a scenario;
//! the other accepts by asking the same, or offers other terms. The
//! server's computer accepts at once. The new game has new tokens and a
//! new code, and the old game's watchers follow it.

use std::time::Instant;

use rand::RngExt;

use super::hub::{ConnId, Effects, Hub, new_token};
use super::room::{Offer, Room};
use super::store::{Seats, token_key};
use super::table;
use crate::ids::GameId;
use crate::rules::{Seat, other};
use crate::wire::LobbyLine;

impl Hub {
    pub(super) fn rematch(
        &mut self,
        conn: ConnId,
        swap: bool,
        scenario: Option<u32>,
        now: Instant,
        effects: &mut Effects,
    ) {
        let Some((code, seat)) = self.seat_of(conn) else {
            effects.say(
                conn,
                LobbyLine::error("you are not at a game: a rematch follows a game's end"),
            );
            return;
        };
        let room = &self.rooms[&code];
        if !room.ended {
            effects.say(
                conn,
                LobbyLine::error("the game is not over: a rematch is offered after its end"),
            );
            return;
        }
        let game = room.table.opening().game;
        if scenario.is_some() && game != GameId::Wargame {
            effects.say(conn, LobbyLine::error("only the wargame takes a scenario"));
            return;
        }
        let offer = Offer {
            from: seat,
            swap,
            scenario,
        };
        let them = other(seat);
        let accepted = room.table.computer(them).is_some()
            || room
                .rematch
                .is_some_and(|theirs| theirs.from == them && Offer { from: seat, ..theirs } == offer);
        if accepted {
            return self.play_again(&code, offer, now, effects);
        }
        if room.present[them].is_none() {
            effects.say(
                conn,
                LobbyLine::error("the other player has gone: no rematch; create a new game"),
            );
            return;
        }
        let room = self.rooms.get_mut(&code).expect("seat_of found it");
        room.rematch = Some(offer);
        let line = LobbyLine::RematchOffered {
            player: seat,
            swap,
            scenario,
        }
        .to_value();
        for conn in room.present.into_iter().flatten() {
            effects.send(conn, line.clone());
        }
    }

    /// Both agreed on `offer`: the new game, its seats taken by the same
    /// players (swapped if asked) and its watchers; the old one let go.
    fn play_again(&mut self, code: &str, offer: Offer, now: Instant, effects: &mut Effects) {
        let asker = self.rooms[code].present[offer.from].expect("the one who asks is at the table");
        if let Some(refusal) = self.new_game_refusal(asker, false, now) {
            return effects.say(asker, refusal);
        }
        let room = &self.rooms[code];
        let opening = room.table.opening();
        let seed = self.rng.random::<u64>();
        let fresh = match offer.scenario {
            Some(number) => table::open(opening.game, Some(number), seed),
            None => table::configured(opening.game, &opening.config, seed),
        };
        let mut fresh = match fresh {
            Ok(fresh) => fresh,
            Err(e) => return effects.say(asker, LobbyLine::error(e)),
        };
        let to = |old: Seat| if offer.swap { other(old) } else { old };
        let old_modded = room.modded.clone().filter(|_| offer.scenario.is_none());
        let mut seats = Seats {
            rated: room.rated_terms,
            modded: old_modded.clone(),
            ..Seats::default()
        };
        let mut tokens: [Option<String>; 2] = [None, None];
        let mut present = [None, None];
        let mut tables = [false; 2];
        for old in [0, 1] {
            let new = to(old);
            match room.table.computer(old) {
                Some(level) => {
                    fresh.seat_computer(new, level);
                    seats.computers[new] = Some(level);
                }
                None => {
                    let token = new_token(&mut self.rng);
                    seats.tokens[new] = Some(token_key(&token));
                    seats.players[new] = room.players[old];
                    tokens[new] = Some(token);
                    present[new] = room.present[old];
                    tables[new] = room.tables[old];
                }
            }
        }
        let new_code = match self.keep_new_game(&fresh.opening(), &seats) {
            Ok(new_code) => new_code,
            Err(refusal) => return effects.say(asker, refusal),
        };
        let mut room = Room::new(fresh, seats.tokens.clone(), present, now);
        room.tables = tables;
        room.players = seats.players;
        room.rated = seats.rated;
        room.rated_terms = seats.rated;
        room.modded = old_modded;
        room.watchers = std::mem::take(&mut self.rooms.get_mut(code).expect("the old game is held").watchers);
        for seat in [0, 1] {
            let (Some(conn), Some(token), Some(key)) =
                (present[seat], tokens[seat].take(), &seats.tokens[seat])
            else {
                continue;
            };
            effects.say(
                conn,
                LobbyLine::Rematched {
                    code: new_code.clone(),
                    game: opening.game,
                    player: seat,
                    token,
                },
            );
            self.tokens.insert(key.clone(), (new_code.clone(), seat));
            if let Some(client) = self.clients.get_mut(&conn) {
                client.seat = Some((new_code.clone(), seat));
            }
        }
        for &conn in &room.watchers {
            effects.say(
                conn,
                LobbyLine::Watching {
                    code: new_code.clone(),
                    game: opening.game,
                },
            );
            if let Some(client) = self.clients.get_mut(&conn) {
                client.watching = Some(new_code.clone());
            }
        }
        self.rooms.insert(new_code.clone(), room);
        // The old game is over and held by nobody now.
        self.let_go(code);
        self.begin(&new_code, now, effects);
    }
}
