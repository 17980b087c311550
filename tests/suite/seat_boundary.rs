//! Each seat sees only its own side: what the app shows a seat is exactly
//! that seat's view, private events reach only their seat, every computer
//! level chooses from its view alone, and the ways the tables used to leak
//! are closed.

use bevy::prelude::*;
use black_and_white::games::betting::engine::Betting;
use black_and_white::games::betting::{MoveOn, ResultPacing};
use black_and_white::games::bidding::engine::Bidding;
use black_and_white::games::tiles::engine::Tiles;
use black_and_white::games::wargame::engine::Wargame;
use black_and_white::games::wargame::engine::scenario::Goal;
use black_and_white::games::wargame::engine::state::{Action, CheckFor, Event};
use black_and_white::ids::GameId;
use black_and_white::rules::{Audience, Game, GameRng, Level, Playable, Protocol, Seat};
use black_and_white::session::{Act, LiftCurtain, Narrated, Opponent, Session, Shown, StartMatch};
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

use crate::headless::{app, betting::start_betting, config_dir, screen, shown};
use crate::referee::{parse, referee};
use crate::wargame_rules::{OPEN, act, activate, battle, cavalry_fails_to_leave, field};

/// Plays a whole game between two friends on one screen with random legal
/// actions, keeping its own copy of the game from the same seed, and checks
/// after every frame that the app shows exactly the view of the seat at the
/// screen, and its legal actions only while that seat may act.
fn friends_play_at_random<G: Playable>(game: GameId, seed: u64, limit: usize)
where
    G::View: PartialEq,
    G::Action: PartialEq,
{
    let dir = config_dir(&format!("boundary-{}", game.id()));
    let mut app = app(&dir);
    app.world_mut().write_message(StartMatch {
        game,
        opponent: Opponent::Friend,
        seed: Some(seed),
    });
    app.update();
    app.update();
    let mut mirror = G::new_game(seed);
    let mut rng = GameRng::seed_from_u64(seed);
    let mut frames = 0;
    while mirror.outcome().is_none() && app.world().resource::<Session<G>>().steps() < limit {
        frames += 1;
        assert!(frames < 20_000, "{} did not finish", game.id());
        let seen = shown::<G>(&app);
        assert_eq!(
            seen.view,
            mirror.view(seen.seat),
            "{}: shown to seat {} is its view",
            game.id(),
            seen.seat
        );
        if seen.curtain.is_some() {
            assert!(seen.acting.is_none() && seen.legal.is_empty());
            app.world_mut().write_message(LiftCurtain);
        } else if let Some(seat) = seen.acting {
            assert_eq!(Some(seat), mirror.to_move());
            assert_eq!(seen.legal, mirror.legal_actions());
            let action = mirror.random_action(&mut rng);
            app.world_mut().write_message(Act::<G>::new(action.clone()));
            let before = app.world().resource::<Session<G>>().steps();
            app.update();
            assert_eq!(
                app.world().resource::<Session<G>>().steps(),
                before + 1,
                "{action:?} applied"
            );
            mirror.apply(seat, action).expect("the mirror applies it too");
            continue;
        } else {
            assert!(
                seen.legal.is_empty(),
                "no legal actions while the seat may not act"
            );
            app.world_mut().write_message(MoveOn);
        }
        app.update();
    }
}

#[test]
fn what_a_seat_is_shown_is_its_view_through_whole_friend_games() {
    friends_play_at_random::<Tiles>(GameId::Tiles, 3, usize::MAX);
    friends_play_at_random::<Bidding>(GameId::Bidding, 4, usize::MAX);
    friends_play_at_random::<Betting>(GameId::Betting, 5, usize::MAX);
    friends_play_at_random::<Wargame>(GameId::Wargame, 6, 120);
}

