//! What the editor's screen holds while a scenario is edited: the
//! scenario with its history, the tool and terrain chosen, the file, the
//! last message and the balance check.

use bevy::prelude::*;

use super::trial::Trial;
use crate::games::wargame::engine::board::Coord;
use crate::games::wargame::engine::data::Terrain;
use crate::games::wargame::engine::scenario_edits::ScenarioEditor;
use crate::rules::Seat;

/// What a click or a drag on the board does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// Paints the chosen terrain, hex by hex.
    Brush,
    /// Paints the hex and every hex of its terrain joined to it.
    Fill,
    /// Adds an arrow hex, or takes one away.
    Arrows,
    /// Sets a side's first row.
    FirstRow(Seat),
}

/// The scenario on the editor's screen, kept while it is test played.
#[derive(Resource)]
pub struct Editing {
    pub editor: ScenarioEditor,
    pub tool: Tool,
    pub terrain: Terrain,
    /// The file in the player's folder it came from or was saved as.
    pub file: Option<String>,
    /// What the last command did or why it could not: the text, and
    /// whether it is a problem.
    pub message: Option<(String, bool)>,
    /// A hex to ring: the place of the problem clicked in the list.
    pub ring: Option<Coord>,
    /// "Try 100 games", running or done.
    pub trial: Option<Trial>,
    /// Back asked for once with changes unsaved: asked again, it leaves.
    pub warned: bool,
}

impl Editing {
    pub fn new(editor: ScenarioEditor, file: Option<String>) -> Editing {
        Editing {
            editor,
            tool: Tool::Brush,
            terrain: Terrain::Forest,
            file,
            message: None,
            ring: None,
            trial: None,
            warned: false,
        }
    }
}
