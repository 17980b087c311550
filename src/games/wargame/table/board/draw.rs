//! The board drawn by Bevy on the felt: the board itself (`terrain`) when a
//! battle or a seat takes the screen, then the pieces (`pieces`) whenever
//! what the seat sees changes.

use bevy::prelude::*;

use super::brush::Kit;
use super::layout::BoardLayout;
use super::pieces::draw_pieces;
use super::terrain::spawn_board;
use crate::app_systems::AppSystems;
use crate::games::wargame::engine::state::Wargame;
use crate::screens::InGame;
use crate::session::{Session, Shown};
use crate::ui::table::clear_table;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Kit>()
        .add_systems(
            Update,
            (
                (clear_table, spawn_board).chain().run_if(board_is_stale),
                draw_pieces,
            )
                .chain()
                .run_if(resource_exists::<Shown<Wargame>>)
                .after(AppSystems::Show),
        )
        .add_systems(OnExit(InGame), forget_board);
}

fn forget_board(mut commands: Commands) {
    commands.remove_resource::<BoardLayout>();
}

/// A new battle, or the other side of the table has taken the screen.
fn board_is_stale(
    session: Option<Res<Session<Wargame>>>,
    shown: Option<Res<Shown<Wargame>>>,
    board: Option<Res<BoardLayout>>,
) -> bool {
    let (Some(session), Some(shown)) = (session, shown) else {
        return false;
    };
    let flipped = shown.view.seen.scenario.side(shown.seat).first_row > 0;
    session.is_added() || board.is_none_or(|b| b.flipped != flipped)
}
