//! The four games, each a plugin of its own, and the catalogue the menus list.

pub mod betting;
pub mod bidding;
pub mod registry;
pub mod tiles;
pub mod wargame;

use bevy::prelude::*;

/// The rules logic of every game: sessions, input Messages, opponents.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((tiles::plugin, bidding::plugin, betting::plugin, wargame::plugin));
}

/// What every game draws: its table and its HUD.
pub(super) fn table_plugin(app: &mut App) {
    app.add_plugins((
        tiles::table_plugin,
        bidding::table_plugin,
        betting::table_plugin,
        wargame::table_plugin,
    ));
}
