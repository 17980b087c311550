//! What the log says of a game of bidding.

use super::engine::*;
use crate::session::{Narrated, each_side};

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
                    "Round {round}: {result} (cards: {}). Rounds won: {}; lamps lit: {}.",
                    each_side(names, [card(&cards[0]), card(&cards[1])]),
                    each_side(names, *wins),
                    each_side(names, *lamps)
                )
            }
        })
    }
}
