//! The betting table: the tiles and stacks drawn by Bevy (`pieces`) where
//! `layout` puts them, at the moment of play `moment` says, the chips that fly between stacks (`chips`), the
//! setup board's mouse and keys (`setup_input`), and the egui HUD (`hud`).

mod chips;
mod hud;
mod layout;
mod moment;
mod pieces;
mod setup_input;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((chips::plugin, pieces::plugin, setup_input::plugin, hud::plugin));
}
