//! The new-game dialog: the scenario picker and its map preview.

pub mod picker;
pub mod preview;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(picker::plugin);
}
