//! The setup clock (three minutes) and the decision clock (20 seconds, 30
//! against Easy). They run only while the person at the screen must act,
//! and not while a `--screenshot` waits for its picture;
//! running out locks the setup board or folds.

use bevy::prelude::*;

use crate::ids::GameId;

use super::engine::rules::{Betting, BettingAction, BettingView, DECISION_SECONDS, Phase, SETUP_SECONDS};
use super::setup_board::SetupBoard;
use crate::game_log::GameLog;
use crate::menus::Menu;
use crate::rules::{Level, Seat};
use crate::screens::{ActiveGame, Screen};
use crate::session::{Act, Launch, Opponent, Shown};

/// A newcomer against Easy gets more time than the rules' clock.
pub const EASY_DECISION_SECONDS: f32 = 30.0;

/// The clock of the player to act now.
#[derive(Resource, Debug, Default)]
pub struct BettingClock {
    /// The seat and slot (0 in setup) it runs for; a new turn restarts it.
    turn: Option<(Seat, usize)>,
    pub left: f32,
    pub full: f32,
    /// The time-out has been sent: it is sent once.
    expired: bool,
}

impl BettingClock {
    /// Seconds left on the running clock, if one runs for this turn.
    pub fn running(&self, seat: Seat, slot: usize) -> Option<f32> {
        (self.turn == Some((seat, slot))).then_some(self.left)
    }
}

pub fn decision_seconds(opponent: Opponent) -> f32 {
    if opponent == Opponent::Computer(Level::Easy) {
        EASY_DECISION_SECONDS
    } else {
        DECISION_SECONDS
    }
}

/// The clock's turn key: slot 0 is the setup.
pub fn turn_slot(view: &BettingView) -> usize {
    match view.phase {
        Phase::Setup => 0,
        _ => view.history.len() + 1,
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BettingClock>().add_systems(
        Update,
        run_clock
            .run_if(in_state(ActiveGame::Playing(GameId::Betting)))
            .run_if(in_state(Screen::Playing).and_then(in_state(Menu::None)))
            // A `--screenshot` shows the table as it stands: under a slow
            // software renderer the settling frames outlast the 20
            // seconds, and the clock would fold before the picture.
            .run_if(|launch: Option<Res<Launch>>| launch.is_none_or(|l| l.screenshot.is_none()))
            .in_set(crate::app_systems::AppSystems::RecordInput)
            .after(super::setup_board::edit_setup),
    );
}

fn run_clock(
    time: Res<Time>,
    shown: Res<Shown<Betting>>,
    mut clock: ResMut<BettingClock>,
    mut board: ResMut<SetupBoard>,
    mut acts: MessageWriter<Act<Betting>>,
    mut log: ResMut<GameLog>,
) {
    let Some(seat) = shown.acting else {
        return;
    };
    let key = (seat, turn_slot(&shown.view));
    if clock.turn != Some(key) {
        let full = if key.1 == 0 {
            SETUP_SECONDS
        } else {
            decision_seconds(shown.opponent)
        };
        *clock = BettingClock {
            turn: Some(key),
            left: full,
            full,
            expired: false,
        };
    }
    clock.left = (clock.left - time.delta_secs()).max(0.0);
    if clock.left > 0.0 || clock.expired {
        return;
    }
    clock.expired = true;
    let name = &shown.names[seat];
    if key.1 == 0 {
        board.follow(seat, shown.fill_seed);
        let action = board.timed_out();
        log.push(match action {
            BettingAction::Timeout => format!("{name}: time is up; the board is arranged at random."),
            _ => format!("{name}: time is up; the gaps are filled at random."),
        });
        acts.write(Act::new(action));
    } else {
        acts.write(Act::new(BettingAction::Timeout));
    }
}
