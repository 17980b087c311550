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
/// Room left of the hexes for the rows' numbers and under them for the
/// columns' letters, in hex sizes (a hex's centre to a corner).
const LABEL_MARGIN: Vec2 = Vec2::new(0.5, 0.42);
/// The frame's width above and right of the hexes, in hex sizes.
const FRAME_MARGIN: f32 = 0.1;

/// Whether the battle's side panel is open; P or its button folds it to
/// the window's edge, giving the board its width.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SidePanelOpen(pub bool);

impl Default for SidePanelOpen {
    fn default() -> Self {
        SidePanelOpen(true)
    }
}

/// Whether the battle's actions stand at the top of the side panel (a wide
/// window, `window` in egui points, with the panel open) rather than in a
/// bar under the board, where they would take the board's height.
pub fn actions_beside(window: bevy_egui::egui::Vec2, open: SidePanelOpen) -> bool {
    open.0 && !crate::ui::narrow(window)
}

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

    /// The board with its frame and its edges' labels: what the camera
    /// fits into the window. Tight, so that the hexes get every pixel.
    /// The hexes' centres' extent: the hexes cover all of it.
    pub fn centres(&self) -> Rect {
        let mut low = Vec2::MAX;
        let mut high = Vec2::MIN;
        for row in 0..self.rows {
            for col in 0..self.columns {
                let at = self.world(Coord(col, row));
                low = low.min(at);
                high = high.max(at);
            }
        }
        Rect::from_corners(low, high)
    }

    pub fn room(&self) -> Rect {
        let Rect { min: low, max: high } = self.centres();
        // A hex reaches half its width either side, a corner up and down.
        let reach = Vec2::new(3f32.sqrt() / 2.0, 1.0) * self.size;
        Rect::from_corners(
            low - reach - LABEL_MARGIN * self.size,
            high + reach + Vec2::splat(FRAME_MARGIN * self.size),
        )
    }

    /// The edge's labels and where they stand: each row's number left of
    /// the row's leftmost hex on the screen, each column's letter under
    /// its hex in the row lowest on the screen (turned boards included).
    pub fn edge_labels(&self) -> Vec<(String, Vec2)> {
        let mut labels = Vec::new();
        let gap = self.size * 0.3;
        for row in 0..self.rows {
            let left = (0..self.columns)
                .map(|col| self.world(Coord(col, row)))
                .min_by(|a, b| a.x.total_cmp(&b.x))
                .expect("a row has hexes");
            let half_width = 3f32.sqrt() / 2.0 * self.size;
            labels.push(((row + 1).to_string(), left - Vec2::new(half_width + gap, 0.0)));
        }
        let bottom_row = (0..self.rows)
            .min_by(|&a, &b| self.world(Coord(0, a)).y.total_cmp(&self.world(Coord(0, b)).y))
            .expect("a board has rows");
        for col in 0..self.columns {
            let at = self.world(Coord(col, bottom_row));
            labels.push((
                crate::games::wargame::engine::board::column_letters(col),
                at - Vec2::new(0.0, self.size + gap * 0.8),
            ));
        }
        labels
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
