//! The board under mouse, touch and keyboard: pan (arrow keys, right or
//! middle drag, a finger's drag) and zoom (wheel, + and -, a pinch, Home
//! resets); the hex under the pointer; and clicks and taps (a long press
//! for a right-click), turned into the action they stand for. Keys: a hex cursor
//! (N, Shift+N, Shift+arrows) with Enter for a click and Backspace for a
//! right-click, Space ends the activation, E the turn, A-D pick the aid
//! card's option, O the commander's order, 1-9 the action bar's buttons,
//! U or Ctrl+Z takes back a step.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;

use crate::ids::GameId;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};

use super::camera::View;
use crate::game_log::GameLog;
use crate::games::wargame::battle::draft::Draft;
use crate::games::wargame::battle::undo::UndoStep;
use crate::games::wargame::engine::board::Coord;
use crate::games::wargame::engine::state::{Action, Phase, Wargame};
use crate::games::wargame::table::board::choices::{Aid, Offered, Selection};
use crate::games::wargame::table::board::layout::BoardLayout;
use crate::menus::Menu;
use crate::rules::Seat;
use crate::screens::{ActiveGame, Screen};
use crate::session::{Act, Shown};
use crate::ui::{FreeSpace, Pointer};

/// A click on a board hex.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardClick {
    pub at: Coord,
    /// The right button: take a block off while building.
    pub secondary: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(keys_plugin).add_systems(
        Update,
        // A click on a window over the board (a hex's choices) is the
        // window's, not the hex's beneath.
        (
            pan_and_zoom,
            pointer_on_hexes.run_if(not(egui_wants_any_pointer_input)),
        )
            .chain()
            .before(keys)
            .run_if(at_the_board)
            .in_set(crate::app_systems::AppSystems::RecordInput),
    );
}

/// The board's keys and what a click does, without the window's mouse and
/// camera: public for the headless tests.
pub fn keys_plugin(app: &mut App) {
    app.add_message::<BoardClick>().add_systems(
        Update,
        (
            keys.run_if(not(egui_wants_any_keyboard_input))
                .run_if(at_the_board),
            click,
        )
            .chain()
            .run_if(in_state(ActiveGame::Playing(GameId::Wargame)).and_then(resource_exists::<BoardLayout>))
            .in_set(crate::app_systems::AppSystems::RecordInput),
    );
}

/// The board takes input while no menu covers it.
fn at_the_board(
    menu: Option<Res<State<Menu>>>,
    screen: Res<State<Screen>>,
    shown: Option<Res<Shown<Wargame>>>,
    board: Option<Res<BoardLayout>>,
) -> bool {
    menu.is_none_or(|m| *m.get() == Menu::None)
        && matches!(screen.get(), Screen::Playing | Screen::Result)
        && shown.is_some()
        && board.is_some()
}

