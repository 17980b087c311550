//! The scenario editor: a battle of the player's own, painted hex by hex,
//! checked as it is made, saved as a RON file like the shipped ones, test
//! played and balance-checked. `edits` is the scenario and its history
//! without Bevy; `commands` turns the screen's (and the tests') commands
//! into changes, saves and battles; `screen` and `canvas` draw it;
//! `trial` plays the quick balance check; `storage` is where it saves.

mod canvas;
pub mod commands;
pub mod edits;
mod screen;
pub mod storage;
pub mod trial;

use bevy::prelude::*;

use crate::games::wargame::engine::board::Coord;
use crate::games::wargame::engine::data::Terrain;
use crate::rules::Seat;
pub use commands::EditorCommand;
use edits::ScenarioEditor;
use trial::Trial;

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
        }
    }
}

/// The commands, without drawing.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(commands::plugin);
}

/// The screen.
pub(super) fn screen_plugin(app: &mut App) {
    app.add_plugins(screen::plugin);
}
