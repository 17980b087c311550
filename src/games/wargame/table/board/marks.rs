//! What lies on the board besides the blocks, drawn again whenever it
//! changes: the tokens, the marks on the hexes an activation may reach,
//! the rings of the cursor, the selection and the tutorial.

use std::f32::consts::FRAC_PI_4;

use bevy::prelude::*;

use super::brush::{Brush, Kit, Piece, Shape, ring};
use super::choices::{Mark, Offered, Selection};
use super::layout::BoardLayout;
use super::look;
use crate::games::wargame::battle::draft::Draft;
use crate::games::wargame::battle::tutorial::Tutorial;
use crate::games::wargame::engine::board::{Coord, named_in};
use crate::games::wargame::engine::state::{Phase, Wargame};
use crate::session::Shown;
use crate::ui::frame::HoveredLogLine;

/// What a highlighted hex offers, by shape as well as colour (not
/// everyone tells green from red): a dot to go there, a cross to attack,
/// a shell to fire at. Drawn above the blocks, at the hex's top.
pub(super) fn mark_symbol(brush: &mut Brush, at: Vec2, r: f32, mark: Mark) {
    let ink = Color::srgb(0.08, 0.08, 0.08);
    match mark {
        Mark::Reach => brush.paint(Shape::Circle, ink, at, 2.2, Vec2::splat(r * 0.09), 0.0, Piece),
        Mark::Target => {
            for angle in [FRAC_PI_4, -FRAC_PI_4] {
                brush.paint(
                    Shape::Square,
                    ink,
                    at,
                    2.2,
                    Vec2::new(r * 0.34, r * 0.08),
                    angle,
                    Piece,
                );
            }
        }
        Mark::FireAt => brush.paint(
            Shape::Triangle,
            ink,
            at,
            2.2,
            Vec2::new(r * 0.2, r * 0.2),
            0.0,
            Piece,
        ),
    }
}

pub(super) fn draw_marks(
    mut commands: Commands,
    shown: Res<Shown<Wargame>>,
    board: Option<Res<BoardLayout>>,
    selection: Res<Selection>,
    offered: Res<Offered>,
    draft: Res<Draft>,
    pieces: Query<Entity, With<Piece>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut kit: ResMut<Kit>,
    tutorial: Option<Res<Tutorial>>,
    mut pointed: Local<Option<Coord>>,
    log_line: Option<Res<HoveredLogLine>>,
) {
    let Some(board) = board else { return };
    // The hex the tutorial's step points at, if any.
    let point = tutorial
        .as_ref()
        .and_then(|t| t.current())
        .and_then(|(_, _, lesson)| lesson.point);
    // Redrawn only when what it shows changed.
    let changed = [
        shown.is_changed(),
        selection.is_changed(),
        offered.is_changed(),
        draft.is_changed(),
        board.is_changed(),
        *pointed != point,
        log_line.as_ref().is_some_and(|line| line.is_changed()),
    ];
    if !changed.contains(&true) {
        return;
    }
    *pointed = point;
    let viewer = shown.seat;
    let game = shown.view.battlefield();
    let hidden = shown.curtain.is_some();
    let marks = if hidden { Vec::new() } else { offered.shown.marks() };
    let building = game.phase == Phase::Building && draft.seat == Some(viewer) && !hidden;
    let building_row = if building {
        Draft::first_row(game, viewer)
    } else {
        Vec::new()
    };
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    let mut brush = Brush {
        commands: &mut commands,
        kit: &mut kit,
        materials: &mut materials,
        parent: None,
    };
    let r = board.size;
    for at in &building_row {
        brush.paint(
            Shape::Hex,
            look::REACH,
            board.world(*at),
            0.9,
            Vec2::splat(r * 0.8),
            0.0,
            Piece,
        );
    }
    for (at, mark) in &marks {
        let colour = match mark {
            Mark::Reach => look::REACH,
            Mark::Target => look::TARGET,
            Mark::FireAt => look::FIRE_AT,
        };
        brush.paint(
            Shape::Hex,
            colour,
            board.world(*at),
            0.9,
            Vec2::splat(r * 0.8),
            0.0,
            Piece,
        );
        mark_symbol(&mut brush, board.world(*at) + Vec2::new(0.0, r * 0.6), r, *mark);
    }
    if let Some(at) = point.filter(|_| !hidden) {
        for radius in [0.98, 0.9] {
            ring(
                &mut brush,
                board.world(at),
                r * radius,
                look::TUTORIAL,
                0.96,
                Piece,
            );
        }
    }
    // The hexes the log line under the pointer names, ringed in brass.
    let named = log_line
        .as_ref()
        .and_then(|line| line.0.as_deref())
        .map(named_in)
        .unwrap_or_default();
    for at in named.into_iter().filter(|&at| game.map.contains(at) && !hidden) {
        for radius in [0.96, 0.88] {
            ring(
                &mut brush,
                board.world(at),
                r * radius,
                look::OBJECTIVE,
                0.96,
                Piece,
            );
        }
    }
    if let Some(at) = selection.cursor.filter(|_| !hidden) {
        for radius in [0.93, 0.86] {
            ring(&mut brush, board.world(at), r * radius, look::CURSOR, 0.97, Piece);
        }
    }
    for (hex, colour) in [
        (selection.hex, look::SELECTED),
        (selection.choosing, look::SELECTED),
        (selection.hover, look::HOVER),
    ] {
        if let Some(at) = hex {
            ring(&mut brush, board.world(at), r * 0.92, colour, 0.95, Piece);
        }
    }
    for h in shown.view.hexes.iter().filter(|_| !hidden) {
        draw_tokens(&mut brush, board.world(h.at), r, &h.tokens, h.markers);
    }
}

