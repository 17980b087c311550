//! What drives a battle besides its session: the scenarios to pick from
//! (shipped, the player's folder and its watch, files opened) loaded as Bevy assets, the
//! army being built, the battle saved at every turn, undo, the tutorials'
//! lessons and a battle started from the command line.

pub mod catalogue;
pub mod draft;
pub mod folder_watch;
mod launch;
pub mod mods;
pub mod save;
pub mod scenario_assets;
pub mod tutorial;
pub mod undo;

use bevy::prelude::*;

pub use launch::QuickBuild;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        catalogue::plugin,
        save::plugin,
        undo::plugin,
        draft::plugin,
        tutorial::plugin,
        launch::plugin,
    ));
}
