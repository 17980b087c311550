//! The betting rules core and its computer players, without Bevy; the
//! table and HUD around it are the folder above.

pub(super) mod ai;
pub mod arrangement;
pub mod best_response;
mod game;
pub mod knowledge;
mod protocol;
pub mod rules;

pub use rules::{
    AutoFold, Betting, BettingAction, BettingEvent, BettingView, Draft, Phase, Placement, Pull, SlotOutcome,
    SlotResult, Sourcing,
};
