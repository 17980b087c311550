//! Each settled slot stays on screen for three seconds, or until either
//! player moves on; meanwhile nobody acts, no clock runs, and a curtain for
//! the next player waits until the last result has been seen.

use bevy::prelude::*;

use crate::ids::GameId;

use super::engine::rules::{Betting, BettingView};
use crate::menus::Menu;
use crate::rules::Seat;
use crate::screens::{ActiveGame, Screen};
use crate::session::Session;

pub const RESULT_SECONDS: f32 = 3.0;

#[derive(Resource, Debug, Default)]
pub struct ResultPacing {
    /// How many settled slots have been shown in full.
    pub shown: usize,
    /// Seconds the result now on screen has been there.
    pub held: f32,
    /// A curtain that waits for the results to be seen.
    curtain_after: Option<Seat>,
}

impl ResultPacing {
    /// The index of the settled slot on screen now, if one is.
    pub fn on_screen(&self, view: &BettingView) -> Option<usize> {
        (self.shown < view.history.len()).then_some(self.shown)
    }
}

/// Either player is done looking at the result on screen.
#[derive(Message, Debug, Clone, Copy)]
pub struct MoveOn;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ResultPacing>()
        .add_message::<MoveOn>()
        .add_systems(
            Update,
            // Right after the actions of the frame, so that the hold starts
            // in the frame a slot is settled.
            pace_results
                .run_if(in_state(ActiveGame::Playing(GameId::Betting)))
                .run_if(in_state(Screen::Playing).and_then(in_state(Menu::None)))
                .in_set(crate::app_systems::AppSystems::Settle),
        );
}

fn pace_results(
    time: Res<Time>,
    mut session: ResMut<Session<Betting>>,
    mut pacing: ResMut<ResultPacing>,
    mut move_on: MessageReader<MoveOn>,
) {
    let skip = move_on.read().count() > 0;
    let settled = session.view().history.len();
    if pacing.shown > settled {
        *pacing = ResultPacing::default();
    }
    if pacing.shown < settled {
        pacing.held += time.delta_secs();
        if skip || pacing.held >= RESULT_SECONDS {
            pacing.shown += 1;
            pacing.held = 0.0;
        }
    }
    let presenting = pacing.shown < settled;
    // Touched only to change it: the table is rebuilt on every change.
    if session.hold() != presenting {
        session.set_hold(presenting);
    }
    if presenting {
        if let Some(next) = session.curtain() {
            session.set_curtain(None);
            pacing.curtain_after = Some(next);
        }
    } else if pacing.curtain_after.is_some() {
        // Touched only when there is a curtain to put back: the table
        // redraws on every change of the pacing.
        session.set_curtain(pacing.curtain_after.take());
    }
}
