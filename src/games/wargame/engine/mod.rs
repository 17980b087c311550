//! The wargame's rules core, without Bevy: the data (`data`, `scenario`,
//! `scenario_check`), the board (`board`), the state, actions and events
//! (`state`), a turn (`rules`, `actions`, `attack_checks`, `combat`,
//! `legal`), what a seat sees (`view`), the shared `Game` trait (`game`)
//! and the protocol's JSON (`protocol`), the computer players (`bot`,
//! `planner`, Hard's `search`), the names the log uses (`names`) and what a
//! seat could know of the hidden blocks (`knowledge`). Nothing here draws;
//! the table around it is the folder above.

pub(super) mod actions;
mod attack_checks;
pub mod board;
pub mod bot;
mod building;
pub(super) mod combat;
pub mod data;
pub(super) mod game;
pub mod knowledge;
pub(super) mod legal;
pub(super) mod names;
pub mod planner;
mod position;
mod protocol;
pub mod rulebooks;
pub mod rules;
pub mod scenario;
pub mod scenario_check;
pub mod scenario_edits;
mod scenario_flaw;
pub mod scenario_text;
pub mod search;
pub mod shipped;
pub mod state;
pub mod view;

pub use board::Coord;
pub use combat::judge;
pub use data::Rulebook;
pub use scenario::Scenario;
pub use state::{Action, Event, Setup, Wargame};
