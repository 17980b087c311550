//! One pointer for the tables, whether a mouse or a finger moves it: the
//! tiles, the betting setup and the wargame's board read where it is and
//! what it did this frame, so each plays by touch as by mouse.
//!
//! A mouse presses where it is. A finger is read as a phone player means
//! it: a tap is a lift that did not wander, a drag past a few pixels moves
//! the board instead, and two fingers pan and pinch.

use bevy::input::touch::Touches;
use bevy::prelude::*;

/// What the primary pointer did this frame, in the window's logical pixels
/// (as `Window::cursor_position`).
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Pointer {
    /// The mouse cursor, or the finger on the glass; on the frame a finger
    /// lifts, where it lifted.
    pub at: Option<Vec2>,
    /// The left button or one finger is down.
    pub pressed: bool,
    pub just_pressed: bool,
    pub just_released: bool,
    /// A click: the left button went down, or a finger lifted near where
    /// it touched, with no second finger on the way.
    pub tapped: bool,
    /// The right button went down, or a finger was held still for
    /// `LONG_PRESS` seconds.
    pub secondary: bool,
    /// The pointer is a finger: there is nothing to hover.
    pub touch: bool,
    /// A finger has touched the window since the app started: controls
    /// too small for one get larger twins.
    pub fingers: bool,
    /// Where the finger that presses first touched: a drag that began on
    /// a panel is the panel's.
    pub start: Option<Vec2>,
    /// How far the fingers dragged the view this frame (past the slop, or
    /// with two fingers), in logical pixels, x right and y down.
    pub drag: Vec2,
    /// How much two fingers pinched this frame: above 1 spread apart.
    pub pinch: f32,
    gesture: Gesture,
}

/// What the fingers have done since the first one touched.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Gesture {
    /// The finger that presses.
    primary: Option<u64>,
    /// It moved past the slop, or a second finger joined: no tap.
    moved: bool,
    /// When it touched, in seconds of the app's clock.
    since: f32,
    /// It was held still long enough to count as a right-click.
    held: bool,
}

/// A finger that moves less than this between touch and lift taps.
pub const TAP_SLOP: f32 = 12.0;

/// A finger held still this long, in seconds, is a right-click.
const LONG_PRESS: f32 = 0.5;

/// Needs the input plugin (with touch) and a clock; a window where there
/// is a mouse cursor to read. Public for the headless tests.
pub fn plugin(app: &mut App) {
    app.init_resource::<Pointer>()
        .add_systems(PreUpdate, read_pointer.after(bevy::input::InputSystems));
}

fn read_pointer(
    buttons: Res<ButtonInput<MouseButton>>,
    touches: Option<Res<Touches>>,
    window: Option<Single<&Window>>,
    time: Res<Time>,
    mut pointer: ResMut<Pointer>,
) {
    let mut next = Pointer {
        pinch: 1.0,
        ..Pointer::default()
    };
    match touches
        .as_deref()
        .filter(|t| t.iter().next().is_some() || t.any_just_released() || t.any_just_canceled())
    {
        Some(touches) => read_fingers(touches, pointer.gesture, time.elapsed_secs(), &mut next),
        None => {
            next.at = window.and_then(|w| w.cursor_position());
            next.pressed = buttons.pressed(MouseButton::Left);
            next.just_pressed = buttons.just_pressed(MouseButton::Left);
            next.just_released = buttons.just_released(MouseButton::Left);
            next.tapped = next.just_pressed;
            next.secondary = buttons.just_pressed(MouseButton::Right);
        }
    }
    next.fingers = pointer.fingers || next.touch;
    if *pointer != next {
        *pointer = next;
    }
}

/// This frame's fingers as one pointer: the first finger down presses and
/// taps; it alone, once past the slop, or a pair drags; a pair pinches.
/// The gesture lasts from the first finger down until the last lifts.
fn read_fingers(touches: &Touches, mut gesture: Gesture, now: f32, pointer: &mut Pointer) {
    let down: Vec<_> = touches.iter().collect();
    if gesture.primary.is_none_or(|id| {
        touches.get_pressed(id).is_none() && !touches.just_released(id) && !touches.just_canceled(id)
    }) {
        gesture = Gesture {
            // A quick tap can touch and lift within one frame.
            primary: down
                .iter()
                .copied()
                .chain(touches.iter_just_released())
                .map(|t| t.id())
                .min(),
            moved: gesture.primary.is_some(),
            since: now,
            held: false,
        };
    }
    gesture.moved |= down.len() > 1;
    pointer.touch = true;
    if let Some(id) = gesture.primary {
        let finger = touches.get_pressed(id).or_else(|| touches.get_released(id));
        if let Some(finger) = finger {
            gesture.moved |= finger.distance().length() > TAP_SLOP;
            pointer.at = Some(finger.position());
            pointer.start = Some(finger.start_position());
        }
        pointer.pressed = touches.get_pressed(id).is_some();
        pointer.just_pressed = touches.just_pressed(id);
        pointer.just_released = touches.just_released(id) || touches.just_canceled(id);
        if pointer.pressed && !gesture.moved && !gesture.held && now - gesture.since >= LONG_PRESS {
            gesture.held = true;
            pointer.secondary = true;
        }
        pointer.tapped = touches.just_released(id) && !gesture.moved && !gesture.held;
    }
    match down.as_slice() {
        [one] if gesture.moved => pointer.drag = one.delta(),
        [a, b, ..] => {
            pointer.drag = (a.delta() + b.delta()) / 2.0;
            let apart = a.position().distance(b.position());
            let apart_before = a.previous_position().distance(b.previous_position());
            if apart > 1.0 && apart_before > 1.0 {
                pointer.pinch = apart / apart_before;
            }
        }
        _ => {}
    }
    let over = down.is_empty();
    pointer.gesture = if over { Gesture::default() } else { gesture };
}
