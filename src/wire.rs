//! What the online server and the app's online screen both say on the
//! wire besides the referee protocol (docs/online.md): who takes the other
//! seat of a new game, and how long a game's code is.

use crate::rules::Level;

/// The letters of a game's code (docs/online.md).
pub const CODE_LENGTH: usize = 5;

/// Who takes the other seat of a new game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Across {
    /// Somebody who joins with the code.
    Person,
    /// The server's own computer player.
    Computer(Level),
}

impl Across {
    /// The `create` message's `opponent`.
    pub fn id(self) -> &'static str {
        match self {
            Across::Person => "person",
            Across::Computer(level) => level.id(),
        }
    }

    pub fn parse(text: &str) -> Result<Across, String> {
        match text {
            "person" => Ok(Across::Person),
            level => match Level::parse(level) {
                Ok(Level::Random) | Err(_) => {
                    Err(format!("opponent is person, easy, normal or hard, not `{level}`"))
                }
                Ok(level) => Ok(Across::Computer(level)),
            },
        }
    }
}
