//! The board itself, drawn once a battle (or a seat) takes the screen: the
//! map's wooden frame with the edge's names, each hex painted with its
//! terrain (painted.rs), the scenario's forts and arrow hexes.

use bevy::prelude::*;

use super::brush::{Brush, Kit, Shape, ring};
use super::layout::BoardLayout;
use super::look;
use super::painted;
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
    mut images: ResMut<Assets<Image>>,
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
    // The map's wooden frame, tight around the hexes and the edge's labels,
    // and its darker outer edge: strips around what they frame, not whole
    // boards under it (a software renderer pays for every pixel drawn,
    // hidden or not, four times over with multisampling).
    let room = board.room();
    for (outer, inner, colour, z) in [
        (room.inflate(0.06 * r), room, look::FRAME_EDGE, 0.0),
        (room, board.centres(), look::FRAME, 0.1),
    ] {
        for strip in strips(outer, inner) {
            brush.paint(Shape::Square, colour, strip.center(), z, strip.size(), 0.0, ());
        }
    }
    for (text, at) in board.edge_labels() {
        commands.spawn((
            TableEntity,
            Text2d::new(text),
            TableFont::display(font.as_deref(), (r * 0.34).round()),
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
        let variant = painted::variant_at(at.col(), at.row());
        brush.paint_terrain(&mut images, terrain, variant, p, 0.4, r);
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

/// `outer` less `inner` (which lies within it), as four rectangles: above,
/// below, left and right.
fn strips(outer: Rect, inner: Rect) -> [Rect; 4] {
    [
        Rect::new(outer.min.x, inner.max.y, outer.max.x, outer.max.y),
        Rect::new(outer.min.x, outer.min.y, outer.max.x, inner.min.y),
        Rect::new(outer.min.x, inner.min.y, inner.min.x, inner.max.y),
        Rect::new(inner.max.x, inner.min.y, outer.max.x, inner.max.y),
    ]
}
