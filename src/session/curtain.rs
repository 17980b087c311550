//! Two people on one screen: whenever play passes from one to the other, a
//! curtain hides everything private until the next person takes the screen.

use bevy::prelude::*;

use super::in_progress::Session;
use crate::rules::Playable;

/// The person named on the curtain has taken the screen.
#[derive(Message, Debug, Clone, Copy)]
pub struct LiftCurtain;

/// The curtain has lifted: the table is laid out afresh for the seat that
/// took the screen, with nothing moving out of the layout it had before
/// (the other seat's, or the deal).
#[derive(Message, Debug, Clone, Copy)]
pub struct ScreenTaken;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<LiftCurtain>().add_message::<ScreenTaken>();
}

/// Space lifts a curtain that was already down when the frame began: the
/// key is read before anything this frame can put a curtain down, so the
/// press that moves past a result never lifts the curtain it brings.
pub(super) fn lift_with_keys<G: Playable>(
    session: Res<Session<G>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut lift: MessageWriter<LiftCurtain>,
) {
    if session.curtain.is_some() && keys.is_some_and(|k| k.just_pressed(KeyCode::Space)) {
        lift.write(LiftCurtain);
    }
}

pub(super) fn lift_curtain<G: Playable>(
    mut session: ResMut<Session<G>>,
    mut lifts: MessageReader<LiftCurtain>,
    mut changed: MessageWriter<ScreenTaken>,
) {
    if lifts.read().count() == 0 {
        return;
    }
    if let Some(seat) = session.curtain.take() {
        session.viewer = seat;
        changed.write(ScreenTaken);
    }
}