fn pan_and_zoom(
    keys: Res<ButtonInput<KeyCode>>,
    watching: Option<Res<crate::session::Watching>>,
    buttons: Res<ButtonInput<MouseButton>>,
    pointer: Res<Pointer>,
    space: Res<FreeSpace>,
    camera: Single<(&Camera, &GlobalTransform)>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    time: Res<Time>,
    board: Option<Res<BoardLayout>>,
    mut view: ResMut<View>,
) {
    let speed = 500.0 * time.delta_secs() * view.zoom;
    // Shift with the arrows moves the keyboard's cursor instead; in a
    // replay the arrows step through it.
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight) || watching.is_some();
    let mut pan = Vec2::ZERO;
    for (key, dir) in [
        (KeyCode::ArrowLeft, Vec2::NEG_X),
        (KeyCode::ArrowRight, Vec2::X),
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::ArrowDown, Vec2::NEG_Y),
    ] {
        if keys.pressed(key) && !shift {
            pan += dir * speed;
        }
    }
    if buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle) {
        pan += Vec2::new(-motion.delta.x, motion.delta.y) * view.zoom;
    }
    // A finger drags the board along under it, when it touched the board
    // and not a panel.
    if pointer.drag != Vec2::ZERO
        && let Some(at) = pointer.at
        && pointer.start.is_some_and(|start| space.contains(start))
    {
        let (camera, place) = *camera;
        if let (Ok(now), Ok(before)) = (
            camera.viewport_to_world_2d(place, at),
            camera.viewport_to_world_2d(place, at - pointer.drag),
        ) {
            pan -= now - before;
        }
    }
    let mut zoom = 1.0;
    if keys.just_pressed(KeyCode::Equal) || keys.just_pressed(KeyCode::NumpadAdd) {
        zoom /= 1.2;
    }
    if keys.just_pressed(KeyCode::Minus) || keys.just_pressed(KeyCode::NumpadSubtract) {
        zoom *= 1.2;
    }
    // The wheel zooms only over the board (over a panel it scrolls the
    // panel), about the point under the pointer, which stays under it.
    if scroll.delta.y != 0.0
        && let Some(at) = pointer.at.filter(|&at| space.contains(at))
    {
        let factor = (1.0 - scroll.delta.y.clamp(-3.0, 3.0) * 0.1).max(0.5);
        let (camera, place) = *camera;
        if let Ok(point) = camera.viewport_to_world_2d(place, at) {
            // The camera stands at the board's centre + pan, less the
            // panels' offset scaled with the zoom: the pointer's point
            // moves with the zoom unless the pan takes the difference.
            let centre = board.as_ref().map_or(Vec2::ZERO, |b| b.room().center());
            let f = (view.zoom * factor).clamp(0.4, 2.0) / view.zoom;
            pan += (point - centre - view.pan) * (1.0 - f);
        }
        zoom *= factor;
    }
    if pointer.start.is_some_and(|start| space.contains(start)) {
        zoom /= pointer.pinch;
    }
    if keys.just_pressed(KeyCode::Home) {
        *view = View::default();
        return;
    }
    let next = View {
        pan: (view.pan + pan).clamp(Vec2::splat(-600.0), Vec2::splat(600.0)),
        zoom: (view.zoom * zoom).clamp(0.4, 2.0),
    };
    if next != *view {
        *view = next;
    }
}

/// Clicks and taps on a hex; a right-click or a long press is the
/// secondary click.
fn pointer_on_hexes(
    pointer: Res<Pointer>,
    camera: Single<(&Camera, &GlobalTransform)>,
    space: Res<FreeSpace>,
    board: Res<BoardLayout>,
    mut selection: ResMut<Selection>,
    mut clicks: MessageWriter<BoardClick>,
) {
    let (camera, at) = *camera;
    let hex = pointer
        .at
        .filter(|&cursor| space.contains(cursor))
        .and_then(|cursor| camera.viewport_to_world_2d(at, cursor).ok())
        .and_then(|point| board.coord(point));
    if selection.hover != hex {
        selection.hover = hex;
    }
    let Some(at) = hex else { return };
    if (pointer.tapped || pointer.secondary) && selection.cursor.is_some() {
        selection.cursor = None;
    }
    if pointer.tapped {
        clicks.write(BoardClick { at, secondary: false });
    }
    if pointer.secondary {
        clicks.write(BoardClick { at, secondary: true });
    }
}

