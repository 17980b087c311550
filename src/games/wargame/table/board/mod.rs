//! The hex board: its geometry (`layout`), the board and its terrain
//! (`terrain`), the blocks, tokens and marks (`pieces`), drawn with a kit
//! of shapes (`brush`) when `draw` says; each block's face (`block_face`)
//! and the colours it is drawn in (`look`);
//! the legal actions sorted into hexes and buttons (`choices`); the camera,
//! hover, clicks and keys (`input`).

pub mod block_face;
mod brush;
pub mod choices;
pub mod draw;
pub mod input;
pub mod layout;
pub mod look;
mod pieces;
mod terrain;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((draw::plugin, choices::plugin, input::plugin));
}
