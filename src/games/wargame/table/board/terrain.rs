//! The board itself, drawn once a battle (or a seat) takes the screen: the
//! felt under it, each hex in its terrain's colour with the terrain's
//! symbol, the scenario's forts and arrow hexes.

use bevy::prelude::*;

use super::brush::{Brush, Kit, Shape, ring};
use super::layout::BoardLayout;
use super::look;
use crate::games::wargame::engine::data::Terrain;
use crate::games::wargame::engine::scenario::Goal;
use crate::games::wargame::engine::state::Wargame;
use crate::session::Shown;
use crate::ui::table::TableEntity;
use crate::ui::theme::TableFont;

pub(super) fn spawn_board(
    mut commands: Commands,
    shown: Res<Shown<Wargame>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut kit: ResMut<Kit>,
    font: Option<Res<TableFont>>,
) {
    let game = shown.view.battlefield();
    let board = BoardLayout::new(game, shown.seat);
    let mut brush = Brush {
        commands: &mut commands,
        kit: &mut kit,
        materials: &mut materials,
        parent: None,
    };
    let r = board.size;
    // The map's wooden frame, tight around the hexes and the edge's labels.
    let room = board.room();
    for (grow, colour, z) in [(0.12, look::FRAME_EDGE, 0.0), (0.0, look::FRAME, 0.1)] {
        brush.paint(
            Shape::Square,
            colour,
            room.center(),
            z,
            room.size() + Vec2::splat(grow * r),
            0.0,
            (),
        );
    }
    for (text, at) in board.edge_labels() {
        commands.spawn((
            TableEntity,
            Text2d::new(text),
            TableFont::at(font.as_deref(), (r * 0.36).round()),
            TextColor(look::EDGE_LABEL),
            Transform::from_translation(at.extend(0.2)),
        ));
    }
    let mut brush = Brush {
        commands: &mut commands,
        kit: &mut kit,
        materials: &mut materials,
        parent: None,
    };
    let forts_count = [0, 1]
        .iter()
        .any(|&s| matches!(game.scenario.side(s).goal, Goal::Forts(_)));
    for at in game.map.coords() {
        let p = board.world(at);
        let terrain = game.map.at(at);
        brush.paint(
            Shape::Hex,
            Color::srgb(0.18, 0.16, 0.12),
            p,
            0.3,
            Vec2::splat(r),
            0.0,
            (),
        );
        // Painted, not flat: the light falls from the top left, so each
        // hex has a lighter rim there and a darker one at the bottom right.
        for (shade, offset, scale, z) in [
            (0.90, Vec2::ZERO, 0.94, 0.38),
            (1.08, Vec2::new(-0.035, 0.035), 0.90, 0.39),
            (1.0, Vec2::ZERO, 0.84, 0.4),
        ] {
            brush.paint(
                Shape::Hex,
                look::terrain_shade(terrain, shade),
                p + offset * r,
                z,
                Vec2::splat(r * scale),
                0.0,
                (),
            );
        }
        terrain_symbol(&mut brush, terrain, p, r);
        if forts_count && terrain == Terrain::Fort {
            ring(&mut brush, p, r * 0.86, look::OBJECTIVE, 0.45, ());
        }
        if game.scenario.arrows.contains(&at) {
            ring(&mut brush, p, r * 0.8, look::ARROW, 0.45, ());
            brush.paint(
                Shape::Triangle,
                look::ARROW,
                p + Vec2::new(0.0, r * 0.5),
                0.5,
                Vec2::new(r * 0.3, r * 0.22),
                0.0,
                (),
            );
        }
    }
    // No coordinates printed on the hexes (clutter to a newcomer): the
    // edge names rows and columns, and the log, the panels and the hover
    // name a hex so, "C7".
    commands.insert_resource(board);
}

