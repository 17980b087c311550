//! The editor's keys, read press by press with the modifiers held at each
//! (a quick Ctrl+S under a slow frame is still Ctrl+S), while no text
//! field or menu has the keyboard.

use bevy::prelude::*;

use super::commands::EditorCommand;
use super::editing::{Editing, Tool};
use crate::games::wargame::engine::data::Terrain;
use crate::screens::Screen;
use crate::ui::key_presses::digit;
use crate::ui::{Chord, KeyPresses};

/// The keys, as the screen lists them.
pub const KEYS: &str = "1-0 terrain · B brush · F fill · A arrows · R first rows · Ctrl+Z / Ctrl+Y undo / redo · Ctrl+S save · T play · P watch · Esc back";

pub fn plugin(app: &mut App) {
    // Every frame, on every screen: the reader follows the modifiers even
    // while another screen has the keyboard.
    app.add_systems(Update, editor_keys);
}

fn editor_keys(
    mut keys: KeyPresses,
    editing: Option<ResMut<Editing>>,
    mut commands: MessageWriter<EditorCommand>,
) {
    let chords = keys.on(Screen::Editor);
    let Some(mut editing) = editing else {
        return;
    };
    for chord in chords {
        if let Some(command) = pressed(chord, &mut editing) {
            commands.write(command);
        }
    }
}

/// What one key does: a change of tool or terrain here, or a command.
fn pressed(chord: Chord, editing: &mut Editing) -> Option<EditorCommand> {
    use KeyCode::*;
    let Chord { key, command, shift } = chord;
    if command {
        return match key {
            KeyZ if shift => Some(EditorCommand::Redo),
            KeyZ => Some(EditorCommand::Undo),
            KeyY => Some(EditorCommand::Redo),
            KeyS => Some(EditorCommand::Save),
            _ => None,
        };
    }
    if let Some(d) = digit(key) {
        // 1 is the first terrain, 0 the tenth.
        editing.terrain = Terrain::ALL[(usize::from(d) + 9) % 10];
        if !matches!(editing.tool, Tool::Brush | Tool::Fill) {
            editing.tool = Tool::Brush;
        }
        return None;
    }
    match key {
        KeyB => editing.tool = Tool::Brush,
        KeyF => editing.tool = Tool::Fill,
        KeyA => editing.tool = Tool::Arrows,
        KeyR => {
            editing.tool = match editing.tool {
                Tool::FirstRow(0) => Tool::FirstRow(1),
                _ => Tool::FirstRow(0),
            }
        }
        KeyT => return Some(EditorCommand::TestPlay(Some(0))),
        KeyP => return Some(EditorCommand::TestPlay(None)),
        Escape => return Some(EditorCommand::Back),
        _ => {}
    }
    None
}
