//! A small picture of each game, drawn from its own table for the game
//! list: tiles on felt, bidding's lamps and cards, betting's tiles over
//! their chip stacks, the wargame's painted hexes with a block of each side.
//! Painted with egui's shapes in the tables' colours, so that the list
//! shows what each game looks like before it is chosen.

use bevy_egui::egui::{self, Color32, CornerRadius, Pos2, Rect, Stroke, StrokeKind, Vec2, pos2, vec2};

use crate::ids::GameId;

/// The picture's size in points.
pub const SIZE: Vec2 = vec2(168.0, 96.0);

const FELT: Color32 = Color32::from_rgb(28, 77, 51);
const FELT_RIM: Color32 = Color32::from_rgb(43, 102, 71);
const EBONY: Color32 = Color32::from_rgb(20, 20, 23);
const MAPLE: Color32 = Color32::from_rgb(242, 237, 219);
const EBONY_EDGE: Color32 = Color32::from_rgb(77, 61, 46);
const MAPLE_EDGE: Color32 = Color32::from_rgb(184, 163, 128);
const BRASS: Color32 = Color32::from_rgb(250, 199, 64);
const SHADOW: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 90);

/// The four games' pictures in rows of as many as the width holds, each
/// row centred in a centred layout: the title screen's table of games.
pub fn rows(ui: &mut egui::Ui) {
    let gap = 14.0;
    let per_row = (((ui.available_width() + gap) / (SIZE.x + gap)).floor() as usize).clamp(1, 4);
    for games in GameId::ALL.chunks(per_row) {
        let width = games.len() as f32 * (SIZE.x + gap) - gap;
        ui.allocate_ui_with_layout(
            vec2(width, SIZE.y),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.spacing_mut().item_spacing.x = gap;
                for &game in games {
                    show(ui, game);
                }
            },
        );
        ui.add_space(gap);
    }
}

/// Allocates the picture of `game` in `ui` and paints it.
pub fn show(ui: &mut egui::Ui, game: GameId) {
    let (rect, _) = ui.allocate_exact_size(SIZE, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 6.0, FELT_RIM);
    painter.rect_filled(rect.shrink(3.0), 4.0, FELT);
    let at = |x: f32, y: f32| rect.min + vec2(x, y);
    match game {
        GameId::Tiles => {
            for (i, n) in [1u8, 4, 6, 7, 8].into_iter().enumerate() {
                tile(&painter, at(22.0 + 31.0 * i as f32, 70.0), Some(n));
            }
            tile(&painter, at(84.0, 28.0), None);
        }
        GameId::Bidding => {
            for i in 0..5 {
                let centre = at(34.0 + 25.0 * i as f32, 20.0);
                painter.circle_filled(centre, 9.0, Color32::from_rgb(158, 120, 46));
                let lit = i < 3;
                if lit {
                    painter.circle_filled(centre, 12.0, BRASS.gamma_multiply(0.25));
                }
                let glass = if lit { BRASS } else { Color32::from_rgb(41, 36, 28) };
                painter.circle_filled(centre, 7.0, glass);
            }
            card(&painter, at(66.0, 62.0), EBONY, None);
            card(&painter, at(102.0, 62.0), MAPLE, Some("23"));
        }
        GameId::Betting => {
            for (i, (n, chips)) in [(3u8, 6), (8, 2), (5, 9)].into_iter().enumerate() {
                let x = 40.0 + 44.0 * i as f32;
                tile(&painter, at(x, 30.0), Some(n));
                stack(&painter, at(x, 88.0), chips);
            }
        }
        GameId::Wargame => {
            let colours = [
                Color32::from_rgb(196, 190, 140),
                Color32::from_rgb(52, 104, 52),
                Color32::from_rgb(176, 132, 72),
                Color32::from_rgb(196, 190, 140),
                Color32::from_rgb(132, 184, 214),
                Color32::from_rgb(52, 104, 52),
            ];
            // Pointy-top hexes in two rows, the second offset by half a hex.
            let radius = 17.0;
            let across = radius * 3.0_f32.sqrt();
            let centre = |i: usize| {
                let (column, row) = ((i % 3) as f32, (i / 3) as f32);
                at(
                    40.0 + column * across + row * across / 2.0,
                    30.0 + row * radius * 1.5,
                )
            };
            for (i, colour) in colours.into_iter().enumerate() {
                hex(&painter, centre(i), radius, colour);
            }
            block(&painter, centre(1), EBONY, EBONY_EDGE);
            block(&painter, centre(5), MAPLE, MAPLE_EDGE);
        }
    }
}