/// Keys for everything a click does: the cursor steps through the hexes
/// where something can be done (N, Shift+N) or one hex at a time
/// (Shift+arrows), and Enter is a click there, Backspace a right-click;
/// 1-9 press the action bar's buttons, O chooses the commander's order.
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    shown: Res<Shown<Wargame>>,
    offered: Res<Offered>,
    draft: Res<Draft>,
    board: Res<BoardLayout>,
    mut selection: ResMut<Selection>,
    mut clicks: MessageWriter<BoardClick>,
    mut acts: MessageWriter<Act<Wargame>>,
    mut undo: MessageWriter<UndoStep>,
) {
    let Some(seat) = shown.acting else { return };
    let game = shown.view.battlefield();
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    move_cursor(
        &keys,
        shift,
        game,
        &board,
        &cursor_stops(game, seat, &offered, &draft, &board),
        &mut selection,
    );
    if let Some(at) = selection.cursor {
        if keys.just_pressed(KeyCode::Enter) && !ctrl {
            clicks.write(BoardClick { at, secondary: false });
        }
        if keys.just_pressed(KeyCode::Backspace) || keys.just_pressed(KeyCode::Delete) {
            clicks.write(BoardClick { at, secondary: true });
        }
    }
    if game.phase == Phase::Building {
        // Enter is a click while the cursor is on the board; Ctrl+Enter
        // deploys either way.
        let deploy = keys.just_pressed(KeyCode::Enter) && (ctrl || selection.cursor.is_none());
        if deploy && game.check_build(seat, &draft.commander, &draft.army).is_ok() {
            acts.write(Act::new(draft.action()));
        }
        return;
    }
    let offers = |wanted: &Action| offered.all.buttons.contains(wanted);
    if keys.just_pressed(KeyCode::Space) && offers(&Action::EndActivation) {
        acts.write(Act::new(Action::EndActivation));
    }
    if keys.just_pressed(KeyCode::KeyE) && offers(&Action::EndTurn) {
        acts.write(Act::new(Action::EndTurn));
    }
    if keys.just_pressed(KeyCode::KeyU) || (ctrl && keys.just_pressed(KeyCode::KeyZ)) {
        undo.write(UndoStep);
    }
    for (key, aid) in [
        (KeyCode::KeyA, Aid::A),
        (KeyCode::KeyB, Aid::B),
        (KeyCode::KeyC, Aid::C),
        (KeyCode::KeyD, Aid::D),
    ] {
        if keys.just_pressed(key) && offered.all.aid_enabled(aid) {
            selection.aid = if selection.aid == Some(aid) {
                None
            } else {
                Some(aid)
            };
        }
    }
    if keys.just_pressed(KeyCode::KeyO) {
        selection.order = next_order(game, seat, selection.order);
    }
    let bar = offered.bar(game, &selection);
    for (i, key) in DIGITS.iter().enumerate() {
        if keys.just_pressed(*key)
            && let Some(action) = bar.get(i)
        {
            acts.write(Act::new((*action).clone()));
        }
    }
}

const DIGITS: [KeyCode; 9] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

/// The commander's next order that may still be given this turn, then none.
fn next_order(game: &Wargame, seat: usize, now: Option<u8>) -> Option<u8> {
    let first = now.map_or(1, |n| n + 1);
    (first..=9).find(|&n| game.commander_order(seat, n).is_some() && (n == 1 || !game.used.order))
}

/// Where N and Shift+N take the cursor, top to bottom and left to right:
/// while building, your blocks (or your first row, with a block picked
/// up); in battle, what `Offered::hexes` says.
fn cursor_stops(
    game: &Wargame,
    seat: usize,
    offered: &Offered,
    draft: &Draft,
    board: &BoardLayout,
) -> Vec<Coord> {
    let mut stops = if game.phase == Phase::Building {
        if draft.moving.is_some() {
            Draft::first_row(game, seat)
        } else {
            draft.army.iter().map(|p| p.at).collect()
        }
    } else {
        offered.hexes(game)
    };
    stops.sort_by(|a, b| {
        let (a, b) = (board.world(*a), board.world(*b));
        b.y.total_cmp(&a.y).then(a.x.total_cmp(&b.x))
    });
    // A hex holding several blocks or offering several actions is one stop.
    stops.dedup();
    stops
}

