//! A game in progress, written once for every game: whose turn it is, the
//! computer opponent, the curtain between two people on one screen, the log,
//! and the way from the new-game dialog to the result screen.

mod autoplay;
mod curtain;
mod events;
mod flow;
mod in_progress;
mod launch;
mod open;
mod opponent;
mod remote;
mod result;
mod shown;
mod systems;
mod watch;

use bevy::prelude::*;

pub use crate::rules::MatchRecord;
pub use autoplay::Autoplay;
pub use curtain::{LiftCurtain, ScreenTaken};
pub use events::{Act, Happened, Narrated, agree, each_side};
pub use flow::{CoinFlip, MatchCommand, Prepared, ReturnTo, StartMatch};
pub use in_progress::{ComputerToMove, Session};
pub use launch::Launch;
pub use open::open_session;
pub use opponent::{MatchOptions, Opponent};
pub use remote::{Remote, Seen, TableLine};
pub use result::MatchResult;
pub use shown::{Reveal, Shown};
pub use systems::{ApplyActions, SessionPlugin};
pub use watch::{Eyes, OpenReplay, WatchCommand, Watching};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ComputerToMove>().add_plugins((
        flow::plugin,
        curtain::plugin,
        autoplay::plugin,
        watch::plugin,
    ));
}
