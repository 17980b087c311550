//! The screens a player moves through: title, game list, new-game dialog,
//! the game, and its result.

use bevy::prelude::*;

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Title,
    GameList,
    NewGame,
    Playing,
    Result,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
}
