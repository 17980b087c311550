//! One game on the server: its table, the seats' tokens and connections,
//! its watchers, and what each is told.

use std::time::{Duration, Instant};

use serde_json::Value;

use super::limits;
use super::store::PlayerId;
use super::table::{Table, readable_by};
use crate::rules::{Audience, Seat, other};
use crate::wire::LobbyLine;

use super::effects::{ConnId, Effects};

pub(super) struct Room {
    pub(super) table: Box<dyn Table>,
    pub(super) tokens: [Option<String>; 2],
    /// The connection that holds each seat now.
    pub(super) present: [Option<ConnId>; 2],
    /// Whether that connection is an app's table, sent `table` lines.
    pub(super) tables: [bool; 2],
    pub(super) thinking: bool,
    /// When the clock of the seat to move runs out, and for which step.
    pub(super) deadline: Option<(usize, Instant)>,
    /// Both seats were taken and `start` was sent: a seat's token going
    /// (a player who left, the end) does not make the game wait again.
    pub(super) begun: bool,
    pub(super) ended: bool,
    /// When a game nobody has joined is given up.
    pub(super) expires: Option<Instant>,
    /// Since when nobody has been at the table.
    pub(super) empty_since: Instant,
    /// Since when each seat has had no connection.
    pub(super) away_since: [Option<Instant>; 2],
    /// The connections watching: they are sent the public lines alone.
    pub(super) watchers: Vec<ConnId>,
    /// After the end, a rematch one player offered.
    pub(super) rematch: Option<Offer>,
    /// The accounts of the players who sat signed in.
    pub(super) players: [Option<PlayerId>; 2],
    /// The game counts for its players' ratings, until it is rated; and
    /// whether it was offered rated (what a rematch keeps).
    pub(super) rated: bool,
    pub(super) rated_terms: bool,
    /// The ratings a seek takes, if it asked for a range.
    pub(super) range: Option<[u32; 2]>,
    /// A correspondence game's days per move, and when (seconds since
    /// 1970, the wall's clock: it outlives the server) the last move or
    /// the start was.
    pub(super) days: Option<u32>,
    pub(super) moved_at: u64,
    /// A game on a player's own scenario: its name, told to whoever would
    /// join before they do.
    pub(super) modded: Option<String>,
}

/// A rematch offered: by which seat, on what terms.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Offer {
    pub(super) from: Seat,
    pub(super) swap: bool,
    pub(super) scenario: Option<u32>,
}

impl Room {
    pub(super) fn new(
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
            away_since: present.map(|conn| conn.is_none().then_some(now)),
            watchers: Vec::new(),
            rematch: None,
            players: [None, None],
            rated: false,
            rated_terms: false,
            range: None,
            days: None,
            moved_at: 0,
            modded: None,
        }
    }

    /// Whether its end is rated: rated, both players signed in, and no
    /// seat handed to the computer.
    pub(super) fn counts(&self) -> bool {
        self.rated
            && self.players.iter().all(Option::is_some)
            && (0..2).all(|seat| self.table.computer(seat).is_none())
    }

    /// `conn` holds `seat` now; the connection that held it before, if any.
    pub(super) fn seat(&mut self, seat: Seat, conn: ConnId) -> Option<ConnId> {
        self.away_since[seat] = None;
        self.present[seat].replace(conn)
    }

    /// The person's seat whose player has been away for `limits::ABANDON`
    /// while the other player is at the table, if any. A correspondence
    /// game's players come and go: its rule is `late`.
    pub(super) fn abandoned(&self, now: Instant) -> Option<Seat> {
        if !self.begun || self.ended || self.days.is_some() {
            return None;
        }
        (0..2).find(|&seat| {
            self.present[other(seat)].is_some()
                && self.table.computer(seat).is_none()
                && self.away_since[seat].is_some_and(|since| now >= since + limits::ABANDON)
        })
    }

    /// A correspondence game's person to move who let its days per move
    /// pass (`today` in seconds since 1970), if any.
    pub(super) fn late(&self, today: u64) -> Option<Seat> {
        let days = self.days?;
        let seat = self.table.to_move()?;
        (self.begun && !self.ended && self.table.computer(seat).is_none() && today >= self.due(days))
            .then_some(seat)
    }

    /// When the move is due, in seconds since 1970.
    pub(super) fn due(&self, days: u32) -> u64 {
        self.moved_at + u64::from(days) * 86_400
    }

    /// A correspondence game's time per move (none for the others).
    pub(super) fn days_per_move(&self) -> Duration {
        Duration::from_secs(u64::from(self.days.unwrap_or(0)) * 86_400)
    }

    /// Nobody has joined it yet.
    pub(super) fn waiting(&self) -> bool {
        !self.begun && !self.ended
    }

    /// The seat is no longer held by `conn`'s connection.
    pub(super) fn gone(&mut self, seat: Seat, now: Instant) {
        self.present[seat] = None;
        self.away_since[seat] = Some(now);
        if self.present == [None, None] {
            self.empty_since = now;
        }
    }

    /// Sends `line` to every seat present that may read it, and a public
    /// line to the watchers.
    pub(super) fn tell(&self, effects: &mut Effects, line: &Value) {
        for seat in [0, 1] {
            if let Some(conn) = self.present[seat]
                && readable_by(line, Some(seat))
            {
                effects.send(conn, line.clone());
            }
        }
        if readable_by(line, None) {
            for &conn in &self.watchers {
                effects.send(conn, line.clone());
            }
        }
    }

    /// After the end, the watchers are sent the whole record, to replay
    /// the game with both sides' knowledge.
    pub(super) fn show_record(&self, effects: &mut Effects, code: &str) {
        if self.watchers.is_empty() {
            return;
        }
        let line = LobbyLine::Record {
            code: code.to_owned(),
            record: self.table.record(),
        }
        .to_value();
        for &conn in &self.watchers {
            effects.send(conn, line.clone());
        }
    }

    /// Everyone at the table: the seats present and the watchers.
    pub(super) fn everyone(&self) -> impl Iterator<Item = ConnId> + '_ {
        self.present.iter().flatten().chain(&self.watchers).copied()
    }

    /// Sends each app's table present its `table` line, with the events of
    /// the last action that its seat may read.
    pub(super) fn show_tables(&self, effects: &mut Effects, events: &[(Audience, Value)]) {
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
