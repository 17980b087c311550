//! The wargame drawn: the board with its terrain and blocks and the input
//! on it (`board/`), the panels beside it (`panels/`) and the new-game
//! dialog (`setup/`).

pub mod board;
pub mod panels;
pub mod setup;

use bevy::prelude::*;

use crate::ids::GameId;
use crate::screens::ActiveGame;
use crate::ui::FrameColumns;

/// The board and its pieces alone (`headless_wargame_board`).
pub(crate) fn board_only_plugin(app: &mut App) {
    board::draw_only_plugin(app);
}

pub(super) fn plugin(app: &mut App) {
    // The board needs the window's whole height: the frame stands beside it.
    let playing = ActiveGame::Playing(GameId::Wargame);
    app.add_plugins((board::plugin, panels::plugin, setup::plugin))
        .add_systems(OnEnter(playing), |mut commands: Commands| {
            commands.insert_resource(FrameColumns)
        })
        .add_systems(OnExit(playing), |mut commands: Commands| {
            commands.remove_resource::<FrameColumns>()
        });
}