pub(super) fn terrain_symbol(brush: &mut Brush, terrain: Terrain, p: Vec2, r: f32) {
    let z = 0.42;
    match terrain {
        Terrain::Plain => {}
        Terrain::Forest => {
            for (dx, dy) in [(-0.3, 0.1), (0.3, 0.1), (0.0, 0.4), (0.0, -0.25)] {
                let at = p + Vec2::new(dx, dy) * r;
                brush.paint(
                    Shape::Circle,
                    Color::srgb(0.14, 0.36, 0.14),
                    at,
                    z,
                    Vec2::splat(r * 0.2),
                    0.0,
                    (),
                );
                brush.paint(
                    Shape::Square,
                    Color::srgb(0.30, 0.20, 0.10),
                    at - Vec2::new(0.0, r * 0.22),
                    z - 0.01,
                    Vec2::new(r * 0.05, r * 0.14),
                    0.0,
                    (),
                );
            }
        }
        Terrain::Hill => {
            for (dx, dy, w) in [(-0.15, 0.0, 0.9), (0.25, 0.25, 0.6)] {
                brush.paint(
                    Shape::Triangle,
                    Color::srgb(0.52, 0.36, 0.18),
                    p + Vec2::new(dx, dy) * r,
                    z,
                    Vec2::new(r * w, r * 0.4),
                    0.0,
                    (),
                );
            }
        }
        Terrain::Mountains => {
            for (dx, w) in [(-0.25, 0.7), (0.25, 0.8)] {
                let at = p + Vec2::new(dx * r, 0.0);
                brush.paint(
                    Shape::Triangle,
                    Color::srgb(0.32, 0.30, 0.30),
                    at,
                    z,
                    Vec2::new(r * w, r * 0.9),
                    0.0,
                    (),
                );
                brush.paint(
                    Shape::Triangle,
                    Color::srgb(0.95, 0.95, 0.97),
                    at + Vec2::new(0.0, r * 0.3),
                    z + 0.01,
                    Vec2::new(r * w * 0.33, r * 0.3),
                    0.0,
                    (),
                );
            }
        }
        Terrain::Swamp => {
            for (dx, dy) in [
                (-0.3, 0.25),
                (0.25, 0.3),
                (-0.1, -0.05),
                (0.3, -0.25),
                (-0.35, -0.35),
            ] {
                brush.paint(
                    Shape::Square,
                    Color::srgb(0.20, 0.32, 0.26),
                    p + Vec2::new(dx, dy) * r,
                    z,
                    Vec2::new(r * 0.3, r * 0.05),
                    0.0,
                    (),
                );
                brush.paint(
                    Shape::Square,
                    Color::srgb(0.24, 0.40, 0.20),
                    p + Vec2::new(dx, dy + 0.08) * r,
                    z,
                    Vec2::new(r * 0.04, r * 0.16),
                    0.0,
                    (),
                );
            }
        }
        Terrain::Stream => {
            for dy in [-0.2, 0.2] {
                brush.paint(
                    Shape::Square,
                    Color::srgb(0.85, 0.93, 1.0),
                    p + Vec2::new(0.0, dy * r),
                    z,
                    Vec2::new(r * 1.1, r * 0.05),
                    0.15,
                    (),
                );
            }
        }
        Terrain::River => {
            for dy in [-0.35, 0.0, 0.35] {
                brush.paint(
                    Shape::Square,
                    Color::srgb(0.30, 0.55, 0.85),
                    p + Vec2::new(0.0, dy * r),
                    z,
                    Vec2::new(r * 1.1, r * 0.06),
                    -0.15,
                    (),
                );
            }
        }
        Terrain::Bridge => {
            brush.paint(
                Shape::Square,
                Color::srgb(0.55, 0.38, 0.20),
                p,
                z,
                Vec2::new(r * 0.55, r * 1.5),
                0.0,
                (),
            );
            for dy in [-0.45, -0.15, 0.15, 0.45] {
                brush.paint(
                    Shape::Square,
                    Color::srgb(0.38, 0.25, 0.12),
                    p + Vec2::new(0.0, dy * r),
                    z + 0.01,
                    Vec2::new(r * 0.55, r * 0.04),
                    0.0,
                    (),
                );
            }
        }
        Terrain::Fort => {
            let wall = Color::srgb(0.35, 0.33, 0.30);
            for (dx, dy, w, h) in [
                (0.0, 0.45, 1.0, 0.1),
                (0.0, -0.45, 1.0, 0.1),
                (0.45, 0.0, 0.1, 1.0),
                (-0.45, 0.0, 0.1, 1.0),
            ] {
                brush.paint(
                    Shape::Square,
                    wall,
                    p + Vec2::new(dx, dy) * r,
                    z,
                    Vec2::new(w, h) * r,
                    0.0,
                    (),
                );
            }
            for (dx, dy) in [(-0.45, -0.45), (0.45, -0.45), (-0.45, 0.45), (0.45, 0.45)] {
                brush.paint(
                    Shape::Square,
                    wall,
                    p + Vec2::new(dx, dy) * r,
                    z + 0.01,
                    Vec2::splat(r * 0.2),
                    0.0,
                    (),
                );
            }
        }
        Terrain::Bunker => {
            brush.paint(
                Shape::Square,
                Color::srgb(0.45, 0.46, 0.42),
                p,
                z,
                Vec2::new(r * 0.9, r * 0.55),
                0.0,
                (),
            );
            brush.paint(
                Shape::Square,
                Color::srgb(0.12, 0.12, 0.12),
                p + Vec2::new(0.0, r * 0.1),
                z + 0.01,
                Vec2::new(r * 0.6, r * 0.08),
                0.0,
                (),
            );
        }
    }
}
