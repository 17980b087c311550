//! Replays: every finished game kept as its record, to be watched again,
//! checked from the command line and read by other tools.

mod clock;
pub mod file;
pub mod shelf;

pub use clock::{iso, now_iso, now_seconds, seconds_of};
pub use file::{About, Player, Replay};
pub use shelf::{Entry, Shelf};

pub(super) fn plugin(app: &mut bevy::prelude::App) {
    app.init_resource::<Shelf>();
}