#[test]
fn space_that_moves_past_a_result_leaves_the_next_curtain_down() {
    let mut app = start_betting("boundary-space", Opponent::Friend, 8);
    app.insert_resource(ButtonInput::<KeyCode>::default());
    use black_and_white::games::betting::SetupEdit;
    // Both friends set up at random, each behind the curtain.
    for _ in 0..2 {
        app.world_mut().write_message(LiftCurtain);
        app.update();
        app.world_mut()
            .write_message_batch([SetupEdit::FillAtRandom, SetupEdit::Lock]);
        app.update();
    }
    // Play on until a result is on screen with a curtain waiting behind it.
    let mut checked = false;
    for _ in 0..4000 {
        if screen(&app) != black_and_white::screens::Screen::Playing {
            break;
        }
        let seen = shown::<Betting>(&app);
        let on_screen = app
            .world()
            .resource::<ResultPacing>()
            .on_screen(&seen.view)
            .is_some();
        if on_screen {
            // Space moves on, in the very frame the curtain comes down.
            let viewer = seen.seat;
            app.world_mut().write_message(MoveOn);
            app.world_mut()
                .resource_mut::<ButtonInput<KeyCode>>()
                .press(KeyCode::Space);
            app.update();
            let seen = shown::<Betting>(&app);
            if let Some(next) = seen.curtain {
                assert_eq!(seen.seat, viewer, "nobody else's board under the same key press");
                let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
                keys.release(KeyCode::Space);
                keys.clear();
                app.update();
                assert_eq!(
                    shown::<Betting>(&app).curtain,
                    Some(next),
                    "still down until a new press"
                );
                app.world_mut()
                    .resource_mut::<ButtonInput<KeyCode>>()
                    .press(KeyCode::Space);
                app.update();
                let seen = shown::<Betting>(&app);
                assert_eq!((seen.curtain, seen.seat), (None, next), "a fresh press lifts it");
                checked = true;
                break;
            }
            let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            keys.release(KeyCode::Space);
            keys.clear();
        } else if seen.curtain.is_some() {
            app.world_mut().write_message(LiftCurtain);
        } else if seen.acting.is_some() {
            app.world_mut().write_message(Act::<Betting>::new(
                black_and_white::games::betting::engine::BettingAction::Match(None),
            ));
        }
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.clear();
    }
    assert!(checked, "seed 8 passes the screen right after a result");
}

#[test]
fn a_command_check_on_a_hidden_block_tells_its_discipline_to_its_owner_only() {
    let (_, events) = cavalry_fails_to_leave();
    let checks: Vec<(&Event, Audience)> = events
        .iter()
        .filter(|e| matches!(e, Event::CommandCheck { .. }))
        .map(|e| (e, Wargame::audience(e)))
        .collect();
    assert_eq!(checks.len(), 2, "{checks:?}");
    for (event, audience) in checks {
        let Event::CommandCheck {
            dice,
            discipline,
            check,
            ..
        } = event
        else {
            unreachable!()
        };
        assert_eq!(
            (*dice, *check),
            ([6, 6], CheckFor::Leave),
            "dice and result are public"
        );
        match audience {
            Audience::Only(0) => assert!(discipline.is_some(), "the owner sees its discipline"),
            Audience::Only(1) => assert_eq!(*discipline, None, "the other side does not"),
            other => panic!("a check on a hidden block is not public: {other:?}"),
        }
    }
}

#[test]
fn a_second_shot_of_an_unidentified_block_is_not_shown_to_the_other_side() {
    let mut g = battle(
        field(&OPEN),
        &[("regular_infantry", (4, 2))],
        &[("order_of_the_virgo", (4, 6))],
        &[],
    );
    act(&mut g, 0, Action::EndTurn);
    activate(&mut g, &[1]);
    let owner = g.view(1).activation.expect("activated").attacks_allowed;
    let other = g.view(0).activation.expect("activated").attacks_allowed;
    assert_eq!(
        (owner, other),
        (2, 1),
        "the class fires twice; black cannot know it"
    );
}

/// A wargame table reads the battle rebuilt from its seat's view, and the
/// online wire sends that view: an unidentified block is there as its type
/// only, a fallen one by the class its fall showed.
#[test]
fn the_wargame_table_reads_a_battle_built_from_the_view_alone() {
    let mut s = field(&OPEN);
    s.black.goal = Goal::Points(2);
    let mut g = battle(
        s,
        &[("heavy_cavalry", (4, 2))],
        &[("sirens_of_vesania", (4, 3)), ("sirens_of_vesania", (0, 6))],
        &[1, 6],
    );
    g.units[1].size = 1;
    let view = g.view(0);
    let wire = Wargame::view_wire(&view);
    assert!(
        !wire.to_string().contains("sirens"),
        "no hidden class on the wire: {wire}"
    );
    let back = Wargame::read_view_wire(wire.clone(), 0).expect("its own view reads back");
    assert_eq!(back, view);
    assert!(
        Wargame::read_view_wire(wire, 1).is_err(),
        "one seat's view is not the other's"
    );
    let seen = back.battlefield();
    assert_eq!(
        seen.units[1].class, "order_of_the_virgo",
        "the type's first card stands in"
    );
    assert!(!seen.units[1].known_to(0) && !seen.units[0].known[1]);

    activate(&mut g, &[0]);
    let events = act(&mut g, 0, Action::Melee { unit: 0, target: 1 });
    let view = g.view(0);
    let seen = view.battlefield();
    assert_eq!(
        (seen.units[1].class.as_str(), seen.units[1].at),
        ("sirens_of_vesania", None)
    );
    assert_eq!(
        seen.units[2].class, "order_of_the_virgo",
        "the other block stays hidden"
    );
    assert!(seen.units[0].known[1], "the attacker was revealed by its attack");
    assert!(seen.reason.is_some(), "the end's reason is shown");
    let names = ["Black".to_string(), "White".to_string()];
    let lines: Vec<String> = events
        .iter()
        .filter_map(|e| Wargame::narrate_seen(&view, e, &names))
        .collect();
    assert!(
        lines.iter().any(|l| l.contains("white Sirens of Vesania")),
        "the fallen block is named by its class: {lines:?}"
    );
}

