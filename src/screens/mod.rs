//! The screens a player moves through: title, game list, new-game dialog,
//! the game (played or a replay watched), its result, the replays, the
//! online lobby, and the wargame's scenario editor.

use bevy::prelude::*;

use crate::ids::GameId;

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
    /// The wargame's scenario editor.
    Editor,
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

/// Which game is on while one is: each game's table is laid out on
/// entering it and cleared on leaving it, and the systems of a game run
/// only in it. Set when a session opens (a new game, "Play again", a
/// replay, an online game, a resumed battle: each enters it afresh); it
/// goes with `InGame`.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(InGame = InGame)]
pub enum ActiveGame {
    /// The moment between entering a game's screens and its session.
    #[default]
    Opening,
    Playing(GameId),
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_computed_state::<InGame>()
        .add_sub_state::<ActiveGame>();
}
