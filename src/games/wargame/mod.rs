//! Black & White, the wargame: Thargaton against Vesania on a hex board.
//! The rules core (`engine/`) runs without Bevy. Around it, `battle/`
//! drives a battle (the scenarios and the player's own, the army being
//! built, saves, undo, the tutorials, the command line) and `table/` draws
//! it: the board and its blocks, the panels, the new-game dialog;
//! `narrate` writes the log; `editor/` makes scenarios.

pub mod battle;
pub mod editor;
pub mod engine;
mod narrate;
pub mod table;

use bevy::prelude::*;

pub use narrate::explain_attack;

use crate::play_online::OnlinePlugin;
use crate::session::SessionPlugin;
use engine::Wargame;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        SessionPlugin::<Wargame>::default(),
        OnlinePlugin::<Wargame>::default(),
        battle::plugin,
        editor::plugin,
    ));
}

pub(super) fn table_plugin(app: &mut App) {
    app.add_plugins((table::plugin, editor::screen_plugin));
    crate::ui::session_ui::<Wargame>(app);
}