#[test]
fn the_referee_sends_a_private_event_once_to_its_seat_only() {
    for scenario in ["1", "6", "12"] {
        let (lines, code) = referee(
            &[
                "--game",
                "wargame",
                "--scenario",
                scenario,
                "--seed",
                "5",
                "--bot",
                "0=normal",
                "--bot",
                "1=normal",
            ],
            b"",
        );
        assert_eq!(code, 0);
        let events: Vec<Value> = lines
            .iter()
            .map(|l| parse(l))
            .filter(|v| v["type"] == "event")
            .collect();
        let private: Vec<&Value> = events.iter().filter(|v| v.get("to").is_some()).collect();
        assert!(
            !private.is_empty(),
            "scenario {scenario}: some check on a hidden block"
        );
        for event in &private {
            let to = event["to"].as_u64().unwrap();
            // Each private check has its twin for the other seat, without
            // the discipline, and without the block where it was activated
            // among others of its type (fight rule 3).
            if event["event"] == "command_check" && !event["discipline"].is_null() {
                let twin = events.iter().any(|e| {
                    e["event"] == "command_check"
                        && (e["unit"] == event["unit"] || e["unit"].is_null())
                        && e["dice"] == event["dice"]
                        && e["to"] == json!(1 - to)
                        && e["discipline"].is_null()
                });
                assert!(twin, "{event}");
            }
        }
        // A public check names only blocks both sides have identified.
        let mut known = Vec::new();
        for event in &events {
            match event["event"].as_str().unwrap() {
                "revealed" | "inspected" => known.push(event["unit"].clone()),
                "command_check" if event.get("to").is_none() => {
                    assert!(
                        known.contains(&event["unit"]),
                        "public check on a hidden block: {event}"
                    );
                    assert!(!event["discipline"].is_null());
                }
                _ => {}
            }
        }
    }
}

#[test]
fn extra_and_duplicate_keys_are_refused_with_the_same_ask() {
    let (start, _) = referee(&["--game", "tiles", "--seed", "2"], b"");
    let first = parse(&start[0])["first"].as_u64().unwrap();
    let input = format!(
        "{{\"player\":{first},\"player\":{first},\"action\":{{\"tile\":4}}}}\n\
         {{\"player\":{first},\"action\":{{\"tile\":4,\"tile\":5}}}}\n"
    );
    let (lines, code) = referee(&["--game", "tiles", "--seed", "2"], input.as_bytes());
    assert_eq!(code, 3);
    for i in [2, 4] {
        let error = parse(&lines[i]);
        assert_eq!(error["type"], "error", "{error}");
        assert!(error["message"].as_str().unwrap().contains("twice"), "{error}");
        assert_eq!(lines[i + 1], lines[1], "the same ask again");
    }

    // The wargame allows exactly the fields an action lists.
    let build = json!({"player": 0, "action": {"type": "build", "commander": null, "army": [{"class": "line_infantry", "at": [0, 0]}], "extra": 1}});
    let (lines, _) = referee(
        &["--game", "wargame", "--scenario", "21", "--seed", "4"],
        format!("{build}\n").as_bytes(),
    );
    let error = parse(&lines[2]);
    assert_eq!(error["type"], "error");
    assert!(error["message"].as_str().unwrap().contains("extra"), "{error}");
    assert_eq!(lines[3], lines[1]);
    let end_turn = "{\"player\":0,\"action\":{\"type\":\"end_turn\",\"extra\":1}}\n";
    let mut input = String::new();
    input += &format!(
        "{}\n",
        json!({"player": 0, "action": {"type": "build", "commander": null, "army": [{"class": "line_infantry", "at": [0, 0]}]}})
    );
    input += &format!(
        "{}\n",
        json!({"player": 1, "action": {"type": "build", "commander": null, "army": [{"class": "sirens_of_vesania", "at": [0, 7]}]}})
    );
    input += end_turn;
    input += end_turn.replace("\"player\":0", "\"player\":1").as_str();
    let (lines, _) = referee(
        &["--game", "wargame", "--scenario", "21", "--seed", "4"],
        input.as_bytes(),
    );
    let errors: Vec<Value> = lines
        .iter()
        .map(|l| parse(l))
        .filter(|v| v["type"] == "error")
        .collect();
    assert!(
        errors
            .iter()
            .any(|e| e["message"].as_str().unwrap().contains("unexpected key `extra`")),
        "{errors:?}"
    );
}

