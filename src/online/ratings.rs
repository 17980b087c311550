//! Ratings (docs/online.md, "Ratings"): Glicko-2 per game by the
//! skillratings crate, updated when a rated game between two signed-in
//! players ends, or at once as a loss for a player who leaves it or
//! abandons it; and the answers to `profile` and `best`.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::hub::{ConnId, Effects, Hub};
use super::seating::out_of_reach;
use super::store::{PlayerId, Rating};
use crate::ids::GameId;
use crate::rules::Seat;
use crate::wire::{LobbyLine, PlayedGame, Standing};

/// A rating whose deviation is above this says little yet: it is marked
/// provisional, as lichess marks it.
pub const PROVISIONAL: f64 = 110.0;
/// Rows in the table of the best, and games on a profile.
const BEST: usize = 20;
const RECENT: usize = 20;

/// Where every player starts: Glicko-2's own 1500, 350, 0.06.
fn first_rating() -> Rating {
    let start = Glicko2Rating::new();
    Rating {
        rating: start.rating,
        deviation: start.deviation,
        volatility: start.volatility,
        games: 0,
    }
}

fn standing(who: String, rating: &Rating) -> Standing {
    Standing {
        who,
        rating: rating.rating.round() as i64,
        deviation: rating.deviation.round() as i64,
        games: rating.games,
        provisional: rating.deviation > PROVISIONAL,
    }
}

impl Hub {
    /// A rated game's result for its two players: `points` is seat 0's (1
    /// a win, 0.5 a draw, 0 a loss). Each seat present is told its new
    /// rating; the ratings are written in the turn's batch with the game.
    pub(super) fn rate(&mut self, code: &str, points: f64, effects: &mut Effects) {
        let Some(room) = self.rooms.get_mut(code) else {
            return;
        };
        let [Some(first), Some(second)] = room.players else {
            return;
        };
        room.rated = false;
        let game = room.table.opening().game;
        let present = room.present;
        let read = |hub: &mut Hub, player: PlayerId| -> Result<Rating, String> {
            Ok(hub.store.rating(player, game)?.unwrap_or_else(first_rating))
        };
        let (before_first, before_second) = match (read(self, first), read(self, second)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => {
                out_of_reach(&e);
                return;
            }
        };
        let outcome = if points > 0.75 {
            Outcomes::WIN
        } else if points < 0.25 {
            Outcomes::LOSS
        } else {
            Outcomes::DRAW
        };
        let glicko = |r: &Rating| Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        };
        let (after_first, after_second) = glicko2(
            &glicko(&before_first),
            &glicko(&before_second),
            &outcome,
            &Glicko2Config::new(),
        );
        let seats = [
            (first, before_first, after_first),
            (second, before_second, after_second),
        ];
        for (seat, (player, before, after)) in seats.into_iter().enumerate() {
            let after = Rating {
                rating: after.rating,
                deviation: after.deviation,
                volatility: after.volatility,
                games: before.games + 1,
            };
            if let Err(e) = self.store.set_rating(player, game, &after) {
                eprintln!("black-and-white serve: game {code}: {e}");
                continue;
            }
            if let Some(conn) = present[seat] {
                effects.say(
                    conn,
                    LobbyLine::Rated {
                        game,
                        before: before.rating.round() as i64,
                        after: after.rating.round() as i64,
                        provisional: after.deviation > PROVISIONAL,
                    },
                );
            }
        }
    }

    /// The rated game `code` is lost by `seat` (its player left or
    /// abandoned it), before the computer plays it on unrated.
    pub(super) fn rate_as_lost(&mut self, code: &str, seat: Seat, effects: &mut Effects) {
        if self.rooms.get(code).is_some_and(|room| room.rated) {
            self.rate(code, if seat == 0 { 0.0 } else { 1.0 }, effects);
        }
    }

    /// A player's ratings in every game they have played rated, and their
    /// latest games.
    pub(super) fn profile(&mut self, conn: ConnId, name: &str, effects: &mut Effects) {
        let account = match self.store.player_named(name) {
            Ok(Some(account)) => account,
            Ok(None) => return effects.say(conn, LobbyLine::error(format!("nobody is called {name}"))),
            Err(e) => return effects.say(conn, out_of_reach(&e)),
        };
        let mut ratings = Vec::new();
        for game in GameId::ALL {
            match self.store.rating(account.id, game) {
                Ok(Some(rating)) => ratings.push(standing(game.id().to_owned(), &rating)),
                Ok(None) => {}
                Err(e) => return effects.say(conn, out_of_reach(&e)),
            }
        }
        let games = match self.store.games_of(account.id, RECENT) {
            Ok(games) => games,
            Err(e) => return effects.say(conn, out_of_reach(&e)),
        };
        let games = games
            .into_iter()
            .map(|past| PlayedGame {
                code: past.code,
                game: past.game,
                created: past.created,
                ended: past.ended,
                player: past.seat,
                opponent: past.opponent,
                rated: past.rated,
            })
            .collect();
        effects.say(
            conn,
            LobbyLine::Profile {
                name: account.name,
                ratings,
                games,
            },
        );
    }

    pub(super) fn best(&mut self, conn: ConnId, game: GameId, effects: &mut Effects) {
        match self.store.best(game, BEST) {
            Ok(best) => effects.say(
                conn,
                LobbyLine::Best {
                    game,
                    players: best
                        .iter()
                        .map(|(name, rating)| standing(name.clone(), rating))
                        .collect(),
                },
            ),
            Err(e) => effects.say(conn, out_of_reach(&e)),
        }
    }

    /// A player's rating in `game` as a seek shows it and a range checks
    /// it: where they start if they have none.
    pub(super) fn rating_of(&mut self, player: PlayerId, game: GameId) -> Result<Rating, String> {
        Ok(self.store.rating(player, game)?.unwrap_or_else(first_rating))
    }
}
