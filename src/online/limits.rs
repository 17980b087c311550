//! What the server accepts from one client (docs/online.md, "Limits"):
//! small messages, a few a second, one seat at a time.

use std::time::Instant;

/// The longest message read, as the referee's line limit.
pub const MESSAGE_BYTES: usize = crate::rules::protocol::LINE_LIMIT;
/// Messages a client may send in a burst, and how many a second after it.
/// A wargame turn played by a program is a few dozen actions at once; a
/// person never comes near.
pub const BURST: f64 = 60.0;
pub const PER_SECOND: f64 = 20.0;
/// Messages refused for their rate in a row before the connection is closed.
pub const STRIKES: u32 = 20;
/// How long a client refused for its rate should wait before it sends the
/// message again (the error's `retry_ms`).
pub const RETRY_MS: u64 = 100;
/// Games held at once (waiting, in progress and just finished).
pub const GAMES: usize = 20_000;
/// Connections open at once.
pub const CONNECTIONS: usize = 4_096;
/// A game's code: five letters and digits that cannot be misread (no 0/O,
/// 1/I/L), about 28 million codes.
pub use crate::wire::CODE_LENGTH;
pub const CODE_LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

pub const RATE_MESSAGE: &str = "too many messages: at most 20 a second; this one was not read, send it again";
pub const FLOOD_MESSAGE: &str = "too many messages: the connection is closed";

/// A client's allowance of messages: a bucket of `BURST` that refills at
/// `PER_SECOND`.
#[derive(Debug, Clone)]
pub struct Rate {
    left: f64,
    at: Instant,
    strikes: u32,
}

/// Whether a message may be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    Yes,
    /// Refused: over the rate.
    No,
    /// Refused too often: close the connection.
    Disconnect,
}

impl Rate {
    pub fn new(now: Instant) -> Rate {
        Rate {
            left: BURST,
            at: now,
            strikes: 0,
        }
    }

    pub fn take(&mut self, now: Instant) -> Taken {
        let seconds = now.saturating_duration_since(self.at).as_secs_f64();
        self.left = (self.left + seconds * PER_SECOND).min(BURST);
        self.at = now;
        if self.left >= 1.0 {
            self.left -= 1.0;
            self.strikes = 0;
            return Taken::Yes;
        }
        self.strikes += 1;
        if self.strikes >= STRIKES {
            Taken::Disconnect
        } else {
            Taken::No
        }
    }
}