pub(super) fn draw_tokens(
    brush: &mut Brush,
    p: Vec2,
    r: f32,
    tokens: &[crate::games::wargame::engine::data::Token],
    markers: [u8; 2],
) {
    use crate::games::wargame::engine::data::Token;
    for token in tokens {
        match token {
            Token::Trench => {
                for i in 0..4 {
                    let x = (i as f32 - 1.5) * r * 0.22;
                    let angle = if i % 2 == 0 { 0.6 } else { -0.6 };
                    brush.paint(
                        Shape::Square,
                        Color::srgb(0.35, 0.22, 0.10),
                        p + Vec2::new(x, -r * 0.5),
                        1.5,
                        Vec2::new(r * 0.26, r * 0.07),
                        angle,
                        Piece,
                    );
                }
            }
            Token::Abatis => {
                for dx in [-0.25, 0.0, 0.25] {
                    for angle in [0.7, -0.7] {
                        brush.paint(
                            Shape::Square,
                            Color::srgb(0.40, 0.26, 0.12),
                            p + Vec2::new(dx * r, r * 0.5),
                            1.5,
                            Vec2::new(r * 0.3, r * 0.05),
                            angle,
                            Piece,
                        );
                    }
                }
            }
            Token::Fire => {
                brush.paint(
                    Shape::Circle,
                    Color::srgba(1.0, 0.45, 0.05, 0.85),
                    p + Vec2::new(-r * 0.5, r * 0.2),
                    1.6,
                    Vec2::splat(r * 0.22),
                    0.0,
                    Piece,
                );
                brush.paint(
                    Shape::Triangle,
                    Color::srgb(1.0, 0.85, 0.2),
                    p + Vec2::new(-r * 0.5, r * 0.22),
                    1.61,
                    Vec2::splat(r * 0.2),
                    0.0,
                    Piece,
                );
            }
            Token::Smoke => {
                for (dx, dy) in [(-0.2, 0.1), (0.2, 0.15), (0.0, -0.15)] {
                    brush.paint(
                        Shape::Circle,
                        Color::srgba(0.85, 0.85, 0.85, 0.55),
                        p + Vec2::new(dx, dy) * r,
                        1.7,
                        Vec2::splat(r * 0.35),
                        0.0,
                        Piece,
                    );
                }
            }
        }
    }
    for (seat, count) in markers.into_iter().enumerate() {
        for i in 0..count {
            let at = p + Vec2::new(r * (0.45 - 0.14 * i as f32), r * (0.62 - 0.2 * seat as f32));
            brush.paint(
                Shape::Circle,
                Color::srgb(0.8, 0.1, 0.1),
                at,
                1.55,
                Vec2::splat(r * 0.09),
                0.0,
                Piece,
            );
            brush.paint(
                Shape::Circle,
                look::block_colour(seat),
                at,
                1.56,
                Vec2::splat(r * 0.05),
                0.0,
                Piece,
            );
        }
    }
}
