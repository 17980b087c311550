//! Black and White II: 99 points over nine sealed bids, cards and lamps.

pub mod engine;
mod narrate;
mod table;

use bevy::prelude::*;

pub use table::{BidEntry, keys_plugin};

use crate::play_online::OnlinePlugin;
use crate::session::SessionPlugin;
use engine::Bidding;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        SessionPlugin::<Bidding>::default(),
        OnlinePlugin::<Bidding>::default(),
    ));
}

pub(super) fn table_plugin(app: &mut App) {
    app.add_plugins(table::plugin);
    crate::ui::session_ui::<Bidding>(app);
}
