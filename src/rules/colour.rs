//! Tile colours, shared by the games with numbered tiles: even numbers are
//! black, odd numbers white.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    pub fn of(tile: u8) -> Colour {
        if tile.is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}
