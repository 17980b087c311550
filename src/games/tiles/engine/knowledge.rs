//! What a tiles player could know of the other side's tiles: the chance of
//! each number, uniform over the hands consistent with the colours and
//! results seen.

use super::ai::Belief;
use super::rules::{TILES, Tiles, TilesView};
use crate::rules::{Colour, Knowledge, Known, Row};

/// The chance that the other side still holds each tile (the one it has
/// just led counts as held), over the hands the view allows, each once.
pub fn held_chances(view: &TilesView) -> [f64; TILES as usize] {
    let belief = Belief::from_view(view);
    let hands: Vec<_> = belief.hands().collect();
    let mut chances = [0.0; TILES as usize];
    for hand in &hands {
        for tile in hand.tiles() {
            chances[usize::from(tile)] += 1.0 / hands.len() as f64;
        }
    }
    chances
}

impl Knowledge for Tiles {
    fn knowledge(view: &TilesView) -> Vec<Known> {
        let chances = held_chances(view);
        let rows = (0..TILES)
            .filter(|&t| chances[usize::from(t)] > 0.0)
            .map(|t| {
                let colour = if Colour::of(t) == Colour::Black {
                    "black"
                } else {
                    "white"
                };
                Row::chance(format!("{t} ({colour})"), chances[usize::from(t)])
            })
            .collect();
        let mut known = vec![Known {
            heading: "Tiles the other side may still hold".into(),
            rows,
        }];
        if let Some(led) = view.led.filter(|_| !view.is_leading()) {
            // The tile just led is one of that colour in the hand: each
            // tile's share of the held ones of its colour.
            let of_colour: Vec<u8> = (0..TILES).filter(|&t| Colour::of(t) == led).collect();
            let total: f64 = of_colour.iter().map(|&t| chances[usize::from(t)]).sum();
            let rows = of_colour
                .iter()
                .filter(|&&t| chances[usize::from(t)] > 0.0)
                .map(|&t| {
                    Row::chance(
                        t.to_string(),
                        chances[usize::from(t)] / total.max(f64::MIN_POSITIVE),
                    )
                })
                .collect();
            known.push(Known {
                heading: format!(
                    "The tile they led ({})",
                    if led == Colour::Black { "black" } else { "white" }
                ),
                rows,
            });
        }
        known
    }
}
