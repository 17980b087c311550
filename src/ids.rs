//! The ids every layer names: the four games. Nothing here imports from
//! the layers above (rules, session, cli, ui).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameId {
    Tiles,
    Bidding,
    Betting,
    Wargame,
}

impl GameId {
    pub const ALL: [GameId; 4] = [GameId::Tiles, GameId::Bidding, GameId::Betting, GameId::Wargame];

    pub fn id(self) -> &'static str {
        match self {
            GameId::Tiles => "tiles",
            GameId::Bidding => "bidding",
            GameId::Betting => "betting",
            GameId::Wargame => "wargame",
        }
    }

    pub fn parse(text: &str) -> Result<GameId, String> {
        GameId::ALL
            .into_iter()
            .find(|g| g.id() == text)
            .ok_or_else(|| format!("unknown game `{text}`: expected tiles, bidding, betting or wargame"))
    }

    pub fn title(self) -> &'static str {
        match self {
            GameId::Tiles => "Black and White",
            GameId::Bidding => "Black and White II",
            GameId::Betting => "Betting Black and White",
            GameId::Wargame => "Black & White: the wargame",
        }
    }

    /// Whether a menu stops the game's clocks: then it hides the table
    /// (betting's setup and decision clocks).
    pub fn clocks_stop_under_menus(self) -> bool {
        self == GameId::Betting
    }

    pub fn pitch(self) -> &'static str {
        match self {
            GameId::Tiles => {
                "Nine tiles each. Your opponent sees only the colour, and only the result is told."
            }
            GameId::Bidding => "99 points over nine sealed bids, read through cards and lamps.",
            GameId::Betting => "Ten tiles, thirty chips: stack to bluff, then match or fold.",
            GameId::Wargame => "Thargaton against Vesania on a hex board of wooden blocks.",
        }
    }

    /// The rules in our own words: `# ` starts a heading, a blank line a
    /// paragraph.
    pub fn rules_text(self) -> &'static str {
        match self {
            GameId::Tiles => include_str!("../assets/rules/tiles.md"),
            GameId::Bidding => include_str!("../assets/rules/bidding.md"),
            GameId::Betting => include_str!("../assets/rules/betting.md"),
            GameId::Wargame => include_str!("../assets/rules/wargame.md"),
        }
    }
}
