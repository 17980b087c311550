//! The keyboard as a player on a slow machine uses it: several keys within
//! one frame all count, in order, and the rules key opens and closes the
//! rules over the game.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use black_and_white::games::bidding::engine::Bidding;
use black_and_white::games::bidding::{self, BidEntry};
use black_and_white::ids::GameId;
use black_and_white::menus::{Menu, RulesReturn};
use black_and_white::rules::Level;
use black_and_white::screens::Screen;
use black_and_white::session::{Opponent, StartMatch};

use crate::headless::{app, config_dir, screen, shown};

fn start(app: &mut App, game: GameId, seed: u64) {
    app.world_mut().write_message(StartMatch {
        game,
        opponent: Opponent::Computer(Level::Easy),
        seed: Some(seed),
    });
    app.update();
    app.update();
    assert_eq!(screen(app), Screen::Playing);
}

/// Presses `keys` one after another within a single frame.
fn type_in_one_frame(app: &mut App, keys: &[KeyCode]) {
    let window = Entity::PLACEHOLDER;
    app.world_mut()
        .write_message_batch(keys.iter().map(|&key_code| KeyboardInput {
            key_code,
            logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
            state: ButtonState::Pressed,
            text: None,
            repeat: false,
            window,
        }));
    app.update();
}

/// The headless app with bidding's keyboard, fed by keyboard messages.
fn bidding_keys_app(name: &str) -> App {
    let mut app = app(&config_dir(name));
    app.add_message::<KeyboardInput>()
        .init_resource::<EguiWantsInput>()
        .add_plugins(bidding::keys_plugin);
    app
}

#[test]
fn keys_typed_within_one_frame_all_reach_the_bid_in_order() {
    let mut app = bidding_keys_app("keys-bid");
    start(&mut app, GameId::Bidding, 3);
    for _ in 0..20 {
        if shown::<Bidding>(&app).acting.is_some() {
            break;
        }
        app.update();
    }
    assert!(
        shown::<Bidding>(&app).acting.is_some(),
        "the person is asked to bid"
    );
    assert_eq!(shown::<Bidding>(&app).view.pool, 99);

    type_in_one_frame(&mut app, &[KeyCode::Digit1, KeyCode::Digit2]);
    assert_eq!(app.world().resource::<BidEntry>().amount, 12, "both digits count");
    type_in_one_frame(
        &mut app,
        &[
            KeyCode::Backspace,
            KeyCode::Backspace,
            KeyCode::Digit3,
            KeyCode::Numpad4,
        ],
    );
    assert_eq!(app.world().resource::<BidEntry>().amount, 34, "34, not 31");
    assert!(!app.world().resource::<BidEntry>().confirming);

    // Bid and Seal within one frame: 34 is spent, and the keys after the
    // seal do not start the next bid.
    type_in_one_frame(&mut app, &[KeyCode::Enter, KeyCode::Enter, KeyCode::Digit7]);
    app.update();
    assert_eq!(shown::<Bidding>(&app).view.pool, 99 - 34);
    assert_ne!(app.world().resource::<BidEntry>().amount, 7);
}

