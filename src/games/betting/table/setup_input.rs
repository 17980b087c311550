//! Mouse, touch and keyboard on the betting table. In setup: drag a tile
//! into a slot (or click or tap it, then the slot), − and + under a slot,
//! and keys for all of it. While a result is on screen, a click, a tap or
//! Space moves on.

use bevy::prelude::*;

use crate::ids::GameId;

use crate::games::betting::engine::rules::{Betting, SLOTS};
use crate::games::betting::pacing::{MoveOn, ResultPacing};
use crate::games::betting::setup_board::{SetupBoard, SetupEdit, setting_up};
use crate::games::betting::table::layout::{BUTTON_REACH, Geometry, Piece};
use crate::menus::Menu;
use crate::screens::{ActiveGame, Screen};
use crate::session::Shown;
use crate::ui::key_presses::{digit, is_enter};
use crate::ui::pointer::TAP_SLOP;
use crate::ui::table::TableShape;
use crate::ui::tile::covers;
use crate::ui::{FreeSpace, KeyPresses, Pointer};

/// Where the person's hands are on the setup board.
#[derive(Resource, Debug, Default)]
pub struct SetupCursor {
    /// The keyboard's slot.
    pub slot: usize,
    /// A tile clicked, waiting for a slot.
    pub selected: Option<u8>,
    /// A tile held by the mouse or a finger, and where the pointer is on
    /// the table.
    pub dragging: Option<u8>,
    pub pointer: Option<Vec2>,
    /// The slot under a dragged tile.
    pub hover: Option<usize>,
    pressed_at: Option<Vec2>,
}

/// A drag shorter than this is a click.
const CLICK_SLOP: f32 = 6.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SetupCursor>().add_systems(
        Update,
        (
            setup_pointer
                .run_if(in_state(ActiveGame::Playing(GameId::Betting)))
                .run_if(in_state(Screen::Playing).and_then(in_state(Menu::None))),
            setup_keyboard,
        )
            .in_set(crate::app_systems::AppSystems::RecordInput)
            .before(crate::games::betting::setup_board::edit_setup),
    );
}

/// The setup slot whose drop area holds a point on the table.
fn slot_under(g: &Geometry, point: Vec2) -> Option<usize> {
    let half = g.tile_size() / 2.0 + 8.0;
    (0..SLOTS).find(|&slot| {
        (point - Vec2::new(g.slot_x(slot), g.setup_tile_y))
            .abs()
            .cmple(half)
            .all()
    })
}

/// The − (false) or + (true) button under a slot at a point.
fn button_under(g: &Geometry, point: Vec2) -> Option<(usize, bool)> {
    (0..SLOTS).find_map(|slot| {
        [false, true]
            .into_iter()
            .find(|&plus| point.distance(g.button(slot, plus)) <= BUTTON_REACH)
            .map(|plus| (slot, plus))
    })
}

