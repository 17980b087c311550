//! The bidding rules core and its computer players, without Bevy; the
//! table and HUD around it are the folder above.

pub(super) mod ai;
pub mod best_response;
mod hard;
pub mod knowledge;
mod protocol;
pub mod rules;

pub use hard::HardPolicy;
pub use rules::{Bidding, BiddingAction, BiddingEvent, BiddingView, Card, lamp_range, lamps};
