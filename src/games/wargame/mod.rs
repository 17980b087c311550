//! Black & White, the wargame: Thargaton against Vesania on a hex board.
//! The rules core (`state`, `rules`, `actions`, `combat`, `legal`, `view`,
//! `game`) runs without Bevy; `scenario_assets` loads scenario files as Bevy
//! assets for the table.

mod actions;
pub mod board;
pub mod bot;
mod combat;
pub mod data;
mod game;
mod legal;
pub mod planner;
pub mod rules;
pub mod scenario;
pub mod scenario_assets;
mod scenario_check;
pub mod state;
pub mod view;

pub use board::Coord;
pub use combat::judge;
pub use data::Rulebook;
pub use scenario::Scenario;
pub use state::{Action, Event, Setup, Wargame};
