//! What changes during play, drawn again whenever it changes: the wooden
//! blocks (your own with class and size, the enemy's with their type until
//! revealed), the tokens, and the marks on the hexes an activation may
//! reach.

use std::f32::consts::{FRAC_PI_2, FRAC_PI_4};

use bevy::prelude::*;

use super::block_face::{FaceShape, face};
use super::brush::{Brush, Kit, Piece, Shape, ring};
use super::choices::{Mark, Offered, Selection};
use super::layout::BoardLayout;
use super::look;
use crate::games::wargame::battle::draft::Draft;
use crate::games::wargame::battle::tutorial::Tutorial;
use crate::games::wargame::engine::board::Coord;
use crate::games::wargame::engine::data::{Emblem, Rulebook, UnitCard, UnitType};
use crate::games::wargame::engine::state::{Phase, Wargame};
use crate::games::wargame::engine::view::View;
use crate::rules::Seat;
use crate::session::Shown;

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

/// A block as the viewer sees it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Block {
    owner: Seat,
    kind: UnitType,
    /// The class's emblem, size and full size, when the viewer knows them.
    known: Option<Known>,
    /// Moving this turn, picked up, or spent.
    state: BlockState,
    crippled: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Known {
    emblem: Emblem,
    size: u8,
    full: u8,
}

impl Known {
    fn of(card: &UnitCard, size: u8) -> Known {
        Known {
            emblem: card.emblem,
            size,
            full: card.size,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum BlockState {
    Ready,
    Active,
    Spent,
}

pub(super) fn blocks_seen(game: &Wargame, view: &View, draft: &Draft, viewer: Seat) -> Vec<(Coord, Block)> {
    let book = Rulebook::get();
    let active: Vec<usize> = view
        .activation
        .as_ref()
        .map(|a| a.units.clone())
        .unwrap_or_default();
    let mut out: Vec<(Coord, Block)> = Vec::new();
    if game.phase == Phase::Over {
        for u in game.alive() {
            let card = u.card();
            out.push((
                u.at.expect("alive"),
                Block {
                    owner: u.owner,
                    kind: u.kind,
                    known: Some(Known::of(card, u.size)),
                    state: BlockState::Ready,
                    crippled: u.crippled,
                },
            ));
        }
        return out;
    }
    for u in &view.units {
        let known = u
            .class
            .as_deref()
            .and_then(|c| book.unit(c))
            .zip(u.size)
            .map(|(card, size)| Known::of(card, size));
        let state = if active.contains(&u.id) {
            BlockState::Active
        } else if view.active == u.owner && view.used.activated.contains(&u.id) {
            BlockState::Spent
        } else {
            BlockState::Ready
        };
        out.push((
            u.at,
            Block {
                owner: u.owner,
                kind: u.kind,
                known,
                state,
                crippled: u.crippled,
            },
        ));
    }
    if game.phase == Phase::Building && draft.seat == Some(viewer) {
        for (i, p) in draft.army.iter().enumerate() {
            let Some(card) = book.unit(&p.class) else { continue };
            out.push((
                p.at,
                Block {
                    owner: viewer,
                    kind: card.kind,
                    known: Some(Known::of(card, card.size)),
                    state: if draft.moving == Some(i) {
                        BlockState::Active
                    } else {
                        BlockState::Ready
                    },
                    crippled: false,
                },
            ));
        }
    }
    out
}

pub(super) fn draw_pieces(
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
    ];
    if !changed.contains(&true) {
        return;
    }
    *pointed = point;
    let viewer = shown.seat;
    let game = shown.view.battlefield();
    let hidden = shown.curtain.is_some();
    let blocks = if hidden {
        Vec::new()
    } else {
        blocks_seen(game, &shown.view, &draft, viewer)
    };
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
    for h in &shown.view.hexes {
        draw_tokens(&mut brush, board.world(h.at), r, &h.tokens, h.markers);
    }
    let mut by_hex: Vec<(Coord, Vec<&Block>)> = Vec::new();
    for (at, block) in &blocks {
        match by_hex.iter_mut().find(|(h, _)| h == at) {
            Some((_, list)) => list.push(block),
            None => by_hex.push((*at, vec![block])),
        }
    }
    for (at, list) in by_hex {
        let n = list.len();
        let side = match n {
            1 => r,
            2 => r * 0.7,
            _ => r * 0.52,
        };
        for (i, block) in list.into_iter().enumerate() {
            let dx = (i as f32 - (n as f32 - 1.0) / 2.0) * side * 1.08;
            let dy = if n == 3 && i == 1 { side * 0.45 } else { 0.0 };
            draw_block(&mut brush, board.world(at) + Vec2::new(dx, dy), side, block);
        }
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

pub(super) fn draw_block(brush: &mut Brush, p: Vec2, side: f32, block: &Block) {
    let ink = look::ink_colour(block.owner);
    let edge = if block.owner == 0 {
        Color::srgb(0.30, 0.24, 0.18)
    } else {
        Color::srgb(0.72, 0.64, 0.50)
    };
    brush.paint(
        Shape::Square,
        Color::srgba(0.0, 0.0, 0.0, 0.35),
        p + Vec2::new(side * 0.08, -side * 0.08),
        1.9,
        Vec2::splat(side),
        0.0,
        Piece,
    );
    if block.state == BlockState::Active {
        brush.paint(
            Shape::Square,
            look::OBJECTIVE,
            p,
            1.95,
            Vec2::splat(side * 1.16),
            0.0,
            Piece,
        );
    }
    brush.paint(Shape::Square, edge, p, 2.0, Vec2::splat(side), 0.0, Piece);
    brush.paint(
        Shape::Square,
        look::block_colour(block.owner),
        p,
        2.01,
        Vec2::splat(side * 0.88),
        0.0,
        Piece,
    );
    // The face: the type symbol, and the class's emblem when it is known.
    for (i, m) in face(block.kind, block.known.map(|k| k.emblem)).iter().enumerate() {
        let colour = if m.hollow {
            look::block_colour(block.owner)
        } else {
            ink
        };
        let shape = match m.shape {
            FaceShape::Square => Shape::Square,
            FaceShape::Circle => Shape::Circle,
            FaceShape::Triangle => Shape::Triangle,
        };
        brush.paint(
            shape,
            colour,
            p + m.at * side,
            2.02 + i as f32 * 0.001,
            m.size * side,
            m.angle,
            Piece,
        );
    }
    if let Some(Known { size, full, .. }) = block.known {
        // Size dots on the edge that faces the owner: the block turns a
        // quarter for every step it has lost.
        let lost = full.saturating_sub(size);
        let angle = -FRAC_PI_2 * f32::from(lost);
        for i in 0..size {
            // Large enough to count at a glance: up to four across the edge.
            let along = (f32::from(i) - (f32::from(size) - 1.0) / 2.0) * side * 0.22;
            let local = Vec2::new(along, -side * 0.35);
            let at = p + Vec2::from_angle(angle).rotate(local);
            brush.paint(
                Shape::Circle,
                ink,
                at,
                2.03,
                Vec2::splat(side * 0.085),
                0.0,
                Piece,
            );
        }
    }
    if block.state == BlockState::Spent {
        brush.paint(
            Shape::Square,
            Color::srgba(0.3, 0.3, 0.3, 0.45),
            p,
            2.05,
            Vec2::splat(side * 0.88),
            0.0,
            Piece,
        );
    }
    if block.crippled {
        brush.paint(
            Shape::Square,
            Color::srgb(0.85, 0.15, 0.1),
            p,
            2.06,
            Vec2::new(side, side * 0.08),
            0.8,
            Piece,
        );
    }
}
