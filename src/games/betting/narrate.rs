//! What the log says of a game of betting.

use super::engine::*;
use crate::session::{Narrated, each_side};

impl Narrated for Betting {
    fn narrate(event: &BettingEvent, names: &[String; 2]) -> Option<String> {
        Some(match event {
            BettingEvent::Arranged {
                seat,
                timed_out: false,
            } => {
                format!("{} locked an arrangement.", names[*seat])
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
                let pot = r.chips[0] + r.chips[1];
                // "+N" is what the table marks on the slot: the other's
                // chips, the winner's own coming back with them.
                let takes = |seat: usize| {
                    let verb = crate::session::agree(&names[seat], "take", "takes");
                    format!("{} {verb} all {pot} chips (+{})", names[seat], r.chips[1 - seat])
                };
                let what = match (r.folder, r.auto) {
                    (Some(f), Some(AutoFold::CannotCover)) => {
                        let gap = r.chips[1 - f] - r.chips[f];
                        // A fold wins the folder nothing: what they had
                        // left is what they could have matched with.
                        let spare = usize::from(r.winnings[f] + r.later[f]) - (rules::SLOTS - r.slot);
                        format!(
                            "{} could not cover the gap of {gap} (only {spare} to spare) and folded; {}",
                            names[f],
                            takes(1 - f)
                        )
                    }
                    (Some(f), Some(AutoFold::OutOfTime)) => {
                        format!("{} ran out of time and folded; {}", names[f], takes(1 - f))
                    }
                    (Some(f), None) => format!(
                        "{} folded with {} on the slot against {}; {}",
                        names[f],
                        chips_word(r.chips[f]),
                        r.chips[1 - f],
                        takes(1 - f)
                    ),
                    (None, _) => {
                        let [a, b] = r.tiles.unwrap_or_default();
                        let matched = match r.matched {
                            Some((m, _)) => format!("{} matched, ", names[m]),
                            None => String::new(),
                        };
                        let showdown = format!(
                            "{matched}showdown, {} {a} against {} {b}, chips {} against {}",
                            names[0], names[1], r.chips[0], r.chips[1]
                        );
                        match r.winner {
                            Some(w) => format!("{showdown}: {}", takes(w)),
                            None => format!("{showdown}: equal tiles, each takes their own back"),
                        }
                    }
                };
                format!(
                    "Slot {}: {what}. Winnings: {}.",
                    r.slot,
                    each_side(names, r.winnings)
                )
            }
        })
    }
}

/// "1 chip", "6 chips".
pub(super) fn chips_word(n: u8) -> String {
    if n == 1 {
        "1 chip".into()
    } else {
        format!("{n} chips")
    }
}
