//! The wargame by keyboard alone: the cursor finds the blocks and hexes
//! where something can be done, Enter clicks there, and the keys for the
//! bar, the activation and the turn do the rest, from building to the
//! other side's turn.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use black_and_white::games::wargame::battle::draft::Draft;
use black_and_white::games::wargame::engine::Coord;
use black_and_white::games::wargame::engine::state::Phase;
use black_and_white::games::wargame::table::board::choices;
use black_and_white::games::wargame::table::board::choices::Selection;
use black_and_white::games::wargame::table::board::input;
use black_and_white::games::wargame::table::board::layout::BoardLayout;
use black_and_white::rules::Level;
use black_and_white::session::Opponent;

use crate::wargame_tutorial::{shown, start, until_my_turn};

/// Presses `keys` together for one frame, then lets them go.
fn tap(app: &mut App, keys: &[KeyCode]) {
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    for key in keys {
        input.press(*key);
    }
    app.update();
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    input.release_all();
    input.clear();
    app.update();
}

/// Where the draft's blocks stand.
fn army(app: &App) -> Vec<Coord> {
    app.world()
        .resource::<Draft>()
        .army
        .iter()
        .map(|p| p.at)
        .collect()
}

fn cursor(app: &App) -> Option<Coord> {
    app.world().resource::<Selection>().cursor
}

#[test]
fn a_battle_is_built_and_played_by_keyboard_alone() {
    let mut app = start(1, Opponent::Computer(Level::Easy));
    app.init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<EguiWantsInput>()
        .add_plugins((choices::plugin, input::keys_plugin));
    until_my_turn(&mut app);
    let seen = shown(&app).view.battlefield().clone();
    assert_eq!(seen.phase, Phase::Building);
    app.insert_resource(BoardLayout::new(&seen, 0));
    app.update();

    // Two blocks bought (the army panel's + buttons), standing on the
    // first row's first hexes.
    let mut draft = app.world().resource::<Draft>().clone();
    draft.buy(&seen, 0, "regular_cavalry");
    draft.buy(&seen, 0, "line_infantry");
    app.insert_resource(draft);
    let bought = army(&app);

    // N finds a block, Enter picks it up, N and Enter put it on a free hex.
    tap(&mut app, &[KeyCode::KeyN]);
    let picked = cursor(&app).expect("N shows the cursor");
    assert!(
        bought.contains(&picked),
        "the cursor stands on a block: {picked:?} of {bought:?}"
    );
    tap(&mut app, &[KeyCode::Enter]);
    let index = app
        .world()
        .resource::<Draft>()
        .moving
        .expect("Enter picked it up");
    let free = loop {
        tap(&mut app, &[KeyCode::KeyN]);
        let at = cursor(&app).unwrap();
        if !bought.contains(&at) {
            break at;
        }
    };
    tap(&mut app, &[KeyCode::Enter]);
    let army = army(&app);
    assert_eq!(army[index], free, "moved from {picked:?}: {army:?}");
    // Shift+arrows move the cursor a hex at a time.
    tap(&mut app, &[KeyCode::ShiftLeft, KeyCode::ArrowUp]);
    let up = cursor(&app).unwrap();
    assert!(up.distance(free) == 1, "one hex from {free:?}: {up:?}");

    // Ctrl+Enter deploys while the cursor is on the board.
    tap(&mut app, &[KeyCode::ControlLeft, KeyCode::Enter]);
    until_my_turn(&mut app);
    assert_eq!(shown(&app).view.battlefield().phase, Phase::Battle, "deployed");

    // N and Enter activate a block (1 chooses the first of several ways).
    tap(&mut app, &[KeyCode::KeyN]);
    let block = cursor(&app).unwrap();
    assert!(
        shown(&app)
            .view
            .battlefield()
            .units_at(block)
            .any(|u| u.owner == 0),
        "the cursor is on a block of mine"
    );
    tap(&mut app, &[KeyCode::Enter]);
    if shown(&app).view.battlefield().activation.is_none() {
        tap(&mut app, &[KeyCode::Digit1]);
    }
    assert!(
        shown(&app).view.battlefield().activation.is_some(),
        "activated by keys"
    );

    // N now steps through the hexes it may go to; Enter moves there.
    tap(&mut app, &[KeyCode::KeyN]);
    let to = cursor(&app).unwrap();
    assert_ne!(to, block);
    tap(&mut app, &[KeyCode::Enter]);
    if app.world().resource::<Selection>().choosing.is_some() {
        tap(&mut app, &[KeyCode::Digit1]);
    }
    let moved = shown(&app)
        .view
        .battlefield()
        .activation
        .as_ref()
        .is_none_or(|a| shown(&app).view.battlefield().units[a.units[0]].at != Some(block));
    assert!(moved, "the block left {block:?}");

    // Space ends the activation, E the turn.
    if shown(&app).view.battlefield().activation.is_some() {
        tap(&mut app, &[KeyCode::Space]);
    }
    assert!(
        shown(&app).view.battlefield().activation.is_none(),
        "Space ended the activation"
    );
    let round = shown(&app).view.battlefield().round;
    tap(&mut app, &[KeyCode::KeyE]);
    let game = &shown(&app).view.battlefield();
    assert!(game.active == 1 || game.round > round, "E ended the turn");
}
