//! Betting Black and White: ten tiles, thirty chips, match or fold.

mod ai;
pub mod clocks;
pub mod pacing;
pub mod rules;
pub mod setup_board;

use bevy::prelude::*;

pub use rules::{
    AutoFold, Betting, BettingAction, BettingEvent, BettingView, Draft, Phase, Placement, Pull, SlotOutcome,
    SlotResult, Sourcing,
};

pub use clocks::BettingClock;
pub use pacing::{MoveOn, ResultPacing};
pub use setup_board::{SetupBoard, SetupEdit};

use crate::games::GameId;
use crate::session::{Narrated, SessionPlugin, StartMatch};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        SessionPlugin::<Betting>::default(),
        setup_board::plugin,
        clocks::plugin,
        pacing::plugin,
    ))
    .add_systems(Update, start_afresh.in_set(crate::AppSystems::RecordInput));
}

/// A new game starts with an empty board, no clock and nothing shown.
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

pub(super) fn table_plugin(_app: &mut App) {}

impl Narrated for Betting {
    fn narrate(event: &BettingEvent, names: &[String; 2]) -> Option<String> {
        Some(match event {
            BettingEvent::Arranged {
                seat,
                timed_out: false,
            } => {
                format!("{} locked their arrangement.", names[*seat])
            }
            BettingEvent::Arranged {
                seat,
                timed_out: true,
            } => {
                format!(
                    "{}'s setup clock ran out: the gaps were filled at random.",
                    names[*seat]
                )
            }
            BettingEvent::Settled(r) => {
                let stacks = format!("{} against {}", r.chips[0], r.chips[1]);
                let what = match (r.outcome, r.folder, r.auto) {
                    (SlotOutcome::Fold, Some(f), Some(AutoFold::CannotCover)) => format!(
                        "{} could not cover the gap and folded; {} take {} chips",
                        names[f],
                        names[1 - f],
                        r.chips[0] + r.chips[1]
                    ),
                    (SlotOutcome::Fold, Some(f), Some(AutoFold::OutOfTime)) => format!(
                        "{} ran out of time and folded; {} take {} chips",
                        names[f],
                        names[1 - f],
                        r.chips[0] + r.chips[1]
                    ),
                    (SlotOutcome::Fold, Some(f), None) => format!(
                        "{} folded ({stacks}); {} take {} chips",
                        names[f],
                        names[1 - f],
                        r.chips[0] + r.chips[1]
                    ),
                    _ => {
                        let [a, b] = r.tiles.unwrap_or_default();
                        let matched = match r.matched {
                            Some((m, _)) => format!("{} matched, ", names[m]),
                            None => String::new(),
                        };
                        match r.winner {
                            Some(w) => format!(
                                "{matched}showdown {a} against {b} ({stacks}): {} take {} chips",
                                names[w],
                                r.chips[0] + r.chips[1]
                            ),
                            None => format!("{matched}showdown {a} against {b}: equal tiles, chips back"),
                        }
                    }
                };
                format!(
                    "Slot {}: {what}. Winnings {}–{}.",
                    r.slot, r.winnings[0], r.winnings[1]
                )
            }
        })
    }
}
