//! What is printed on a block's face, as shapes in fractions of its side
//! (y up, the centre at 0): the type symbol the enemy sees (a cross for
//! infantry, a bar for cavalry, a ball for artillery) and, where the
//! viewer knows the class, its emblem above it. The board draws the shapes
//! as meshes and the panels paint them with egui, so that the army panel's
//! legend is the block on the board.

use bevy::math::Vec2;
use bevy_egui::egui;

use crate::games::wargame::engine::data::{Emblem, UnitType};

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FaceShape {
    /// `size` is the width and height.
    Square,
    /// `size.x` is the radius.
    Circle,
    /// Pointing up; `size` is the width and height.
    Triangle,
}

/// One shape on the face.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FaceMark {
    pub shape: FaceShape,
    pub at: Vec2,
    pub size: Vec2,
    /// Anticlockwise, in radians.
    pub angle: f32,
    /// Drawn in the block's own colour: the hole in a ring.
    pub hollow: bool,
}

fn mark(shape: FaceShape, at: (f32, f32), size: (f32, f32), angle: f32) -> FaceMark {
    FaceMark {
        shape,
        at: Vec2::new(at.0, at.1),
        size: Vec2::new(size.0, size.1),
        angle,
        hollow: false,
    }
}

/// A sticker's side, as a share of the block's: a rim of wood shows
/// around it, and the marks stand inside it.
pub const STICKER: f32 = 0.72;

/// Where the type symbol stands, and the emblem over it.
const SYMBOL_Y: f32 = 0.0;
const EMBLEM_Y: f32 = 0.25;

/// The shapes on a block of `kind`, with the class's emblem when it is known.
pub fn face(kind: UnitType, emblem: Option<Emblem>) -> Vec<FaceMark> {
    use FaceShape::*;
    let y = SYMBOL_Y;
    let mut marks = match kind {
        UnitType::Infantry => vec![
            mark(Square, (0.0, y), (0.50, 0.08), 0.6),
            mark(Square, (0.0, y), (0.50, 0.08), -0.6),
        ],
        UnitType::Cavalry => vec![mark(Square, (0.0, y), (0.54, 0.09), 0.6)],
        UnitType::Artillery => vec![mark(Circle, (0.0, y), (0.14, 0.14), 0.0)],
    };
    let e = EMBLEM_Y;
    marks.extend(match emblem.unwrap_or(Emblem::Plain) {
        Emblem::Plain => vec![],
        Emblem::Dot => vec![mark(Circle, (0.0, e), (0.08, 0.08), 0.0)],
        Emblem::Pair => vec![
            mark(Circle, (-0.11, e), (0.07, 0.07), 0.0),
            mark(Circle, (0.11, e), (0.07, 0.07), 0.0),
        ],
        Emblem::Ring => vec![
            mark(Circle, (0.0, e), (0.10, 0.10), 0.0),
            FaceMark {
                hollow: true,
                ..mark(Circle, (0.0, e), (0.055, 0.055), 0.0)
            },
        ],
        Emblem::Bar => vec![mark(Square, (0.0, e), (0.40, 0.09), 0.0)],
        Emblem::Spike => vec![mark(Triangle, (0.0, e), (0.22, 0.20), 0.0)],
        Emblem::Diamond => vec![mark(Square, (0.0, e), (0.15, 0.15), std::f32::consts::FRAC_PI_4)],
        Emblem::Crown => (-1..=1)
            .map(|i| mark(Triangle, (i as f32 * 0.12, e), (0.11, 0.18), 0.0))
            .collect(),
        Emblem::Tower => vec![
            mark(Square, (0.0, e - 0.03), (0.24, 0.11), 0.0),
            mark(Square, (-0.08, e + 0.05), (0.07, 0.07), 0.0),
            mark(Square, (0.08, e + 0.05), (0.07, 0.07), 0.0),
        ],
    });
    marks
}

/// The corners of a square or triangle mark, anticlockwise, in face units.
pub fn corners(m: &FaceMark) -> Vec<Vec2> {
    let local: &[(f32, f32)] = match m.shape {
        FaceShape::Square => &[(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)],
        FaceShape::Triangle => &[(-0.5, -0.5), (0.5, -0.5), (0.0, 0.5)],
        FaceShape::Circle => &[],
    };
    local
        .iter()
        .map(|&(x, y)| m.at + Vec2::from_angle(m.angle).rotate(Vec2::new(x, y) * m.size))
        .collect()
}

/// Paints a block face into `rect` with egui: the block in its side's
/// colour, the type symbol and the emblem.
pub fn paint(painter: &egui::Painter, rect: egui::Rect, seat: usize, kind: UnitType, emblem: Option<Emblem>) {
    use crate::games::wargame::table::board::look;
    painter.rect_filled(rect, 2.0, look::block_egui(seat));
    let side = rect.width().min(rect.height());
    // A known class wears its sticker, as on the board.
    let (ground, ink) = if emblem.is_some() {
        let paper = look::to_egui(look::sticker(seat));
        let sticker =
            |grow: f32| egui::Rect::from_center_size(rect.center(), egui::Vec2::splat(side * STICKER + grow));
        painter.rect_filled(sticker(2.0), 1.0, look::to_egui(look::STICKER_EDGE));
        painter.rect_filled(sticker(0.0), 1.0, paper);
        (paper, look::to_egui(look::STICKER_INK))
    } else {
        (look::block_egui(seat), look::ink_egui(seat))
    };
    // Face units to screen points: egui's y grows downwards.
    let to_screen = |p: Vec2| rect.center() + egui::vec2(p.x * side, -p.y * side);
    for m in face(kind, emblem) {
        let colour = if m.hollow { ground } else { ink };
        match m.shape {
            FaceShape::Circle => {
                painter.circle_filled(to_screen(m.at), m.size.x * side, colour);
            }
            _ => {
                let points = corners(&m).into_iter().map(to_screen).collect();
                painter.add(egui::Shape::convex_polygon(points, colour, egui::Stroke::NONE));
            }
        }
    }
}

/// A block face as a small picture in a panel's line.
pub fn icon(
    ui: &mut egui::Ui,
    side: f32,
    seat: usize,
    kind: UnitType,
    emblem: Option<Emblem>,
) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    paint(ui.painter(), rect, seat, kind, emblem);
    response
}