#[test]
fn the_seed_stays_secret_until_the_result() {
    let dir = config_dir("boundary-seed");
    let mut app = app(&dir);
    app.world_mut().write_message(StartMatch {
        game: GameId::Betting,
        opponent: Opponent::Computer(black_and_white::rules::Level::Hard),
        seed: Some(987_654_321),
    });
    app.update();
    app.update();
    let log = app.world().resource::<black_and_white::game_log::GameLog>();
    assert!(!log.shown().any(|l| l.contains("987654321")));
    assert!(shown::<Betting>(&app).reveal.is_none());
}

#[test]
fn shown_is_rebuilt_only_when_the_session_changes() {
    let dir = config_dir("boundary-change");
    let mut app = app(&dir);
    app.world_mut().write_message(StartMatch {
        game: GameId::Tiles,
        opponent: Opponent::Friend,
        seed: Some(1),
    });
    app.update();
    app.update();
    app.update();
    let tick = app.world().resource_ref::<Shown<Tiles>>().last_changed();
    app.update();
    app.update();
    assert_eq!(
        app.world().resource_ref::<Shown<Tiles>>().last_changed(),
        tick,
        "nothing changed: the tables have nothing to redraw"
    );
    app.world_mut().write_message(LiftCurtain);
    app.update();
    assert_ne!(app.world().resource_ref::<Shown<Tiles>>().last_changed(), tick);
}

/// The computer's pause and its thinking change nothing a seat sees, so the
/// table is not rebuilt while it waits; its move is shown when it comes.
#[test]
fn shown_stays_while_the_computer_waits_to_move() {
    use std::time::Duration;

    use bevy::time::TimeUpdateStrategy;
    use black_and_white::settings::{AnimationSpeed, Settings};

    let dir = config_dir("boundary-pause");
    let mut app = app(&dir);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app.world_mut().resource_mut::<Settings>().animation_speed = AnimationSpeed::Normal;
    app.world_mut().write_message(StartMatch {
        game: GameId::Tiles,
        opponent: Opponent::Computer(Level::Easy),
        seed: Some(3),
    });
    for _ in 0..200 {
        app.update();
        if shown::<Tiles>(&app).acting.is_some() {
            break;
        }
    }
    let legal = shown::<Tiles>(&app).legal.clone();
    let steps = |app: &App| app.world().resource::<Session<Tiles>>().steps();
    let before = steps(&app);
    app.world_mut().write_message(Act::<Tiles>::new(legal[0]));
    app.update();
    app.update();
    assert_eq!(steps(&app), before + 1, "the person's tile is played");
    let tick = app.world().resource_ref::<Shown<Tiles>>().last_changed();
    // 0.8 s of pause at 16 ms a frame: ten frames stay inside it.
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(steps(&app), before + 1, "the computer is still pausing");
    assert_eq!(
        app.world().resource_ref::<Shown<Tiles>>().last_changed(),
        tick,
        "the computer's pause rebuilt the table"
    );
    for _ in 0..100 {
        app.update();
    }
    assert!(steps(&app) > before + 1, "the computer moved");
    assert_ne!(app.world().resource_ref::<Shown<Tiles>>().last_changed(), tick);
}

