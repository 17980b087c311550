//! The lobby's open seeks (docs/online.md, "The lobby"): a game created
//! with `"public": true` is listed for everyone in the lobby until it
//! begins, is left or expires. Joining a seek is joining its game by its
//! code. Those in the lobby are sent each change as it happens.

use serde_json::Value;

use super::hub::{ConnId, Effects, Hub};
use crate::wire::{LobbyLine, Seek};

/// Seeks sent to one who comes into the lobby, at most: the oldest.
const SHOWN: usize = 500;

impl Hub {
    /// `conn` is in the lobby: the seeks now, and each change from now on.
    pub(super) fn enter_lobby(&mut self, conn: ConnId, effects: &mut Effects) {
        let mut seeks: Vec<&(u64, Seek)> = self.seeks.values().collect();
        seeks.sort_by_key(|(since, _)| *since);
        let seeks = seeks
            .into_iter()
            .take(SHOWN)
            .map(|(_, seek)| seek.clone())
            .collect();
        effects.say(conn, LobbyLine::Seeks { seeks });
        self.lobby.insert(conn);
    }

    /// Lists a game that waits for anyone to join.
    pub(super) fn list(&mut self, seek: Seek) {
        self.seek_count += 1;
        self.news
            .push(LobbyLine::SeekAdded { seek: seek.clone() }.to_value());
        self.seeks.insert(seek.code.clone(), (self.seek_count, seek));
    }

    /// A game waits no more (it began, was left, expired or was sent away).
    pub(super) fn unlist(&mut self, code: &str) {
        if self.seeks.remove(code).is_some() {
            self.news.push(
                LobbyLine::SeekRemoved {
                    code: code.to_owned(),
                }
                .to_value(),
            );
        }
    }

    /// Sends the lobby's changes to those in it.
    pub(super) fn announce(&mut self, effects: &mut Effects) {
        for line in std::mem::take(&mut self.news) {
            for &conn in &self.lobby {
                effects.send(conn, Value::clone(&line));
            }
        }
    }
}
