//! The board being edited, drawn as the picker's preview draws a map (so
//! what is painted is what the picker will show), large, with the hex
//! under the pointer outlined and the problem clicked in the list ringed.
//! A click or a drag (a finger too) uses the chosen tool.

use bevy_egui::egui;

use super::commands::EditorCommand;
use super::editing::{Editing, Tool};
use crate::games::wargame::engine::board::Coord;
use crate::games::wargame::engine::scenario_edits::Edit;
use crate::games::wargame::table::setup::preview::Sheet;

/// Draws the board in the space left and turns the pointer into commands.
pub fn board(ui: &mut egui::Ui, editing: &Editing, out: &mut Vec<EditorCommand>) {
    let editor = &editing.editor;
    let (columns, rows) = editor.size();
    let (rect, response) = ui.allocate_exact_size(ui.available_size(), egui::Sense::click_and_drag());
    let (sheet, _) = Sheet::fit(rect.shrink(8.0), columns, rows);
    let painter = ui.painter_at(rect);
    let mut cells = Vec::new();
    let mut unknown = Vec::new();
    for row in 0..rows {
        for col in 0..columns {
            let at = Coord(col, row);
            match editor.terrain(at) {
                Some(terrain) => cells.push((at, terrain)),
                None => unknown.push(at),
            }
        }
    }
    sheet.paint(&painter, editor.scenario(), &cells);
    // A hex the map has no known letter for (a hand-written draft): a
    // question mark where it should be.
    for at in unknown {
        painter.text(
            sheet.centre(at),
            egui::Align2::CENTER_CENTER,
            "?",
            egui::FontId::proportional(sheet.size),
            egui::Color32::from_rgb(240, 120, 100),
        );
    }
    if let Some(at) = editing.ring {
        sheet.ring(
            &painter,
            at,
            1.0,
            egui::Stroke::new(3.5, egui::Color32::from_rgb(240, 90, 70)),
        );
    }
    let on_board = |p: egui::Pos2| {
        let at = sheet.hex_at(p);
        (at.col() >= 0 && at.col() < columns && at.row() >= 0 && at.row() < rows).then_some(at)
    };
    let hovered = response.hover_pos().and_then(on_board);
    if let Some(at) = hovered {
        sheet.ring(
            &painter,
            at,
            0.95,
            egui::Stroke::new(2.0, egui::Color32::from_rgb(250, 236, 160)),
        );
        let terrain = editor
            .terrain(at)
            .map_or("unknown".to_string(), |t| format!("{t:?}"));
        response
            .clone()
            .on_hover_text_at_pointer(format!("{}: {terrain}", at.pair()));
    }
    let pressed = response.clicked() || response.drag_started() || response.dragged();
    if pressed && let Some(at) = response.interact_pointer_pos().and_then(on_board) {
        // A drag paints each hex it crosses once; the other tools act on
        // the hex pressed.
        let first = response.clicked() || response.drag_started();
        let edit = match editing.tool {
            Tool::Brush => (editor.terrain(at) != Some(editing.terrain)).then_some(Edit::Paint {
                at,
                terrain: editing.terrain,
            }),
            Tool::Fill if first => Some(Edit::Fill {
                at,
                terrain: editing.terrain,
            }),
            Tool::Arrows if first => Some(Edit::ToggleArrow(at)),
            Tool::FirstRow(seat) if first => Some(Edit::FirstRow { seat, row: at.row() }),
            _ => None,
        };
        out.extend(edit.map(EditorCommand::Edit));
    }
    if response.clicked() || response.drag_stopped() {
        out.push(EditorCommand::EndStroke);
    }
}