#[test]
fn when_the_curtain_lifts_every_tile_already_stands_where_the_new_seat_sees_it() {
    use std::time::Duration;

    use bevy::asset::AssetPlugin;
    use bevy::time::TimeUpdateStrategy;
    use black_and_white::games::tiles::engine::TilesAction;
    use black_and_white::settings::{AnimationSpeed, Settings};
    use black_and_white::ui::tile::TileLook;

    let dir = config_dir("boundary-glide");
    let mut app = app(&dir);
    app.add_plugins(AssetPlugin::default());
    black_and_white::headless_tiles_table(&mut app);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app.world_mut().resource_mut::<Settings>().animation_speed = AnimationSpeed::Normal;
    app.world_mut().write_message(StartMatch {
        game: GameId::Tiles,
        opponent: Opponent::Friend,
        seed: Some(5),
    });
    app.update();
    app.update();
    let mut hand_overs = 0;
    for _ in 0..400 {
        let seen = shown::<Tiles>(&app);
        if seen.outcome.is_some() {
            break;
        }
        if seen.curtain.is_some() {
            app.world_mut().write_message(LiftCurtain);
            app.update();
            hand_overs += 1;
            // The first frame the new seat sees: nothing on its way from
            // where it stood for the other seat.
            let mut tiles = app.world_mut().query::<(&TileLook, &Transform, &Visibility)>();
            for (look, transform, visibility) in tiles.iter(app.world()) {
                if *visibility == Visibility::Visible {
                    assert!(
                        transform.translation.distance(look.target) < 0.01,
                        "hand-over {hand_overs}: a tile at {} on its way to {}",
                        transform.translation,
                        look.target
                    );
                }
            }
        } else if seen.acting.is_some() {
            // The highest tile: it leads or follows from the far end of the
            // hand, so the layouts of the two seats differ.
            let tile = *seen.view.hand.last().unwrap();
            app.world_mut()
                .write_message(Act::<Tiles>::new(TilesAction { tile }));
            // Let the tiles glide a little, as a person watching would.
            for _ in 0..5 {
                app.update();
            }
            continue;
        }
        app.update();
    }
    assert!(
        hand_overs >= 10,
        "a whole game passes the screen often: {hand_overs}"
    );
}

#[test]
fn a_menu_over_bettings_stopped_clocks_hides_the_board() {
    use black_and_white::screens::Screen;
    use black_and_white::ui::menu_cover;
    let opaque = |game, screen| menu_cover(Some(game), &screen).a() == 255;
    assert!(
        opaque(GameId::Betting, Screen::Playing),
        "the clock stops: the board is hidden"
    );
    assert!(
        !opaque(GameId::Tiles, Screen::Playing),
        "no clock: the table shows through the dim"
    );
    assert!(
        !opaque(GameId::Betting, Screen::Result),
        "a finished game hides nothing"
    );
}

/// Early positions of random games in which `seat` is shown the same view
/// while the other seat's differs (its hidden tiles, bids or chips): each
/// level, fresh from the same seed, must choose the same there. Returns
/// how many such pairs were compared, `wanted` at most.
fn levels_choose_from_the_view_alone<G: Playable>(seeds: u64, depth: usize, wanted: usize) -> usize {
    use std::collections::HashMap;
    let mut first_seen: HashMap<(Seat, String), G> = HashMap::new();
    let mut compared = 0;
    for seed in 0..seeds {
        if compared == wanted {
            break;
        }
        let mut game = G::new_game(seed);
        let mut rng = GameRng::seed_from_u64(seed);
        for _ in 0..rng.random_range(0..=depth) {
            let Some(seat) = game.to_move() else { break };
            let legal = game.legal_actions();
            let action = legal[rng.random_range(0..legal.len())].clone();
            game.apply(seat, action).expect("a legal action");
        }
        let Some(seat) = game.to_move() else { continue };
        let shown = serde_json::to_string(&game.view(seat)).unwrap();
        let Some(other) = first_seen.get(&(seat, shown.clone())) else {
            first_seen.insert((seat, shown), game);
            continue;
        };
        let hidden = |g: &G| serde_json::to_string(&g.view(1 - seat)).unwrap();
        if hidden(other) == hidden(&game) {
            continue;
        }
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            for bot_seed in 0..2 {
                let here = G::bot(level, bot_seed).choose(&game.view(seat));
                let there = G::bot(level, bot_seed).choose(&other.view(seat));
                assert_eq!(
                    here,
                    there,
                    "{level:?} chose differently on the same view: {}",
                    hidden(&game)
                );
            }
        }
        compared += 1;
    }
    compared
}

#[test]
fn every_level_chooses_from_its_view_alone() {
    assert_eq!(levels_choose_from_the_view_alone::<Tiles>(300, 4, 12), 12);
    assert_eq!(levels_choose_from_the_view_alone::<Bidding>(300, 4, 12), 12);
    assert_eq!(levels_choose_from_the_view_alone::<Betting>(300, 4, 12), 12);
}
