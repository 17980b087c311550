//! The bidding table: the cards and lamps drawn by Bevy (`pieces`), and the
//! egui HUD with the bid entry and its keys (`hud`).

mod hud;
mod pieces;

use bevy::prelude::*;

pub use hud::{BidEntry, keys_plugin};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((pieces::plugin, hud::plugin));
}
