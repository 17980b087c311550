//! An arrangement: ten slots, tiles 0 to 9 once each, 30 chips with at least
//! one on every tile; checked whole, made at random, or filled in a slot
//! at a time on the setup board (`Draft`).

use rand::RngExt;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::rules::GameRng;

pub const SLOTS: usize = 10;
pub const CHIPS: u8 = 30;

/// One slot of an arrangement: a tile and the chips on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub tile: u8,
    pub chips: u8,
}

/// Checks a whole arrangement: ten slots, tiles 0..=9 once each, at least
/// one chip on every tile and 30 in all.
pub fn check_arrangement(arrangement: &[Placement]) -> Result<(), String> {
    if arrangement.len() != SLOTS {
        return Err(format!("an arrangement has ten slots, not {}", arrangement.len()));
    }
    let mut seen = [false; SLOTS];
    for (i, p) in arrangement.iter().enumerate() {
        let slot = i + 1;
        match seen.get_mut(usize::from(p.tile)) {
            None => {
                return Err(format!(
                    "slot {slot}: there is no tile {}; tiles are 0 to 9",
                    p.tile
                ));
            }
            Some(true) => {
                return Err(format!(
                    "slot {slot}: tile {} is already in an earlier slot",
                    p.tile
                ));
            }
            Some(seen) => *seen = true,
        }
        if p.chips == 0 {
            return Err(format!(
                "slot {slot} (tile {}) has no chips: every tile needs at least 1",
                p.tile
            ));
        }
    }
    let total: u32 = arrangement.iter().map(|p| u32::from(p.chips)).sum();
    if total != u32::from(CHIPS) {
        return Err(format!("the chips add up to {total}, not {CHIPS}"));
    }
    Ok(())
}

/// A random valid arrangement: tiles shuffled, one chip on each and the
/// other twenty dropped on slots at random.
pub fn random_arrangement(rng: &mut GameRng) -> Vec<Placement> {
    Draft::default().complete(rng)
}

/// A setup board being filled in: any tiles in any slots, any chips.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    pub tiles: [Option<u8>; SLOTS],
    pub chips: [u8; SLOTS],
}

impl Draft {
    pub fn is_untouched(&self) -> bool {
        *self == Draft::default()
    }

    pub fn chips_left(&self) -> u8 {
        CHIPS.saturating_sub(self.chips.iter().sum())
    }

    /// The slot that holds `tile`, if it is placed.
    pub fn slot_of(&self, tile: u8) -> Option<usize> {
        self.tiles.iter().position(|&t| t == Some(tile))
    }

    /// Puts `tile` in `slot`; a tile already there swaps to the slot the
    /// new one came from (or leaves the board).
    pub fn place(&mut self, tile: u8, slot: usize) {
        if tile as usize >= SLOTS || slot >= SLOTS {
            return;
        }
        let from = self.slot_of(tile);
        let displaced = self.tiles[slot];
        if let Some(from) = from {
            self.tiles[from] = displaced;
        }
        self.tiles[slot] = Some(tile);
    }

    /// Takes the tile in `slot` off the board.
    pub fn lift(&mut self, slot: usize) {
        if let Some(tile) = self.tiles.get_mut(slot) {
            *tile = None;
        }
    }

    pub fn add_chip(&mut self, slot: usize) {
        if slot < SLOTS && self.chips_left() > 0 {
            self.chips[slot] += 1;
        }
    }

    pub fn remove_chip(&mut self, slot: usize) {
        if slot < SLOTS {
            self.chips[slot] = self.chips[slot].saturating_sub(1);
        }
    }

    /// The arrangement, or what is still missing, in words.
    pub fn arrangement(&self) -> Result<Vec<Placement>, String> {
        let unplaced = self.tiles.iter().filter(|t| t.is_none()).count();
        if unplaced > 0 {
            return Err(format!(
                "Place {unplaced} more tile{}",
                if unplaced == 1 { "" } else { "s" }
            ));
        }
        if let Some(slot) = self.chips.iter().position(|&c| c == 0) {
            return Err(format!("Slot {} needs at least 1 chip", slot + 1));
        }
        let left = self.chips_left();
        if left > 0 {
            return Err(format!(
                "{left} chip{} left to place",
                if left == 1 { "" } else { "s" }
            ));
        }
        Ok(self
            .tiles
            .iter()
            .zip(self.chips)
            .map(|(tile, chips)| Placement {
                tile: tile.expect("every slot holds a tile"),
                chips,
            })
            .collect())
    }

    /// The arrangement with every gap filled at random: tiles not placed go
    /// to the empty slots, chips not placed are spread over the slots, and
    /// every tile keeps at least one.
    pub fn complete(&self, rng: &mut GameRng) -> Vec<Placement> {
        let mut tiles = self.tiles;
        let mut missing: Vec<u8> = (0..SLOTS as u8).filter(|&t| self.slot_of(t).is_none()).collect();
        missing.shuffle(rng);
        for slot in tiles.iter_mut().filter(|t| t.is_none()) {
            *slot = missing.pop();
        }
        let mut chips = self.chips;
        let empty = chips.iter().filter(|&&c| c == 0).count() as u8;
        // A board with too many chips on a few tiles gives some back so that
        // every tile can have one.
        while CHIPS - chips.iter().sum::<u8>() < empty {
            let tallest = (0..SLOTS).max_by_key(|&i| chips[i]).expect("ten slots");
            chips[tallest] -= 1;
        }
        for c in chips.iter_mut().filter(|c| **c == 0) {
            *c = 1;
        }
        for _ in 0..CHIPS - chips.iter().sum::<u8>() {
            chips[rng.random_range(0..SLOTS)] += 1;
        }
        tiles
            .iter()
            .zip(chips)
            .map(|(tile, chips)| Placement {
                tile: tile.expect("every slot is filled"),
                chips,
            })
            .collect()
    }
}
