//! A scenario's map drawn small with egui, for the picker: terrain, forts,
//! arrow hexes, and each side's first row edged in its colour.

use bevy_egui::egui;
use hexx::HexLayout;

use crate::games::wargame::engine::board::Coord;
use crate::games::wargame::engine::data::Terrain;
use crate::games::wargame::engine::scenario::{Map, Scenario};
use crate::games::wargame::table::board::look::terrain_egui;

/// Paints `map` into a rectangle of `width` points, row 0 (black) at the
/// bottom as black sees it.
pub fn map_preview(ui: &mut egui::Ui, scenario: &Scenario, map: &Map, width: f32) {
    let cols = map.columns as f32 + 0.5;
    let rows = map.rows as f32;
    let size = width / (cols * 3f32.sqrt());
    let height = size * (1.5 * rows + 0.5);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
    let layout = HexLayout::pointy().with_hex_size(size);
    let origin = egui::pos2(rect.left() + size * 3f32.sqrt() / 2.0, rect.bottom() - size);
    let painter = ui.painter_at(rect);
    let to_screen = |p: hexx::Vec2| origin + egui::vec2(p.x, -p.y);
    let corners = |at: Coord, shrink: f32| -> Vec<egui::Pos2> {
        let centre = layout.hex_to_world_pos(at.hex());
        layout
            .center_aligned_hex_corners()
            .iter()
            .map(|c| to_screen(centre + *c * shrink))
            .collect()
    };
    for at in map.coords() {
        let terrain = map.at(at);
        painter.add(egui::Shape::convex_polygon(
            corners(at, 0.95),
            terrain_egui(terrain),
            egui::Stroke::NONE,
        ));
        let centre = to_screen(layout.hex_to_world_pos(at.hex()));
        match terrain {
            Terrain::Fort => {
                painter.rect_stroke(
                    egui::Rect::from_center_size(centre, egui::vec2(size, size) * 0.8),
                    1.0,
                    egui::Stroke::new(2.0, egui::Color32::from_rgb(70, 66, 60)),
                    egui::StrokeKind::Middle,
                );
            }
            Terrain::Bridge => {
                painter.rect_filled(
                    egui::Rect::from_center_size(centre, egui::vec2(size * 0.5, size * 1.2)),
                    1.0,
                    egui::Color32::from_rgb(140, 96, 52),
                );
            }
            _ => {}
        }
        let side = [0, 1]
            .into_iter()
            .find(|&s| scenario.side(s).first_row == at.row());
        if let Some(side) = side {
            let colour = if side == 0 {
                egui::Color32::BLACK
            } else {
                egui::Color32::WHITE
            };
            let mut ring = corners(at, 0.8);
            ring.push(ring[0]);
            painter.add(egui::Shape::line(ring, egui::Stroke::new(1.5, colour)));
        }
        if scenario.arrows.contains(&at) {
            painter.circle_filled(centre, size * 0.3, egui::Color32::from_rgb(250, 200, 64));
        }
    }
}
