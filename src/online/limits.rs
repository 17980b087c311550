//! What the server accepts from one client and one address (docs/online.md,
//! "Limits"): small messages, a few a second, one seat at a time, a few
//! new games a minute, and games nobody comes back to let go.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use crate::wire::LobbyLine;

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
/// When to try again after a refusal that is the server's, not the
/// client's: its store out of reach, and it full (the same 10 seconds as
/// the HTTP refusal's `Retry-After`).
pub const STORE_RETRY_MS: u64 = 1_000;
pub const FULL_RETRY_MS: u64 = 10_000;
/// What the server answers when it holds `GAMES`.
pub const FULL_MESSAGE: &str = "the server holds as many games as it can: try later";
/// What a store that could not be read or written is answered with.
pub const STORE_MESSAGE: &str = "the server could not reach its store: try again";
/// Games held in memory at once (waiting, in progress and just finished);
/// the store keeps any number.
pub const GAMES: usize = 50_000;
/// Connections open at once, at most: fewer where the process may open
/// fewer files (`server::connection_room`).
pub const CONNECTIONS: usize = 100_000;
/// The whole WebSocket handshake, however slowly its bytes come.
pub const HANDSHAKE: Duration = Duration::from_secs(10);
/// A game nobody joins is given up this long after it was created.
pub const WAITING: Duration = Duration::from_secs(10 * 60);
/// A game nobody has been at for this long is put away: it stays in the
/// store, and a `resume` with one of its tokens brings it back.
pub const AWAY: Duration = Duration::from_secs(30 * 60);
/// A player whose connection has been gone this long, while the other is
/// at the table, has abandoned the game: the server's computer plays
/// their seat from then on, as for a player who leaves.
pub const ABANDON: Duration = Duration::from_secs(3 * 60);
/// Connections watching one game at once.
pub const WATCHERS: usize = 200;
/// Games waiting for a second player that one address may hold at once.
pub const WAITING_PER_ADDRESS: usize = 16;
/// New games one address may create in a burst, and one more every
/// `CREATE_EVERY` after it.
pub const CREATE_BURST: f64 = 60.0;
pub const CREATE_EVERY: Duration = Duration::from_secs(10);
/// Signs in and ups one address may try in a burst, and one more every
/// `SIGN_EVERY` after it; and the wrong passwords one name takes in a
/// burst, then one more every `WRONG_EVERY` (whatever the address).
pub const SIGN_BURST: f64 = 10.0;
pub const SIGN_EVERY: Duration = Duration::from_secs(6);
pub const WRONG_BURST: f64 = 5.0;
pub const WRONG_EVERY: Duration = Duration::from_secs(60);
/// A game's code: five letters and digits that cannot be misread (no 0/O,
/// 1/I/L), about 28 million codes.
pub use crate::wire::CODE_LENGTH;
pub const CODE_LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

pub const RATE_MESSAGE: &str = "too many messages: at most 20 a second; this one was not read, send it again";
pub const FLOOD_MESSAGE: &str = "too many messages: the connection is closed";

/// An allowance that refills: `size` at most, `per_second` more each second.
#[derive(Debug, Clone)]
pub struct Bucket {
    left: f64,
    at: Instant,
    size: f64,
    per_second: f64,
}

impl Bucket {
    pub fn full(size: f64, per_second: f64, now: Instant) -> Bucket {
        Bucket {
            left: size,
            at: now,
            size,
            per_second,
        }
    }

    fn refill(&mut self, now: Instant) {
        let seconds = now.saturating_duration_since(self.at).as_secs_f64();
        self.left = (self.left + seconds * self.per_second).min(self.size);
        self.at = now;
    }

    /// Takes one if there is one.
    pub fn take(&mut self, now: Instant) -> bool {
        self.refill(now);
        let taken = self.left >= 1.0;
        if taken {
            self.left -= 1.0;
        }
        taken
    }

    /// Whether one could be taken now (none is).
    pub fn ready(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.left >= 1.0
    }

    /// Whether nothing has been taken that has not grown back.
    pub fn is_full(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.left >= self.size
    }

    /// How long until one can be taken.
    pub fn wait(&self) -> Duration {
        Duration::from_secs_f64(((1.0 - self.left) / self.per_second).max(0.0))
    }

    /// New games: `CREATE_BURST`, then one every `CREATE_EVERY` (counted
    /// per address and per account alike).
    pub fn creates(now: Instant) -> Bucket {
        Bucket::full(CREATE_BURST, 1.0 / CREATE_EVERY.as_secs_f64(), now)
    }

    /// The refusal while it is empty: `what` (ending in its separator) and
    /// when to try again, also as the error's `retry_ms`.
    pub fn refusal(&self, what: &str) -> LobbyLine {
        let wait = self.wait();
        LobbyLine::for_now(
            format!("{what}try again in {} seconds", wait.as_secs() + 1),
            wait.as_millis() as u64 + 1,
        )
    }
}

/// The refusal of a new game past `creates` from `whose` ("your address").
pub fn too_many_games(whose: &str, creates: &Bucket) -> LobbyLine {
    creates.refusal(&format!(
        "too many new games from {whose}: at most {CREATE_BURST} in a burst, then one every {} seconds; ",
        CREATE_EVERY.as_secs()
    ))
}

/// A client's allowance of messages: a bucket of `BURST` that refills at
/// `PER_SECOND`, and the refusals in a row.
#[derive(Debug, Clone)]
pub struct Rate {
    bucket: Bucket,
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
            bucket: Bucket::full(BURST, PER_SECOND, now),
            strikes: 0,
        }
    }

    pub fn take(&mut self, now: Instant) -> Taken {
        if self.bucket.take(now) {
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

/// The address the per-address limits count by: an IPv4 address, or an
/// IPv6 address's /64 network (one subscriber's usual share, which one
/// machine can fill with addresses of its own).
pub fn counted_address(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
    }
}
