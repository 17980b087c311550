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
    let size = width / ((map.columns as f32 + 0.5) * 3f32.sqrt());
    let height = size * (1.5 * map.rows as f32 + 0.5);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
    let sheet = Sheet::new(rect, size);
    let cells: Vec<(Coord, Terrain)> = map.coords().map(|at| (at, map.at(at))).collect();
    sheet.paint(&ui.painter_at(rect), scenario, &cells);
}

/// A map laid out in a rectangle: where each hex is drawn, and which hex
/// is under a point (the editor paints on it).
#[derive(Debug, Clone)]
pub struct Sheet {
    layout: HexLayout,
    /// The centre of hex (0, 0), on screen.
    origin: egui::Pos2,
    pub size: f32,
}

impl Sheet {
    /// Hexes of `size` points, hex (0, 0) at the rectangle's bottom left.
    pub fn new(rect: egui::Rect, size: f32) -> Sheet {
        Sheet {
            layout: HexLayout::pointy().with_hex_size(size),
            origin: egui::pos2(rect.left() + size * 3f32.sqrt() / 2.0, rect.bottom() - size),
            size,
        }
    }

    /// The largest hexes that fit `columns` by `rows` in `rect`, and the
    /// rectangle they take, centred in it.
    pub fn fit(rect: egui::Rect, columns: i32, rows: i32) -> (Sheet, egui::Rect) {
        let across = (columns.max(1) as f32 + 0.5) * 3f32.sqrt();
        let down = 1.5 * rows.max(1) as f32 + 0.5;
        let size = (rect.width() / across).min(rect.height() / down);
        let used = egui::Rect::from_center_size(rect.center(), egui::vec2(size * across, size * down));
        (Sheet::new(used, size), used)
    }

    pub fn centre(&self, at: Coord) -> egui::Pos2 {
        let p = self.layout.hex_to_world_pos(at.hex());
        self.origin + egui::vec2(p.x, -p.y)
    }

    /// The hex under a point on screen.
    pub fn hex_at(&self, point: egui::Pos2) -> Coord {
        let d = point - self.origin;
        Coord::from_hex(self.layout.world_pos_to_hex(hexx::Vec2::new(d.x, -d.y)))
    }

    /// A hex's corners, shrunk toward its centre by `shrink`.
    pub fn corners(&self, at: Coord, shrink: f32) -> Vec<egui::Pos2> {
        let centre = self.centre(at);
        self.layout
            .center_aligned_hex_corners()
            .iter()
            .map(|c| centre + egui::vec2(c.x, -c.y) * shrink)
            .collect()
    }

    /// A ring around a hex.
    pub fn ring(&self, painter: &egui::Painter, at: Coord, shrink: f32, stroke: egui::Stroke) {
        let mut ring = self.corners(at, shrink);
        ring.push(ring[0]);
        painter.add(egui::Shape::line(ring, stroke));
    }

    /// The hexes' terrain, forts, bridges, arrow hexes, and each side's
    /// first row edged in its colour.
    pub fn paint(&self, painter: &egui::Painter, scenario: &Scenario, cells: &[(Coord, Terrain)]) {
        let size = self.size;
        for &(at, terrain) in cells {
            painter.add(egui::Shape::convex_polygon(
                self.corners(at, 0.95),
                terrain_egui(terrain),
                egui::Stroke::NONE,
            ));
            let centre = self.centre(at);
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
                self.ring(painter, at, 0.8, egui::Stroke::new(1.5, colour));
            }
            if scenario.arrows.contains(&at) {
                painter.circle_filled(centre, size * 0.3, egui::Color32::from_rgb(250, 200, 64));
            }
        }
    }
}
