//! The board drawn by Bevy on the felt: the board itself (`terrain`) when a
//! battle begins or the other seat takes the screen, then the marks and
//! tokens (`marks`) and the blocks (`blocks`) whenever what the seat sees
//! changes, and the blocks' motion (`motion`).

use bevy::prelude::*;

use crate::ids::GameId;

use super::blocks::{place_blocks, start_lunges};
use super::brush::Kit;
use super::layout::BoardLayout;
use super::marks::draw_marks;
use super::motion::{flip_and_lift, glide_blocks, lunge_blocks, shake_blocks, snap_blocks};
use super::terrain::spawn_board;
use crate::app_systems::AppSystems;
use crate::games::wargame::engine::state::Wargame;
use crate::screens::ActiveGame;
use crate::session::Shown;
use crate::ui::table::clear_table;

pub(super) fn plugin(app: &mut App) {
    let wargame = ActiveGame::Playing(GameId::Wargame);
    app.init_resource::<Kit>()
        .add_systems(OnEnter(wargame), spawn_board)
        .add_systems(
            Update,
            (
                (clear_table, spawn_board).chain().run_if(board_turned),
                (
                    draw_marks,
                    snap_blocks,
                    place_blocks,
                    start_lunges,
                    glide_blocks,
                    lunge_blocks,
                    shake_blocks,
                    flip_and_lift,
                )
                    .chain(),
            )
                .chain()
                .run_if(in_state(wargame))
                .after(AppSystems::Show),
        )
        .add_systems(OnExit(wargame), forget_board);
}

fn forget_board(mut commands: Commands) {
    commands.remove_resource::<BoardLayout>();
}

/// The other side of the table has taken the screen (a friend on this
/// screen, the board turned for the other seat's first row).
fn board_turned(shown: Option<Res<Shown<Wargame>>>, board: Option<Res<BoardLayout>>) -> bool {
    // A run condition is asked even where the wargame is not on.
    let (Some(shown), Some(board)) = (shown, board) else {
        return false;
    };
    board.flipped != (shown.view.battlefield().scenario.side(shown.seat).first_row > 0)
}