fn move_cursor(
    keys: &ButtonInput<KeyCode>,
    shift: bool,
    game: &Wargame,
    board: &BoardLayout,
    stops: &[Coord],
    selection: &mut Selection,
) {
    if keys.just_pressed(KeyCode::KeyN) && !stops.is_empty() {
        let now = selection.cursor.and_then(|c| stops.iter().position(|s| *s == c));
        let next = match (now, shift) {
            (Some(i), false) => (i + 1) % stops.len(),
            (Some(i), true) => (i + stops.len() - 1) % stops.len(),
            (None, false) => 0,
            (None, true) => stops.len() - 1,
        };
        selection.cursor = Some(stops[next]);
    }
    if !shift {
        return;
    }
    for (key, dir) in [
        (KeyCode::ArrowLeft, Vec2::NEG_X),
        (KeyCode::ArrowRight, Vec2::X),
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::ArrowDown, Vec2::NEG_Y),
    ] {
        if !keys.just_pressed(key) {
            continue;
        }
        let Some(from) = selection.cursor.or_else(|| stops.first().copied()) else {
            selection.cursor = game.map.coords().next();
            continue;
        };
        // The neighbour that lies most nearly that way.
        let here = board.world(from);
        let best = from
            .neighbours()
            .into_iter()
            .filter(|n| game.map.contains(*n))
            .map(|n| (n, (board.world(n) - here).normalize_or_zero().dot(dir)))
            .filter(|(_, along)| *along > 0.4)
            .max_by(|a, b| a.1.total_cmp(&b.1));
        selection.cursor = Some(best.map_or(from, |(n, _)| n));
    }
}

/// A click means what the hex offers: a move or an attack when it is the
/// only one there, a choice of buttons when there are several, a block to
/// activate or to pick up while building.
fn click(
    mut clicks: MessageReader<BoardClick>,
    shown: Res<Shown<Wargame>>,
    offered: Res<Offered>,
    mut selection: ResMut<Selection>,
    mut draft: ResMut<Draft>,
    mut acts: MessageWriter<Act<Wargame>>,
    mut log: ResMut<GameLog>,
) {
    for click in clicks.read() {
        let Some(seat) = shown.acting else {
            continue;
        };
        let game = shown.view.battlefield();
        if game.phase == Phase::Building {
            if click.secondary {
                draft.remove_at(click.at);
            } else {
                draft.click(game, seat, click.at);
            }
            continue;
        }
        if click.secondary {
            selection.after_action();
            continue;
        }
        let here = offered.shown.at(click.at);
        match here.as_slice() {
            [only] => {
                acts.write(Act::new((*only).clone()));
                continue;
            }
            [_, _, ..] => {
                selection.choosing = Some(click.at);
                continue;
            }
            [] => {}
        }
        selection.choosing = None;
        selection.hex = Some(click.at);
        let activations: Vec<&Action> = offered
            .all
            .buttons
            .iter()
            .filter(|a| match a {
                Action::Activate { units, order } => {
                    *order == selection.order && game.units[units[0]].at == Some(click.at)
                }
                _ => false,
            })
            .collect();
        let marches = offered.all.buttons.iter().any(|a| match a {
            Action::MassMarch { moves } => moves.iter().any(|(u, _)| game.units[*u].at == Some(click.at)),
            _ => false,
        });
        if let [only] = activations.as_slice()
            && !marches
        {
            acts.write(Act::new((*only).clone()));
        }
        if activations.is_empty() && !marches && game.activation.is_none() {
            // A click on one's own block that cannot act says why.
            if let Some(why) = why_not_activated(game, seat, click.at) {
                log.push(why);
            }
        }
    }
}

/// Why the seat's blocks on `at` cannot be activated now, if it has any.
fn why_not_activated(game: &Wargame, seat: Seat, at: Coord) -> Option<String> {
    let mine: Vec<_> = game.units_at(at).filter(|u| u.owner == seat).collect();
    if mine.is_empty() {
        return None;
    }
    Some(if mine.iter().all(|u| game.used.activated.contains(&u.id)) {
        "That block has already acted this turn.".into()
    } else if mine.iter().all(|u| u.crippled) {
        "That block is crippled: it cannot be activated this turn.".into()
    } else if game.used.activations >= game.tokens_of(seat) {
        "Every special token is used this turn: end the turn (E).".into()
    } else {
        "That block cannot be activated now.".into()
    })
}
