//! The tables' pointer under fingers: what a tap, a drag, a pinch and a
//! long press become, fed to the app as the window's touch messages.

use std::time::Duration;

use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::input::{ButtonState, InputPlugin};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use black_and_white::ui::Pointer;
use black_and_white::ui::pointer;

/// Each frame a tenth of a second.
fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, InputPlugin, pointer::plugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(100)));
    app.update();
    app
}

fn touch(app: &mut App, id: u64, phase: TouchPhase, x: f32, y: f32) {
    app.world_mut().write_message(TouchInput {
        phase,
        position: Vec2::new(x, y),
        window: Entity::PLACEHOLDER,
        force: None,
        id,
    });
}

fn frame(app: &mut App) -> Pointer {
    app.update();
    app.world().resource::<Pointer>().clone()
}

#[test]
fn a_lift_near_the_touch_is_a_tap_where_it_lifted() {
    let mut app = app();
    touch(&mut app, 1, TouchPhase::Started, 100.0, 200.0);
    let down = frame(&mut app);
    assert!(down.pressed && down.just_pressed && down.touch);
    assert!(!down.tapped, "a finger taps when it lifts, not when it lands");
    assert_eq!(down.at, Some(Vec2::new(100.0, 200.0)));
    touch(&mut app, 1, TouchPhase::Moved, 105.0, 203.0);
    touch(&mut app, 1, TouchPhase::Ended, 105.0, 203.0);
    let up = frame(&mut app);
    assert!(up.tapped && up.just_released && !up.pressed);
    assert_eq!(up.at, Some(Vec2::new(105.0, 203.0)));
    assert_eq!(up.drag, Vec2::ZERO, "a tap's wobble does not drag the view");
    let after = frame(&mut app);
    assert!(
        !after.tapped && after.at.is_none(),
        "nothing is left under a lifted finger: {after:?}"
    );
    assert!(after.fingers, "a finger has touched: the larger controls stay");
}

#[test]
fn a_tap_within_one_frame_still_taps() {
    let mut app = app();
    touch(&mut app, 7, TouchPhase::Started, 50.0, 60.0);
    touch(&mut app, 7, TouchPhase::Ended, 50.0, 60.0);
    let pointer = frame(&mut app);
    assert!(pointer.tapped, "{pointer:?}");
    assert_eq!(pointer.at, Some(Vec2::new(50.0, 60.0)));
}

#[test]
fn a_drag_moves_the_view_and_does_not_tap() {
    let mut app = app();
    touch(&mut app, 1, TouchPhase::Started, 100.0, 100.0);
    frame(&mut app);
    touch(&mut app, 1, TouchPhase::Moved, 106.0, 100.0);
    assert_eq!(
        frame(&mut app).drag,
        Vec2::ZERO,
        "within the slop the finger may still tap"
    );
    touch(&mut app, 1, TouchPhase::Moved, 140.0, 90.0);
    assert_eq!(frame(&mut app).drag, Vec2::new(34.0, -10.0));
    // Back where it began: the gesture has moved, so the lift is no tap.
    touch(&mut app, 1, TouchPhase::Moved, 100.0, 100.0);
    frame(&mut app);
    touch(&mut app, 1, TouchPhase::Ended, 100.0, 100.0);
    let up = frame(&mut app);
    assert!(up.just_released && !up.tapped, "{up:?}");
}

#[test]
fn two_fingers_pinch_and_pan_and_never_tap() {
    let mut app = app();
    touch(&mut app, 1, TouchPhase::Started, 100.0, 300.0);
    touch(&mut app, 2, TouchPhase::Started, 200.0, 300.0);
    assert_eq!(frame(&mut app).pinch, 1.0);
    // Spread from 100 to 200 pixels apart, the midpoint moved 10 right.
    touch(&mut app, 1, TouchPhase::Moved, 60.0, 300.0);
    touch(&mut app, 2, TouchPhase::Moved, 260.0, 300.0);
    let spread = frame(&mut app);
    assert!((spread.pinch - 2.0).abs() < 1e-4, "{spread:?}");
    assert_eq!(spread.drag, Vec2::new(10.0, 0.0));
    assert_eq!(
        spread.at,
        Some(Vec2::new(60.0, 300.0)),
        "the first finger is the pointer"
    );
    // The second finger lifts first, then the first, neither having moved
    // since: a pinch ends without a tap.
    touch(&mut app, 2, TouchPhase::Ended, 260.0, 300.0);
    assert!(!frame(&mut app).tapped);
    touch(&mut app, 1, TouchPhase::Ended, 60.0, 300.0);
    let up = frame(&mut app);
    assert!(up.just_released && !up.tapped, "{up:?}");
    // And the next finger starts a gesture of its own, which taps.
    touch(&mut app, 3, TouchPhase::Started, 10.0, 10.0);
    frame(&mut app);
    touch(&mut app, 3, TouchPhase::Ended, 10.0, 10.0);
    assert!(frame(&mut app).tapped);
}

#[test]
fn a_finger_left_behind_by_a_pinch_does_not_tap() {
    let mut app = app();
    touch(&mut app, 1, TouchPhase::Started, 100.0, 300.0);
    touch(&mut app, 2, TouchPhase::Started, 200.0, 300.0);
    frame(&mut app);
    touch(&mut app, 1, TouchPhase::Ended, 100.0, 300.0);
    assert!(!frame(&mut app).tapped);
    touch(&mut app, 2, TouchPhase::Ended, 200.0, 300.0);
    let up = frame(&mut app);
    assert!(!up.tapped, "{up:?}");
}

#[test]
fn a_long_press_is_a_right_click_once_and_then_no_tap() {
    let mut app = app();
    touch(&mut app, 1, TouchPhase::Started, 100.0, 100.0);
    let mut seen = Vec::new();
    for _ in 0..10 {
        seen.push(frame(&mut app).secondary);
    }
    assert_eq!(seen.iter().filter(|&&s| s).count(), 1, "{seen:?}");
    assert!(
        !seen[0] && !seen[1] && !seen[2],
        "held for under half a second: {seen:?}"
    );
    touch(&mut app, 1, TouchPhase::Ended, 100.0, 100.0);
    let up = frame(&mut app);
    assert!(up.just_released && !up.tapped, "{up:?}");
}

#[test]
fn a_mouse_clicks_where_it_presses() {
    let mut app = app();
    let press = |app: &mut App, button| {
        app.world_mut().write_message(MouseButtonInput {
            button,
            state: ButtonState::Pressed,
            window: Entity::PLACEHOLDER,
        });
    };
    press(&mut app, MouseButton::Left);
    let pointer = frame(&mut app);
    assert!(pointer.tapped && pointer.just_pressed && !pointer.touch && !pointer.fingers);
    assert!(!frame(&mut app).tapped, "a held button clicked once");
    press(&mut app, MouseButton::Right);
    assert!(frame(&mut app).secondary);
}
