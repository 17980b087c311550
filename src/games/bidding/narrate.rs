//! What the log says of a game of bidding.

use super::engine::*;
use crate::session::Narrated;

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