pub(crate) fn setup_pointer(
    shown: Res<Shown<Betting>>,
    pacing: Res<ResultPacing>,
    board: Res<SetupBoard>,
    shape: Res<TableShape>,
    pointer: Res<Pointer>,
    camera: Single<(&Camera, &GlobalTransform)>,
    space: Res<FreeSpace>,
    pieces: Query<(&Piece, &Transform)>,
    mut cursor: ResMut<SetupCursor>,
    mut edits: MessageWriter<SetupEdit>,
    mut move_on: MessageWriter<MoveOn>,
) {
    let (camera, at) = *camera;
    let g = Geometry::of(*shape);
    let point = pointer
        .at
        .filter(|&p| space.contains(p))
        .and_then(|p| camera.viewport_to_world_2d(at, p).ok());
    if pacing.on_screen(&shown.view).is_some() && point.is_some() && pointer.just_pressed {
        move_on.write(MoveOn);
    }
    if setting_up(&shown).is_none() {
        *cursor = SetupCursor::default();
        return;
    }
    cursor.pointer = point;
    cursor.hover = cursor.dragging.and(point).and_then(|p| slot_under(g, p));
    let Some(point) = point else {
        return;
    };
    if pointer.just_pressed {
        if let Some((slot, plus)) = button_under(g, point) {
            cursor.slot = slot;
            edits.write(if plus {
                SetupEdit::AddChip { slot }
            } else {
                SetupEdit::RemoveChip { slot }
            });
            return;
        }
        let grabbed = pieces.iter().find_map(|(piece, transform)| match piece {
            Piece::Mine(tile) if covers(transform, point) => Some(*tile),
            _ => None,
        });
        match (grabbed, cursor.selected, slot_under(g, point)) {
            (Some(tile), _, _) => {
                cursor.dragging = Some(tile);
                cursor.pressed_at = Some(point);
            }
            (None, Some(tile), Some(slot)) => {
                edits.write(SetupEdit::Place { tile, slot });
                cursor.selected = None;
                cursor.slot = slot;
            }
            (None, _, Some(slot)) => cursor.slot = slot,
            _ => cursor.selected = None,
        }
    }
    if pointer.just_released
        && let Some(tile) = cursor.dragging.take()
    {
        // A finger wanders more than a mouse does while it taps.
        let slop = if pointer.touch { TAP_SLOP } else { CLICK_SLOP };
        let moved = cursor.pressed_at.take().is_none_or(|p| p.distance(point) > slop);
        if !moved {
            // A click: select the tile, or drop a held one onto this tile's slot.
            match (cursor.selected, board.draft.slot_of(tile)) {
                (Some(held), Some(slot)) if held != tile => {
                    edits.write(SetupEdit::Place { tile: held, slot });
                    cursor.selected = None;
                }
                (Some(held), _) if held == tile => cursor.selected = None,
                _ => cursor.selected = Some(tile),
            }
        } else if let Some(slot) = slot_under(g, point) {
            edits.write(SetupEdit::Place { tile, slot });
            cursor.slot = slot;
            cursor.selected = None;
        } else if point.y < g.rack_y + g.tile_size().y
            && let Some(slot) = board.draft.slot_of(tile)
        {
            edits.write(SetupEdit::Lift { slot });
        }
    }
}

/// Every key in the order pressed: "3, 4, 5" typed within one slow frame
/// fills three slots.
fn setup_keyboard(
    mut keys: KeyPresses,
    shown: Option<Res<Shown<Betting>>>,
    pacing: Res<ResultPacing>,
    mut cursor: ResMut<SetupCursor>,
    mut edits: MessageWriter<SetupEdit>,
    mut move_on: MessageWriter<MoveOn>,
) {
    let keys = keys.at_the_table();
    let Some(shown) = shown else {
        return;
    };
    if pacing.on_screen(&shown.view).is_some()
        && keys.iter().any(|&key| key == KeyCode::Space || is_enter(key))
    {
        move_on.write(MoveOn);
    }
    if setting_up(&shown).is_none() {
        return;
    }
    for key in keys {
        let slot = cursor.slot;
        if let Some(tile) = digit(key) {
            edits.write(SetupEdit::Place { tile, slot });
            cursor.slot = (slot + 1) % SLOTS;
            continue;
        }
        match key {
            KeyCode::ArrowLeft => cursor.slot = slot.checked_sub(1).unwrap_or(SLOTS - 1),
            KeyCode::ArrowRight => cursor.slot = (slot + 1) % SLOTS,
            KeyCode::ArrowUp | KeyCode::Equal | KeyCode::NumpadAdd => {
                edits.write(SetupEdit::AddChip { slot });
            }
            KeyCode::ArrowDown | KeyCode::Minus | KeyCode::NumpadSubtract => {
                edits.write(SetupEdit::RemoveChip { slot });
            }
            KeyCode::Backspace | KeyCode::Delete => {
                edits.write(SetupEdit::Lift { slot });
            }
            KeyCode::KeyR => {
                edits.write(SetupEdit::FillAtRandom);
            }
            key if is_enter(key) => {
                edits.write(SetupEdit::Lock);
            }
            _ => {}
        }
    }
}
