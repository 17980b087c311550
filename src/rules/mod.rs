//! The shape every rules core shares, so that the referee, the arena, the
//! session that the app drives and the random-playout tests are written once
//! for all four games.

pub mod best_response;
mod bots;
mod chance;
mod colour;
mod game;
mod knowledge;
pub mod playout;
pub mod protocol;
mod record;
pub mod restricted_response;
pub mod strict_json;

pub use bots::{Bot, Bots, Considered, Thought, draw_by_weight, think_through};
pub use chance::Chance;
pub use colour::Colour;
pub use game::{
    Audience, Configure, Game, GameRng, Level, Outcome, Seat, coin_flip, higher, other, sub_seed,
};
pub use knowledge::{Knowledge, Known, Row, Shows};
pub use protocol::{Protocol, from_wire};
pub use record::{Broken, Match, MatchRecord, Replaying, Step};

/// A game the app, the referee, the arena and the server can host: its
/// rules and set-up, its computer players and its shapes on the wire.
pub trait Playable: Game + Configure + Bots + Protocol {}

impl<G: Game + Configure + Bots + Protocol> Playable for G {}
