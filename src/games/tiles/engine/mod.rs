//! The tiles rules core and its computer players, without Bevy; the
//! table and HUD around it are the folder above.

pub(super) mod ai;
pub mod best_response;
pub mod knowledge;
mod protocol;
pub mod rules;
pub(super) mod solver;

pub use ai::{Belief, HardPolicy};
pub use rules::{Colour, ColourCount, Hand, Tiles, TilesAction, TilesEvent, TilesView};
