//! Black and White: nine tiles each, the colour shown, only the result told.

pub mod engine;
mod narrate;
mod table;

use bevy::prelude::*;

use crate::play_online::OnlinePlugin;
use crate::session::SessionPlugin;
use engine::Tiles;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        SessionPlugin::<Tiles>::default(),
        OnlinePlugin::<Tiles>::default(),
    ));
}

/// The table alone, without the HUD: its tiles and where they stand.
pub(crate) fn table_only_plugin(app: &mut App) {
    app.add_plugins(table::pieces_only_plugin);
}

pub(super) fn table_plugin(app: &mut App) {
    app.add_plugins(table::plugin);
    crate::ui::session_ui::<Tiles>(app);
}
