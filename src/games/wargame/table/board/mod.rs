//! The hex board: its geometry (`layout`), the board and its terrain
//! (`terrain`), the blocks (`blocks`, an entity each) and how they move
//! (`motion`), tokens and marks
//! (`marks`), drawn with a kit
//! of shapes (`brush`) when `draw` says; each block's face (`block_face`)
//! and the colours it is drawn in (`look`);
//! the legal actions sorted into hexes and buttons (`choices`); the camera
//! fitted to the panels (`camera`); pan, zoom, hover, clicks and keys
//! (`input`).

pub mod block_face;
pub mod blocks;
mod brush;
mod camera;
pub mod choices;
pub mod draw;
pub mod input;
pub mod layout;
pub mod look;
mod marks;
pub mod motion;
mod painted;
mod terrain;

use bevy::prelude::*;

/// The board drawn, without the hexes' choices or input.
pub(super) fn draw_only_plugin(app: &mut App) {
    app.init_resource::<choices::Offered>()
        .init_resource::<choices::Selection>()
        .add_plugins(draw::plugin);
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((draw::plugin, choices::plugin, camera::plugin, input::plugin));
}
