//! Two people on one screen: whenever play passes from one to the other, a
//! curtain hides everything private until the next person takes the screen.

use bevy::prelude::*;

use super::Session;
use crate::rules::Game;

/// The person named on the curtain has taken the screen.
#[derive(Message, Debug, Clone, Copy)]
pub struct LiftCurtain;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<LiftCurtain>();
}

pub(super) fn lift_curtain<G: Game>(mut session: ResMut<Session<G>>, mut lifts: MessageReader<LiftCurtain>) {
    if lifts.read().count() == 0 {
        return;
    }
    if let Some(seat) = session.curtain.take() {
        session.viewer = seat;
    }
}
