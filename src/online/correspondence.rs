//! Correspondence play (docs/online.md, "Correspondence"): days per move
//! instead of minutes. The time of the last move is kept with the game so
//! that it outlives the server; a player who lets the days pass loses the
//! seat to the computer (and a rated game), as a player who abandons a
//! game does. A signed-in player asks which of their games wait for them.

use super::hub::{ConnId, Effects, Hub};
use super::seating::out_of_reach;
use super::table;
use crate::wire::{LobbyLine, MyGame};

/// A player's unfinished games looked at, at most.
const MY_GAMES: usize = 50;

impl Hub {
    /// A correspondence game's move (or start) is now: kept with it.
    pub(super) fn note_move(&mut self, code: &str) {
        let Some(room) = self.rooms.get_mut(code).filter(|room| room.days.is_some()) else {
            return;
        };
        room.moved_at = crate::replay::now_seconds();
        if let Err(e) = self.store.moved(code, &crate::replay::iso(room.moved_at)) {
            eprintln!("black-and-white serve: game {code}: {e}");
        }
    }

    /// The signed-in player's games not over, those that wait for their
    /// move first.
    pub(super) fn my_games(&mut self, conn: ConnId, effects: &mut Effects) {
        let Some(player) = self.clients[&conn].player.clone() else {
            return effects.say(
                conn,
                LobbyLine::error("sign in first: your games are your account's"),
            );
        };
        let past = match self.store.games_of(player.id, MY_GAMES) {
            Ok(past) => past,
            Err(e) => return effects.say(conn, out_of_reach(&e)),
        };
        let mut games = Vec::new();
        for game in past.into_iter().filter(|game| game.ended.is_none()) {
            let (to_move, days, due, waiting) = match self.rooms.get(&game.code) {
                Some(room) => (
                    room.table.to_move(),
                    room.days,
                    room.days.filter(|_| room.begun).map(|days| room.due(days)),
                    room.waiting(),
                ),
                None => match self.store.by_code(&game.code) {
                    Ok(Some(kept)) => {
                        let Ok(played) = table::reopen(&kept.opening, &kept.steps) else {
                            continue;
                        };
                        let moved = kept.moved.as_deref().and_then(crate::replay::seconds_of);
                        let due = kept
                            .seats
                            .days
                            .zip(moved)
                            .map(|(days, at)| at + u64::from(days) * 86_400);
                        let waiting = kept.seats.tokens[1].is_none() && kept.seats.computers[1].is_none();
                        (played.to_move(), kept.seats.days, due, waiting)
                    }
                    Ok(None) => continue,
                    Err(e) => return effects.say(conn, out_of_reach(&e)),
                },
            };
            games.push(MyGame {
                code: game.code,
                game: game.game,
                player: game.seat,
                opponent: game.opponent,
                your_move: !waiting && to_move == Some(game.seat),
                waiting,
                days,
                due: due.map(crate::replay::iso),
            });
        }
        games.sort_by_key(|game| !game.your_move);
        effects.say(conn, LobbyLine::MyGames { games });
    }
}
