//! A session opened as the game on: a new game, "Play again", a replay, an
//! online game or a resumed battle.

use bevy::prelude::*;

use super::in_progress::Session;
use super::shown::Shown;
use crate::rules::Playable;
use crate::screens::ActiveGame;

/// Opens `session` as the game on, with what its seat is shown, and
/// enters its `ActiveGame` afresh: its table is laid out there.
pub fn open_session<G: Playable>(
    commands: &mut Commands,
    active: &mut NextState<ActiveGame>,
    session: Session<G>,
) {
    commands.insert_resource(Shown::of(&session));
    commands.insert_resource(session);
    active.set(ActiveGame::Playing(G::ID));
}
