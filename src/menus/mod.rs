//! Overlays that open over any screen: the pause menu, settings, the rules.

use bevy::prelude::*;

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Menu {
    #[default]
    None,
    Pause,
    Settings,
    Rules,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Menu>();
}
