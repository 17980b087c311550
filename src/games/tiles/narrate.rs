//! What the log says of a game of tiles.

use super::engine::*;
use crate::session::{Narrated, each_side};

impl Narrated for Tiles {
    fn narrate(event: &TilesEvent, names: &[String; 2]) -> Option<String> {
        Some(match event {
            TilesEvent::Placed { seat, colour } => {
                format!("{} placed a {} tile.", names[*seat], colour.name())
            }
            TilesEvent::Settled {
                round, winner, score, ..
            } => match winner {
                Some(w) => format!(
                    "Round {round}: {} won. Score: {}.",
                    names[*w],
                    each_side(names, *score)
                ),
                None => format!("Round {round}: a draw. Score: {}.", each_side(names, *score)),
            },
        })
    }
}
