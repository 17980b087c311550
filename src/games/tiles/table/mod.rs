//! The tiles table: the tiles drawn by Bevy, where they stand and how they
//! move (`pieces`), and the egui HUD with the keyboard (`hud`).

mod hud;
mod pieces;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((pieces::plugin, hud::plugin));
}

/// The pieces without the HUD, for headless tests of what the table shows.
pub(super) fn pieces_only_plugin(app: &mut App) {
    app.init_resource::<hud::TileChoice>().add_plugins(pieces::plugin);
}
