//! What a seat could know at a moment, worked out from its view alone: the
//! replay's knowledge panel. Each game says it in rows of labelled chances
//! or ranges, which the panel draws as bars.

use super::game::Game;

/// One thing a seat could know: a heading and its rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Known {
    pub heading: String,
    pub rows: Vec<Row>,
}

/// A row of the panel: a label and what to draw beside it.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub label: String,
    pub shows: Shows,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Shows {
    /// A chance from 0 to 1, drawn as a bar with its percentage.
    Chance(f64),
    /// A range of whole numbers within `0..=of`, drawn as a band.
    Range { low: u32, high: u32, of: u32 },
    /// Words only.
    Text(String),
}

impl Row {
    pub fn chance(label: impl Into<String>, chance: f64) -> Row {
        Row {
            label: label.into(),
            shows: Shows::Chance(chance),
        }
    }

    pub fn text(label: impl Into<String>, text: impl Into<String>) -> Row {
        Row {
            label: label.into(),
            shows: Shows::Text(text.into()),
        }
    }
}

/// A game whose views can say what their seat could know.
pub trait Knowledge: Game {
    fn knowledge(view: &Self::View) -> Vec<Known>;
}
