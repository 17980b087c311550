//! The guided first battle, headless: each step goes on only when the
//! player does what it asks (never on the computer's doing), and the
//! player can leave it.

use bevy::prelude::*;
use black_and_white::games::wargame::battle::draft::Draft;
use black_and_white::games::wargame::battle::tutorial::{Tutorial, TutorialCommand};
use black_and_white::games::wargame::engine::Setup;
use black_and_white::games::wargame::engine::scenario::Until;
use black_and_white::games::wargame::engine::scenario_check::check_text;
use black_and_white::games::wargame::engine::shipped::shipped;
use black_and_white::games::wargame::engine::state::Phase;
use black_and_white::games::wargame::engine::{Action, Wargame};
use black_and_white::ids::GameId;
use black_and_white::rules::Level;
use black_and_white::session::{Act, LiftCurtain, Opponent, Prepared, Shown, StartMatch};

use crate::headless::{app as new_app, config_dir};

pub fn start(scenario: u32, opponent: Opponent) -> App {
    let mut app = new_app(&config_dir(&format!("tutorial-{scenario}-{opponent:?}")));
    app.insert_resource(Prepared::<Wargame> {
        config: Setup::with_commanders(&shipped(scenario).unwrap(), true),
        human: 0,
    });
    app.world_mut().write_message(StartMatch {
        game: GameId::Wargame,
        opponent,
        seed: Some(11),
    });
    app.update();
    app.update();
    app
}

pub fn shown(app: &App) -> &Shown<Wargame> {
    app.world().resource::<Shown<Wargame>>()
}

/// What the current step waits for, and its number.
fn step(app: &App) -> (usize, Option<Until>) {
    let tutorial = app.world().resource::<Tutorial>();
    match tutorial.current() {
        Some((n, _, lesson)) => (n, Some(lesson.until)),
        None => (0, None),
    }
}

fn act(app: &mut App, action: Action) {
    app.world_mut().write_message(Act::<Wargame>::new(action));
    app.update();
}

/// The first action the person may take that `kind` picks.
fn first_legal(app: &App, kind: impl Fn(&Action) -> bool) -> Option<Action> {
    shown(app).legal.iter().find(|a| kind(a)).cloned()
}

/// Frames until the person is asked to act (the computer moves meanwhile).
pub fn until_my_turn(app: &mut App) {
    for _ in 0..2000 {
        let seen = shown(app);
        if seen.curtain.is_some() {
            app.world_mut().write_message(LiftCurtain);
        } else if seen.acting.is_some() {
            return;
        }
        app.update();
    }
    panic!("never the person's turn");
}

#[test]
fn each_step_waits_for_what_it_asks_and_the_tutorial_can_be_left() {
    let mut app = start(21, Opponent::Computer(Level::Easy));
    assert_eq!(step(&app), (1, Some(Until::Deploy)));
    // Next does not skip a step that waits for the player.
    app.world_mut().write_message(TutorialCommand::Next);
    app.update();
    assert_eq!(step(&app), (1, Some(Until::Deploy)));

    until_my_turn(&mut app);
    let game = &shown(&app).view.battlefield();
    assert_eq!(game.phase, Phase::Building);
    let mut draft = Draft::default();
    for _ in 0..4 {
        draft.buy(game, 0, "line_infantry");
    }
    act(&mut app, draft.action());
    until_my_turn(&mut app);
    assert_eq!(step(&app), (2, Some(Until::Next)), "deployed");
    app.world_mut().write_message(TutorialCommand::Next);
    app.update();
    assert_eq!(step(&app), (3, Some(Until::Activate)));

    // Ending the turn is not activating; the computer's turn that follows
    // activates its blocks, which is not the player's doing either.
    act(&mut app, Action::EndTurn);
    until_my_turn(&mut app);
    assert_eq!(step(&app), (3, Some(Until::Activate)));

    let activate = first_legal(&app, |a| matches!(a, Action::Activate { .. })).expect("a block to activate");
    act(&mut app, activate);
    assert_eq!(step(&app), (4, Some(Until::Move)));
    let to = first_legal(&app, |a| matches!(a, Action::Move { .. })).expect("a hex to move to");
    act(&mut app, to);
    assert_eq!(step(&app), (5, Some(Until::EndActivation)));
    if shown(&app).view.battlefield().activation.is_some() {
        act(&mut app, Action::EndActivation);
    } else {
        app.update();
    }
    assert_eq!(step(&app), (6, Some(Until::Next)), "the activation ended");
    let lesson_point = app.world().resource::<Tutorial>().current().unwrap().2.point;
    assert!(lesson_point.is_some(), "the terrain step points at the hill");

    app.world_mut().write_message(TutorialCommand::Leave);
    app.update();
    assert!(!app.world().contains_resource::<Tutorial>(), "left");
    assert_eq!(
        shown(&app).view.battlefield().phase,
        Phase::Battle,
        "the battle goes on"
    );
}