/// The digits of `n`, as keys.
fn digits(n: u8) -> Vec<KeyCode> {
    const KEYS: [KeyCode; 10] = [
        KeyCode::Digit0,
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
    n.to_string()
        .bytes()
        .map(|b| KEYS[usize::from(b - b'0')])
        .collect()
}

#[test]
fn a_whole_game_of_bidding_by_keys_spends_nothing_until_the_second_press() {
    let mut app = bidding_keys_app("keys-game");
    start(&mut app, GameId::Bidding, 21);
    let mut sealed = Vec::new();
    for _ in 0..400 {
        if screen(&app) == Screen::Result {
            break;
        }
        let seen = shown::<Bidding>(&app);
        if seen.acting.is_none() {
            app.update();
            continue;
        }
        let (pool, round) = (seen.view.pool, seen.view.round);
        let amount = pool.min(11);
        // Typed, then Bid: asked to seal, nothing spent.
        let mut keys = digits(amount);
        keys.push(KeyCode::Enter);
        type_in_one_frame(&mut app, &keys);
        let entry = app.world().resource::<BidEntry>();
        assert_eq!((entry.amount, entry.confirming), (amount, true), "round {round}");
        assert_eq!(shown::<Bidding>(&app).view.pool, pool, "Bid alone spends nothing");
        // Seal, in the next frame: spent.
        type_in_one_frame(&mut app, &[KeyCode::Enter]);
        app.update();
        assert_eq!(
            shown::<Bidding>(&app).view.pool,
            pool - amount,
            "round {round}: sealed"
        );
        sealed.push(amount);
    }
    assert_eq!(screen(&app), Screen::Result);
    assert_eq!(
        sealed.len(),
        9,
        "one sealed bid in each of nine rounds: {sealed:?}"
    );
    let reveal = shown::<Bidding>(&app)
        .reveal
        .as_ref()
        .expect("over: all uncovered");
    let bids: Vec<u8> = reveal.game.bids()[0].clone();
    assert_eq!(bids.len(), 9);
    assert_eq!(
        bids.iter().map(|&b| u32::from(b)).sum::<u32>(),
        99,
        "the last round takes the rest"
    );
}

#[test]
fn keys_under_a_menu_or_on_another_screen_never_act_at_the_table() {
    let mut app = bidding_keys_app("keys-menu");
    // Digits typed on the new-game screen, then the game starts.
    type_in_one_frame(&mut app, &[KeyCode::Digit5, KeyCode::Enter]);
    start(&mut app, GameId::Bidding, 3);
    for _ in 0..20 {
        if shown::<Bidding>(&app).acting.is_some() {
            break;
        }
        app.update();
    }
    let entry = app.world().resource::<BidEntry>();
    assert_eq!(
        (entry.amount, entry.confirming),
        (0, false),
        "nothing typed before the game"
    );
    app.world_mut().resource_mut::<NextState<Menu>>().set(Menu::Pause);
    app.update();
    type_in_one_frame(&mut app, &[KeyCode::Digit8]);
    assert_eq!(
        app.world().resource::<BidEntry>().amount,
        0,
        "typed under the pause menu"
    );
    app.world_mut().resource_mut::<NextState<Menu>>().set(Menu::None);
    app.update();
    app.update();
    assert_eq!(
        app.world().resource::<BidEntry>().amount,
        0,
        "and not later either"
    );
    type_in_one_frame(&mut app, &[KeyCode::Digit9]);
    assert_eq!(app.world().resource::<BidEntry>().amount, 9);
}

fn menu(app: &App) -> Menu {
    *app.world().resource::<State<Menu>>().get()
}

/// One press and release of `key`, and the frame the state changes in.
fn tap(app: &mut App, key: KeyCode) {
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
    app.update();
}

#[test]
fn f1_opens_and_closes_the_rules_and_esc_goes_back_where_they_were_opened() {
    let mut app = app(&config_dir("keys-rules"));
    app.init_resource::<ButtonInput<KeyCode>>();
    tap(&mut app, KeyCode::F1);
    assert_eq!(menu(&app), Menu::None, "no rules outside a game");
    start(&mut app, GameId::Tiles, 5);

    tap(&mut app, KeyCode::F1);
    assert_eq!(menu(&app), Menu::Rules);
    tap(&mut app, KeyCode::F1);
    assert_eq!(menu(&app), Menu::None, "F1 again closes them");

    tap(&mut app, KeyCode::F1);
    tap(&mut app, KeyCode::Escape);
    assert_eq!(menu(&app), Menu::None, "Esc from the rules goes back to the game");

    // Opened from the pause menu, they go back to it.
    tap(&mut app, KeyCode::Escape);
    assert_eq!(menu(&app), Menu::Pause);
    app.world_mut()
        .resource_scope(|world, mut rules: Mut<RulesReturn>| {
            rules.open(Menu::Pause, &mut world.resource_mut::<NextState<Menu>>());
        });
    app.update();
    assert_eq!(menu(&app), Menu::Rules);
    tap(&mut app, KeyCode::Escape);
    assert_eq!(menu(&app), Menu::Pause);
    tap(&mut app, KeyCode::Escape);
    assert_eq!(menu(&app), Menu::None);
    assert_eq!(screen(&app), Screen::Playing, "the game goes on");
}
