//! Watching a game (docs/online.md, "Spectators"): anyone with a game's
//! code is sent what is public at its table, the seat boundary's public
//! audience and nothing else, and after the end its whole record.

use std::time::Instant;

use super::hub::{ConnId, Effects, Hub, clock_line};
use super::limits;
use super::seating::out_of_reach;
use super::store::Kept;
use super::table;
use crate::wire::LobbyLine;

impl Hub {
    pub(super) fn watch(&mut self, conn: ConnId, code: &str, now: Instant, effects: &mut Effects) {
        if let Some(refusal) = self.seated_refusal(conn) {
            effects.say(conn, LobbyLine::error(refusal));
            return;
        }
        if !self.rooms.contains_key(code) {
            // A game put away, or held before a restart, is in the store
            // alone; so is a game that is over.
            let kept = self
                .store
                .by_code(code)
                .map(|kept| kept.map(|kept| (kept, false)))
                .and_then(|unfinished| match unfinished {
                    Some(kept) => Ok(Some(kept)),
                    None => Ok(self.store.finished_by_code(code)?.map(|kept| (kept, true))),
                });
            match kept {
                Ok(Some((kept, true))) => return show_finished(conn, kept, effects),
                Ok(Some((kept, false))) => {
                    if let Err(refusal) = self.open(kept, now, effects) {
                        effects.say(conn, refusal);
                        return;
                    }
                }
                Ok(None) => {}
                Err(e) => return effects.say(conn, out_of_reach(&e)),
            }
        }
        let Some(room) = self.rooms.get_mut(code) else {
            effects.say(conn, LobbyLine::error(format!("no game has the code {code}")));
            return;
        };
        if room.watchers.len() >= limits::WATCHERS {
            effects.say(
                conn,
                LobbyLine::for_now(
                    format!("game {code} has as many watchers as it takes: try later"),
                    limits::FULL_RETRY_MS,
                ),
            );
            return;
        }
        room.watchers.push(conn);
        effects.say(
            conn,
            LobbyLine::Watching {
                code: code.to_owned(),
                game: room.table.opening().game,
            },
        );
        if room.begun || room.ended {
            for line in room.table.transcript(None) {
                effects.send(conn, line);
            }
            effects.say(
                conn,
                LobbyLine::CaughtUp {
                    steps: room.table.steps(),
                },
            );
            if let Some((_, at)) = room.deadline {
                let left = at.saturating_duration_since(now).as_secs_f32();
                effects.send(conn, clock_line(room.table.to_move(), left));
            }
            if room.ended {
                effects.say(
                    conn,
                    LobbyLine::Record {
                        code: code.to_owned(),
                        record: room.table.record(),
                    },
                );
            }
        } else {
            effects.say(
                conn,
                LobbyLine::Waiting {
                    code: code.to_owned(),
                },
            );
        }
        self.clients.get_mut(&conn).expect("a known client").watching = Some(code.to_owned());
    }

    /// The game `conn` watches, if it is still held.
    pub(super) fn watched_by(&self, conn: ConnId) -> Option<String> {
        let code = self.clients.get(&conn)?.watching.as_ref()?;
        self.rooms.contains_key(code).then(|| code.clone())
    }

    /// `conn` watches `code` no more.
    pub(super) fn stop_watching(&mut self, conn: ConnId, code: &str) {
        if let Some(room) = self.rooms.get_mut(code) {
            room.watchers.retain(|&watcher| watcher != conn);
        }
        if let Some(client) = self.clients.get_mut(&conn) {
            client.watching = None;
        }
    }
}

/// A game over and let go: its public lines, its `end` and its record.
fn show_finished(conn: ConnId, kept: Kept, effects: &mut Effects) {
    let Ok(played) = table::reopen(&kept.opening, &kept.steps) else {
        effects.say(
            conn,
            LobbyLine::error(format!(
                "game {} no longer plays on this server's version of the rules",
                kept.code
            )),
        );
        return;
    };
    effects.say(
        conn,
        LobbyLine::Watching {
            code: kept.code.clone(),
            game: kept.opening.game,
        },
    );
    for line in played.transcript(None) {
        effects.send(conn, line);
    }
    effects.say(
        conn,
        LobbyLine::CaughtUp {
            steps: played.steps(),
        },
    );
    effects.say(
        conn,
        LobbyLine::Record {
            code: kept.code,
            record: played.record(),
        },
    );
}