#[test]
fn only_a_person_against_the_computer_in_a_scenario_with_steps_is_guided() {
    assert!(
        start(21, Opponent::Computer(Level::Normal))
            .world()
            .contains_resource::<Tutorial>()
    );
    assert!(
        !start(21, Opponent::Friend)
            .world()
            .contains_resource::<Tutorial>()
    );
    assert!(
        !start(1, Opponent::Computer(Level::Normal))
            .world()
            .contains_resource::<Tutorial>()
    );
}

#[test]
fn a_tutorial_step_off_the_map_is_refused_with_its_place() {
    let text = include_str!("../../scenarios/21-tutorial-first-contact.ron")
        .replace("number: 21", "number: 61")
        .replace("point: Some((4, 3))", "point: Some((40, 3))");
    let problems = check_text(&text).expect_err("off the map");
    let line = text
        .lines()
        .position(|l| l.contains("say: \"Terrain matters"))
        .unwrap();
    assert!(
        problems
            .iter()
            .any(|p| p.to_string().contains("tutorial step 6 points at")
                && p.line >= line.saturating_sub(1)
                && p.line <= line + 1),
        "{problems:?}"
    );
}

/// Whether an action is what a step waits for.
fn does(until: Until, action: &Action) -> bool {
    match until {
        Until::Activate => matches!(action, Action::Activate { .. }),
        Until::Move => matches!(action, Action::Move { .. }),
        Until::EndActivation => matches!(action, Action::EndActivation),
        Until::EndTurn => matches!(action, Action::EndTurn),
        Until::Attack => matches!(
            action,
            Action::Melee { .. } | Action::Shoot { .. } | Action::Charge { .. } | Action::Fire { .. }
        ),
        Until::Deploy => matches!(action, Action::Build { .. }),
        Until::Next => false,
    }
}

#[test]
fn every_tutorial_step_can_be_done_from_where_it_begins() {
    // A step that asks for an act the position it begins in cannot give
    // drifts out of order (tutorial 21 once asked for an attack while the
    // armies stood eight rows apart). Each step here is done by the first
    // legal act it asks for, or, for an attack, by a player that marches to
    // the enemy within the turns the step's words allow.
    use black_and_white::games::wargame::engine::bot;
    for scenario in [21, 22] {
        let mut app = start(scenario, Opponent::Computer(Level::Easy));
        let mut me = bot::bot(Level::Normal, 5);
        let steps = app
            .world()
            .resource::<Tutorial>()
            .current()
            .expect("a tutorial")
            .1;
        let mut taught_end_turn = false;
        for n in 1..=steps {
            assert_eq!(step(&app).0, n, "tutorial {scenario} is at step {n}");
            let until = step(&app).1.expect("a step");
            if until == Until::Next {
                app.world_mut().write_message(TutorialCommand::Next);
                app.update();
                continue;
            }
            taught_end_turn |= until == Until::EndTurn;
            until_my_turn(&mut app);
            // An act of the kind asked for at once, or (an attack) after
            // marching: at most three of the player's turns.
            let mut turns = 0;
            while step(&app).0 == n {
                until_my_turn(&mut app);
                let now = first_legal(&app, |a| does(until, a));
                let action = match now {
                    Some(action) if until != Until::Deploy => action,
                    _ => {
                        assert!(
                            until == Until::Attack || until == Until::Deploy,
                            "tutorial {scenario} step {n} asks for {until:?}, which the position it begins in does not offer"
                        );
                        me.choose(&shown(&app).view)
                    }
                };
                if action == Action::EndTurn {
                    // Marching over turns is asked only of a player who
                    // has been shown how to end one.
                    assert!(
                        taught_end_turn,
                        "tutorial {scenario} step {n} asks for {until:?}, which needs turns of marching, before any step teaches E"
                    );
                    turns += 1;
                    assert!(
                        turns <= 3,
                        "tutorial {scenario} step {n}: no attack within three turns of marching"
                    );
                }
                act(&mut app, action);
            }
        }
        assert_eq!(step(&app), (0, None), "tutorial {scenario} done");
    }
}