fn shadowed(painter: &egui::Painter, rect: Rect, radius: f32, fill: Color32, edge: Color32) {
    painter.rect_filled(rect.translate(vec2(2.0, 2.0)), radius, SHADOW);
    painter.rect_filled(rect, radius, fill);
    painter.rect_stroke(rect, radius, Stroke::new(1.0, edge), StrokeKind::Inside);
}

/// A tile with its number, or face down in black with its border.
fn tile(painter: &egui::Painter, centre: Pos2, number: Option<u8>) {
    let rect = Rect::from_center_size(centre, vec2(24.0, 34.0));
    let black = number.is_none_or(|n| n % 2 == 0);
    let (fill, ink, edge) = if black {
        (EBONY, MAPLE, EBONY_EDGE)
    } else {
        (MAPLE, EBONY, MAPLE_EDGE)
    };
    shadowed(painter, rect, 3.0, fill, edge);
    match number {
        Some(n) => {
            painter.text(
                centre,
                egui::Align2::CENTER_CENTER,
                n.to_string(),
                egui::FontId::proportional(18.0),
                ink,
            );
        }
        None => {
            painter.rect_stroke(
                rect.shrink(4.0),
                CornerRadius::same(2),
                Stroke::new(1.0, Color32::from_gray(90)),
                StrokeKind::Inside,
            );
        }
    }
}

/// A bidding card: its face with a bid, or its back with the brass lattice.
fn card(painter: &egui::Painter, centre: Pos2, fill: Color32, bid: Option<&str>) {
    let rect = Rect::from_center_size(centre, vec2(28.0, 40.0));
    shadowed(painter, rect, 3.0, fill, Color32::from_gray(60));
    match bid {
        Some(bid) => {
            painter.text(
                centre,
                egui::Align2::CENTER_CENTER,
                bid,
                egui::FontId::proportional(17.0),
                EBONY,
            );
        }
        None => {
            let inner = rect.shrink(4.0);
            let stroke = Stroke::new(1.0, BRASS.gamma_multiply(0.8));
            painter.rect_stroke(inner, CornerRadius::same(2), stroke, StrokeKind::Inside);
            for k in 1..5 {
                let y = inner.top() + inner.height() * k as f32 / 5.0;
                painter.line_segment([pos2(inner.left(), y), pos2(inner.right(), y - 8.0)], stroke);
            }
        }
    }
}

/// A stack of `count` chips, its base at `base`, each with its stripes.
fn stack(painter: &egui::Painter, base: Pos2, count: u8) {
    for k in 0..count {
        let y = base.y - 6.0 - 3.0 * f32::from(k);
        let rect = Rect::from_center_size(pos2(base.x, y), vec2(24.0, 5.0));
        painter.rect_filled(rect, 2.0, Color32::from_rgb(133, 31, 28));
        for dx in [-7.0, 0.0, 7.0] {
            painter.rect_filled(
                Rect::from_center_size(pos2(base.x + dx, y + 1.0), vec2(2.0, 2.0)),
                0.0,
                MAPLE,
            );
        }
        painter.rect_filled(
            Rect::from_center_size(pos2(base.x, y - 1.5), vec2(24.0, 2.0)),
            1.0,
            Color32::from_rgb(204, 56, 51),
        );
    }
}

/// A hex of the painted map, pointy side up.
fn hex(painter: &egui::Painter, centre: Pos2, radius: f32, fill: Color32) {
    let points = (0..6)
        .map(|k| {
            let angle = std::f32::consts::FRAC_PI_3 * k as f32 + std::f32::consts::FRAC_PI_6;
            centre + radius * vec2(angle.cos(), angle.sin())
        })
        .collect();
    painter.add(egui::Shape::convex_polygon(
        points,
        fill,
        Stroke::new(1.0, Color32::from_black_alpha(60)),
    ));
}

/// A wooden block with its edge and a paper sticker.
fn block(painter: &egui::Painter, centre: Pos2, fill: Color32, edge: Color32) {
    let rect = Rect::from_center_size(centre, vec2(24.0, 24.0));
    painter.rect_filled(rect.translate(vec2(2.0, 2.0)), 2.0, SHADOW);
    painter.rect_filled(rect.translate(vec2(1.5, 1.5)), 2.0, edge);
    painter.rect_filled(rect, 2.0, fill);
    let sticker = rect.shrink(4.0);
    painter.rect_filled(sticker, 1.0, Color32::from_rgb(237, 227, 207));
    let ink = Color32::from_rgb(42, 33, 24);
    painter.line_segment(
        [sticker.left_bottom(), sticker.right_top()],
        Stroke::new(1.5, ink),
    );
    painter.line_segment(
        [sticker.left_top(), sticker.right_bottom()],
        Stroke::new(1.5, ink),
    );
}
