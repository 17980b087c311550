//! The scenario editor: a battle of the player's own, painted hex by hex,
//! checked as it is made, saved as a RON file like the shipped ones, test
//! played and balance-checked. The scenario and its history are the
//! engine's `scenario_edits`, without Bevy; `editing` is what the screen
//! holds; `commands` turns the screen's (and the tests') commands into
//! changes, saves and battles; `screen` and `canvas` draw it and `keys`
//! reads its keys; `trial` plays the quick balance check; `storage` is
//! where it saves.

mod canvas;
pub mod commands;
pub mod editing;
pub mod keys;
mod screen;
pub mod storage;
pub mod trial;

use bevy::prelude::*;

pub use commands::EditorCommand;
pub use editing::{Editing, Tool};

/// The commands, without drawing.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(commands::plugin);
}

/// The screen and its keys.
pub(super) fn screen_plugin(app: &mut App) {
    app.add_plugins((screen::plugin, keys::plugin));
}
