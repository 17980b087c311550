//! Black and White II: 99 points over nine sealed bids, cards and lamps.

pub mod engine;
mod hud;
mod table;

use bevy::prelude::*;

pub use hud::{BidEntry, keys_plugin};

use crate::session::{Narrated, SessionPlugin};
use engine::{Bidding, BiddingEvent, Card};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(SessionPlugin::<Bidding>::default());
}

pub(super) fn table_plugin(app: &mut App) {
    app.add_plugins((table::plugin, hud::plugin));
    crate::ui::session_ui::<Bidding>(app);
}

impl Narrated for Bidding {
    fn narrate(event: &BiddingEvent, names: &[String; 2]) -> Option<String> {
        let card = |c: &Card| match c {
            Card::White => "white",
            Card::Black => "black",
        };
        Some(match event {
            BiddingEvent::Sealed { seat, card: c } => {
                format!("{} sealed a bid: a {} card.", names[*seat], card(c))
            }
            BiddingEvent::Settled {
                round,
                cards,
                winner,
                wins,
                lamps,
                ..
            } => {
                let result = match winner {
                    Some(w) => format!("{} won", names[*w]),
                    None => "a draw".into(),
                };
                format!(
                    "Round {round}: {result} ({} card against {}). Rounds {}–{}; lamps {} and {}.",
                    card(&cards[0]),
                    card(&cards[1]),
                    wins[0],
                    wins[1],
                    lamps[0],
                    lamps[1]
                )
            }
        })
    }
}
