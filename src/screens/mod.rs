//! The screens a player moves through: title, game list, new-game dialog,
//! the game (played or a replay watched), its result, the replays, and
//! the online lobby.

use bevy::prelude::*;

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Title,
    GameList,
    NewGame,
    Playing,
    Result,
    /// The kept replays.
    Replays,
    /// "Play online": create or join a game on the server, and wait.
    Online,
}

/// A game is on: played or its result shown. Leaving it ends the session
/// and despawns what was laid for it (`DespawnOnExit(InGame)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InGame;

impl ComputedStates for InGame {
    type SourceStates = Screen;

    // From the game to its result and back (Play again) the game is still
    // on: nothing is left.
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(screen: Screen) -> Option<InGame> {
        matches!(screen, Screen::Playing | Screen::Result).then_some(InGame)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>().add_computed_state::<InGame>();
}
