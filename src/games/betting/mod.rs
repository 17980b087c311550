//! Betting Black and White: ten tiles, thirty chips, match or fold.

mod afresh;
pub mod clocks;
pub mod engine;
mod narrate;
pub mod pacing;
pub mod setup_board;
mod table;

use bevy::prelude::*;

pub use clocks::BettingClock;
pub use pacing::{MoveOn, ResultPacing};
pub use setup_board::{SetupBoard, SetupEdit};

use crate::play_online::OnlinePlugin;
use crate::session::SessionPlugin;
use engine::Betting;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        SessionPlugin::<Betting>::default(),
        OnlinePlugin::<Betting>::default(),
        setup_board::plugin,
        clocks::plugin,
        pacing::plugin,
        afresh::plugin,
    ));
}

pub(super) fn table_plugin(app: &mut App) {
    app.add_plugins(table::plugin);
    crate::ui::session_ui::<Betting>(app);
}
