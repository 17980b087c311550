//! The wargame drawn: the board with its terrain and blocks and the input
//! on it (`board/`), the panels beside it (`panels/`) and the new-game
//! dialog (`setup/`).

pub mod board;
pub mod panels;
pub mod setup;

use bevy::prelude::*;

/// The board and its pieces alone (`headless_wargame_board`).
pub(crate) fn board_only_plugin(app: &mut App) {
    board::draw_only_plugin(app);
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((board::plugin, panels::plugin, setup::plugin));
}
