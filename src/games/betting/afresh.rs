//! A new game of betting starts with an empty board, no clock and nothing
//! shown.

use bevy::prelude::*;

use super::clocks::BettingClock;
use super::pacing::ResultPacing;
use super::setup_board::SetupBoard;
use crate::app_systems::AppSystems;
use crate::ids::GameId;
use crate::session::StartMatch;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, start_afresh.in_set(AppSystems::RecordInput));
}

fn start_afresh(
    mut starts: MessageReader<StartMatch>,
    mut board: ResMut<SetupBoard>,
    mut clock: ResMut<BettingClock>,
    mut pacing: ResMut<ResultPacing>,
) {
    if starts.read().any(|s| s.game == GameId::Betting) {
        *board = default();
        *clock = default();
        *pacing = default();
    }
}
