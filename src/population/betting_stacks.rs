//! How betting's population members stack their chips: one chip a tile
//! and the other twenty shared out by a weight per tile. Written once for
//! the members in betting.rs and betting_playout.rs, which share it and
//! nothing else.

use rand::seq::SliceRandom;

use crate::games::betting::engine::Placement;
use crate::games::betting::engine::rules::{CHIPS, SLOTS};
use crate::rules::GameRng;

/// The tiles in a shuffled order, one chip each, and the other twenty on
/// tiles in turn, each chip going to the tile whose share of `weights`
/// is furthest behind.
pub fn stacked(rng: &mut GameRng, weights: impl Fn(u8) -> f64) -> Vec<Placement> {
    let mut tiles: Vec<u8> = (0..SLOTS as u8).collect();
    tiles.shuffle(rng);
    let total: f64 = tiles.iter().map(|&t| weights(t)).sum();
    let mut chips = [1u8; SLOTS];
    for given in 1..=u32::from(CHIPS) - SLOTS as u32 {
        let behind = |i: usize| weights(tiles[i]) / total * f64::from(given) - f64::from(chips[i] - 1);
        let slot = (0..SLOTS)
            .max_by(|&a, &b| behind(a).total_cmp(&behind(b)))
            .expect("ten slots");
        chips[slot] += 1;
    }
    tiles
        .into_iter()
        .zip(chips)
        .map(|(tile, chips)| Placement { tile, chips })
        .collect()
}
