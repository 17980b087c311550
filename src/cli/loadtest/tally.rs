//! What a load test's games measured, shared by their tasks.

use std::sync::Mutex;
use std::sync::atomic::AtomicUsize;
use std::time::{Duration, Instant};

/// What the games measured, shared by their tasks.
#[derive(Default)]
pub struct Tally {
    /// Each action's wait for the next ask, and when that ask came.
    pub waits: Mutex<Vec<(Instant, Duration)>>,
    /// When the last game was created: the waits after it are the load's
    /// steady state, without the rush of every game starting at once.
    pub last_created: Mutex<Option<Instant>>,
    pub playing: AtomicUsize,
    pub most: AtomicUsize,
    pub finished: AtomicUsize,
    pub failures: Mutex<Vec<String>>,
    /// When each seat that dropped lost its connection and was back.
    pub back: Mutex<Vec<(Instant, Instant)>>,
    /// Seats that came back to find their game over (it ended while they
    /// were away).
    pub over_while_away: AtomicUsize,
}
