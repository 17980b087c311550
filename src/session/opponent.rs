//! Who sits across the table, and the options a match was started with.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::ids::GameId;
use crate::rules::Level;

/// Who sits across the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opponent {
    Computer(Level),
    /// A friend on this screen.
    Friend,
    /// Somebody (or the server's computer) at another screen, through the
    /// online server.
    Online,
}

impl Opponent {
    pub fn label(self) -> String {
        match self {
            Opponent::Computer(level) => format!("Computer ({})", level.label()),
            Opponent::Friend => "Friend on this screen".into(),
            Opponent::Online => "an opponent online".into(),
        }
    }
}

/// The options a match was started with, kept for "Play again".
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchOptions {
    pub game: GameId,
    pub opponent: Opponent,
}
