//! The board's geometry on the table: where its centre lies, the room it
//! may take, and the hex under a point (laid out with hexx, turned so that
//! the viewer's first row is at the bottom).

use bevy::prelude::*;
use hexx::HexLayout;

use crate::games::wargame::engine::board::Coord;
use crate::games::wargame::engine::state::Wargame;
use crate::rules::Seat;

/// Where the board's centre lies on the table: between the side panel on
/// the left and the log on the right.
pub const BOARD_CENTER: Vec2 = Vec2::new(15.0, 17.0);
/// The room the board may take.
pub const BOARD_ROOM: Vec2 = Vec2::new(600.0, 560.0);

/// The board's geometry for the battle on the table.
#[derive(Resource, Debug, Clone)]
pub struct BoardLayout {
    pub layout: HexLayout,
    pub size: f32,
    /// Turned half round: white's first row at the bottom.
    pub flipped: bool,
    pub columns: i32,
    pub rows: i32,
}

impl BoardLayout {
    pub fn new(game: &Wargame, viewer: Seat) -> BoardLayout {
        let (columns, rows) = (game.map.columns, game.map.rows);
        let width = 3f32.sqrt() * (columns as f32 + 0.5);
        let height = 1.5 * rows as f32 + 0.5;
        let size = (BOARD_ROOM.x / width).min(BOARD_ROOM.y / height);
        let flipped = game.scenario.side(viewer).first_row > 0;
        let mut layout = HexLayout::pointy().with_hex_size(size);
        if flipped {
            layout.invert_x();
            layout.invert_y();
        }
        let corners = [
            Coord(0, 0),
            Coord(columns - 1, rows - 1),
            Coord(0, rows - 1),
            Coord(columns - 1, 0),
        ]
        .map(|c| from_hexx(layout.hex_to_world_pos(c.hex())));
        let low = corners.iter().fold(Vec2::MAX, |a, b| a.min(*b));
        let high = corners.iter().fold(Vec2::MIN, |a, b| a.max(*b));
        layout.origin = to_hexx(BOARD_CENTER - (low + high) / 2.0);
        BoardLayout {
            layout,
            size,
            flipped,
            columns,
            rows,
        }
    }

    pub fn world(&self, at: Coord) -> Vec2 {
        from_hexx(self.layout.hex_to_world_pos(at.hex()))
    }

    /// The board hex under a point of the table, if any.
    pub fn coord(&self, point: Vec2) -> Option<Coord> {
        let at = Coord::from_hex(self.layout.world_pos_to_hex(to_hexx(point)));
        (at.col() >= 0 && at.row() >= 0 && at.col() < self.columns && at.row() < self.rows).then_some(at)
    }
}

// hexx 0.25 is built on an older glam than Bevy 0.20: points cross between
// the two as plain coordinates.
pub(super) fn from_hexx(point: hexx::Vec2) -> Vec2 {
    Vec2::from_array(point.to_array())
}

pub(super) fn to_hexx(point: Vec2) -> hexx::Vec2 {
    hexx::Vec2::from_array(point.to_array())
}
