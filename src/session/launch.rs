//! How the program was asked to start: straight into a game from the
//! command line, filled in by the cli and read by the session and the
//! tables.

use std::path::PathBuf;

use super::opponent::Opponent;
use crate::ids::GameId;

/// Straight into a game from the command line.
#[derive(bevy::prelude::Resource, Debug, Clone, Default, PartialEq)]
pub struct Launch {
    pub game: Option<GameId>,
    pub opponent: Option<Opponent>,
    pub seed: Option<u64>,
    /// Write a PNG of the window once the table is drawn, then exit.
    pub screenshot: Option<PathBuf>,
    /// Print how long the table's frames took over this many seconds,
    /// then exit.
    pub frame_times: Option<u32>,
    /// Betting: lock a random arrangement at once instead of setting up.
    pub quick_setup: bool,
    /// Wargame: the scenario (a shipped number or a file), checked.
    pub scenario: Option<String>,
    /// Wargame: build your own army instead of the computer building it.
    pub build: bool,
    /// The window's size in logical pixels (1280 x 720 without it).
    pub size: Option<(u32, u32)>,
    /// With `game`: open its new-game dialog instead of starting at once.
    pub new_game: bool,
    /// Wargame: open the scenario editor on a copy of `scenario` (a new
    /// scenario without it) instead of starting.
    pub edit: bool,
    /// Open the "Play online" screen.
    pub online: bool,
    /// The computer plays the person's first this many moves (lifting the
    /// curtain for each, and once more after the last): a game shown
    /// part-way or at its end, for screenshots and demonstrations.
    pub autoplay: u32,
    /// A replay file to open, at this step, through these eyes.
    pub replay: Option<PathBuf>,
    pub step: usize,
    pub eyes: Option<super::watch::Eyes>,
}
