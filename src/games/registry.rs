//! The one place that turns a game's id into its type. Everything written
//! once over `Playable` (the referee, the arena, the replay checker, the
//! server's tables) is reached from an id through `with_game`, without a
//! `match` of its own.

use super::betting::engine::Betting;
use super::bidding::engine::Bidding;
use super::tiles::engine::Tiles;
use super::wargame::engine::Wargame;
use crate::ids::GameId;
use crate::rules::Playable;

/// Work written once for any game.
pub trait ForGame {
    type Output;
    fn run<G: Playable>(self) -> Self::Output;
}

/// Runs `work` for the game `game` names.
pub fn with_game<W: ForGame>(game: GameId, work: W) -> W::Output {
    match game {
        GameId::Tiles => work.run::<Tiles>(),
        GameId::Bidding => work.run::<Bidding>(),
        GameId::Betting => work.run::<Betting>(),
        GameId::Wargame => work.run::<Wargame>(),
    }
}
