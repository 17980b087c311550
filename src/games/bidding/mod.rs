//! Black and White II: 99 points over nine sealed bids, cards and lamps.
//! The rules core, its referee and basic opponents; the table comes with
//! its own issue, and until then the game shows as coming soon.

mod ai;
pub mod rules;

pub use rules::{Bidding, BiddingAction, BiddingEvent, BiddingView, Card, lamp_range, lamps};
