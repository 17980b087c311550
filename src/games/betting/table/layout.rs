//! Where things stand on the betting table, in either shape of the table
//! (ui/table.rs): the slots' columns, the rows of tiles and stacks, the
//! setup board with its buttons and rack, the piles of winnings; and which
//! tile an entity is. The table draws there and the setup's pointer reads
//! it.

use bevy::prelude::*;

use crate::games::betting::engine::rules::SLOTS;
use crate::ui::TABLE_CENTER_X;
use crate::ui::table::{Spot, TableShape};

/// The − and + buttons under a setup slot: drawn this large, and a press
/// counts this far from their centre (48 table units across: 44 pixels
/// or more where the table is drawn at 0.92 pixels a unit or larger, as at
/// 1280 x 720 and 600 x 900).
pub const BUTTON_RADIUS: f32 = 15.0;
pub const BUTTON_REACH: f32 = 24.0;
/// How far under a setup slot's tile its + button, its count and its −
/// button stand, one above the other: side by side, two buttons a finger
/// can hit do not fit in a column.
const PLUS_BELOW: f32 = 62.0;
const COUNT_BELOW: f32 = 94.0;
const MINUS_BELOW: f32 = 126.0;

/// The rows and columns of one shape, in table units.
pub struct Geometry {
    /// The slots' middle column.
    pub center_x: f32,
    pub slot_gap: f32,
    /// A tile's size on this table, as a share of the hand's.
    pub tile_scale: f32,
    pub their_tile_y: f32,
    pub their_stack_y: f32,
    pub slot_number_y: f32,
    pub column_result_y: f32,
    pub banner_y: f32,
    pub my_stack_y: f32,
    pub my_tile_y: f32,
    pub setup_tile_y: f32,
    pub setup_stack_y: f32,
    pub setup_number_y: f32,
    pub rack_y: f32,
    /// The piles of winnings (and the chips left to place in setup).
    pub pile_x: f32,
    pub their_pile_y: f32,
    pub my_pile_y: f32,
    pub header: Vec2,
    pub their_info: Vec2,
    pub my_info: Vec2,
    pub setup_left: Vec2,
    /// The band over the slot being played: its middle and its height.
    pub band: (f32, f32),
}

/// The wide table: the slots' columns right of the felt's centre, the
/// piles of winnings left of them.
const WIDE: Geometry = Geometry {
    center_x: TABLE_CENTER_X + 80.0,
    slot_gap: 72.0,
    tile_scale: 0.8,
    their_tile_y: 232.0,
    their_stack_y: 128.0,
    slot_number_y: 72.0,
    column_result_y: 42.0,
    banner_y: -25.0,
    my_stack_y: -150.0,
    my_tile_y: -226.0,
    setup_tile_y: -10.0,
    setup_stack_y: 45.0,
    setup_number_y: 160.0,
    rack_y: -200.0,
    pile_x: TABLE_CENTER_X - 450.0,
    their_pile_y: 150.0,
    my_pile_y: -120.0,
    header: Vec2::new(TABLE_CENTER_X + 80.0, 225.0),
    their_info: Vec2::new(TABLE_CENTER_X - 370.0, 108.0),
    my_info: Vec2::new(TABLE_CENTER_X - 370.0, -150.0),
    setup_left: Vec2::new(TABLE_CENTER_X - 406.0, -162.0),
    band: (0.0, 545.0),
};

/// The tall table (a phone held upright): the slots closer together
/// across the felt's width, the piles of winnings above and below the
/// rows with their words beside them.
const TALL: Geometry = Geometry {
    center_x: TABLE_CENTER_X,
    slot_gap: 56.0,
    // 48 units across: 44 pixels at 600 x 900, for a finger on the rack.
    tile_scale: 0.86,
    their_tile_y: 262.0,
    their_stack_y: 158.0,
    slot_number_y: 104.0,
    column_result_y: 74.0,
    banner_y: 8.0,
    my_stack_y: -118.0,
    my_tile_y: -194.0,
    setup_tile_y: 44.0,
    setup_stack_y: 90.0,
    setup_number_y: 205.0,
    rack_y: -180.0,
    pile_x: TABLE_CENTER_X - 250.0,
    their_pile_y: 318.0,
    my_pile_y: -330.0,
    header: Vec2::new(TABLE_CENTER_X, 335.0),
    their_info: Vec2::new(TABLE_CENTER_X + 120.0, 345.0),
    my_info: Vec2::new(TABLE_CENTER_X + 120.0, -300.0),
    setup_left: Vec2::new(TABLE_CENTER_X + 60.0, -300.0),
    band: (34.0, 530.0),
};

impl Geometry {
    pub fn of(shape: TableShape) -> &'static Geometry {
        match shape {
            TableShape::Wide => &WIDE,
            TableShape::Tall => &TALL,
        }
    }

    pub fn slot_x(&self, index: usize) -> f32 {
        self.center_x + (index as f32 - (SLOTS as f32 - 1.0) / 2.0) * self.slot_gap
    }

    /// The middle of a setup slot's + (or −) button.
    pub fn button(&self, slot: usize, plus: bool) -> Vec2 {
        let below = if plus { PLUS_BELOW } else { MINUS_BELOW };
        Vec2::new(self.slot_x(slot), self.setup_tile_y - below)
    }

    /// The size of a tile on this table.
    pub fn tile_size(&self) -> Vec2 {
        crate::ui::tile::TILE * self.tile_scale
    }

    /// Where a setup slot's chip count stands, between its buttons.
    pub fn setup_count(&self, slot: usize) -> Vec2 {
        Vec2::new(self.slot_x(slot), self.setup_tile_y - COUNT_BELOW)
    }
}

/// Where a fixed thing stands in either shape, given where it stands in
/// one (in table units, as `Geometry` has them).
pub fn spot(at: impl Fn(&Geometry) -> Vec2) -> Spot {
    let centre = Vec2::new(TABLE_CENTER_X, 0.0);
    Spot {
        wide: at(&WIDE) - centre,
        tall: at(&TALL) - centre,
    }
}

/// Which tile an entity is, from the viewer's side of the table.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// The viewer's tile with this number.
    Mine(u8),
    /// The opponent's tile in this slot (0-based).
    Theirs(usize),
}
