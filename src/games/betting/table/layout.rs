//! Where things stand on the betting table: the slots' columns, the rows of
//! tiles and stacks, the setup board and its rack, the piles; and which
//! tile an entity is. The table draws there and the setup's pointer reads
//! it.

use bevy::prelude::*;

use crate::games::betting::engine::rules::SLOTS;
use crate::ui::TABLE_CENTER_X;

/// The slots' columns sit right of the table's centre, leaving room for the
/// piles of winnings on the left.
pub const CENTER_X: f32 = TABLE_CENTER_X + 80.0;
pub const SLOT_GAP: f32 = 72.0;
pub const TILE_SCALE: f32 = 0.8;
pub const THEIR_TILE_Y: f32 = 232.0;
pub const THEIR_STACK_Y: f32 = 128.0;
pub const SLOT_NUMBER_Y: f32 = 72.0;
pub const COLUMN_RESULT_Y: f32 = 42.0;
pub const BANNER_Y: f32 = -25.0;
pub const MY_STACK_Y: f32 = -150.0;
pub const MY_TILE_Y: f32 = -226.0;
pub const SETUP_TILE_Y: f32 = -10.0;
pub const SETUP_STACK_Y: f32 = 45.0;
pub const SETUP_NUMBER_Y: f32 = 160.0;
pub const SETUP_BUTTON_Y: f32 = -72.0;
pub const SETUP_BUTTON_DX: f32 = 22.0;
pub const BUTTON_RADIUS: f32 = 11.0;
pub const RACK_Y: f32 = -200.0;
pub const PILE_X: f32 = TABLE_CENTER_X - 450.0;
pub const THEIR_PILE_Y: f32 = 150.0;
pub const MY_PILE_Y: f32 = -120.0;

pub fn slot_x(index: usize) -> f32 {
    CENTER_X + (index as f32 - (SLOTS as f32 - 1.0) / 2.0) * SLOT_GAP
}

/// The size of a tile on this table.
pub fn tile_size() -> Vec2 {
    crate::ui::tile::TILE * TILE_SCALE
}

/// Which tile an entity is, from the viewer's side of the table.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// The viewer's tile with this number.
    Mine(u8),
    /// The opponent's tile in this slot (0-based).
    Theirs(usize),
}
