//! The wargame as the app plays it, headless: a tutorial battle through the
//! UI's Messages to the victory screen, the battle saved at every turn and
//! resumed after a restart, undo, and a battle started from the command
//! line.

use bevy::prelude::*;
use black_and_white::cli::Launch;
use black_and_white::games::GameId;
use black_and_white::games::wargame::army_panel::Draft;
use black_and_white::games::wargame::data::Faction;
use black_and_white::games::wargame::picker::setup_for;
use black_and_white::games::wargame::save::{ResumeBattle, SaveFile};
use black_and_white::games::wargame::scenario::shipped;
use black_and_white::games::wargame::state::Phase;
use black_and_white::games::wargame::undo::{UndoStack, UndoStep};
use black_and_white::games::wargame::{Action, Rulebook, Wargame, bot};
use black_and_white::rules::{Game, Level};
use black_and_white::screens::Screen;
use black_and_white::session::{
    Act, GameLog, LiftCurtain, MatchResult, Opponent, Prepared, Session, StartMatch,
};
use black_and_white::settings::{AnimationSpeed, Settings};

use crate::headless::{app as new_app, config_dir, screen};

fn start(app: &mut App, scenario: u32, human: usize, opponent: Opponent, seed: u64) {
    let scenario = shipped(scenario).unwrap();
    app.insert_resource(Prepared::<Wargame> {
        config: setup_for(&scenario, true),
        human,
    });
    app.world_mut().write_message(StartMatch {
        game: GameId::Wargame,
        opponent,
        seed: Some(seed),
    });
    app.update();
    app.update();
    assert_eq!(screen(app), Screen::Playing);
}

fn session(app: &App) -> &Session<Wargame> {
    app.world().resource::<Session<Wargame>>()
}

/// The person at the screen builds through the army panel's draft, then
/// plays what the Normal computer would on their view, until the battle
/// ends or `until` holds. Returns the actions sent.
fn play(app: &mut App, mut until: impl FnMut(&Session<Wargame>) -> bool) -> usize {
    let mut me = bot::bot(Level::Normal, 5);
    let mut sent = 0;
    for _ in 0..20_000 {
        if screen(app) == Screen::Result || until(session(app)) {
            return sent;
        }
        let session = session(app);
        if session.curtain.is_some() {
            app.world_mut().write_message(LiftCurtain);
        } else if let Some(seat) = session.human_to_move() {
            let game = &session.game;
            let action = if game.phase == Phase::Building {
                let mut draft = Draft::default();
                let classes: Vec<String> = Rulebook::get()
                    .units
                    .iter()
                    .filter(|c| c.faction == Faction::of_seat(seat) && game.scenario.allows_unit(&c.id))
                    .map(|c| c.id.clone())
                    .collect();
                for class in classes.iter().cycle().take(6) {
                    draft.buy(game, seat, class);
                }
                assert!(game.check(seat, &draft.action()).is_ok(), "{draft:?}");
                draft.action()
            } else {
                me.choose(&game.view(seat))
            };
            app.world_mut().write_message(Act::<Wargame>::new(action));
            sent += 1;
        }
        app.update();
    }
    panic!("the battle did not end");
}

#[test]
fn a_tutorial_battle_through_to_the_victory_screen() {
    let dir = config_dir("wargame-tutorial");
    let mut app = new_app(&dir);
    start(&mut app, 21, 1, Opponent::Computer(Level::Easy), 4);
    assert_eq!(session(&app).human, 1);
    assert_eq!(session(&app).names(), ["Computer".to_string(), "You".to_string()]);
    let sent = play(&mut app, |_| false);
    assert!(sent > 20, "only {sent} actions");
    let result = app.world().resource::<MatchResult>();
    let game = &session(&app).game;
    assert_eq!(game.phase, Phase::Over);
    assert_eq!(Some(result.outcome), game.outcome());
    let log = &app.world().resource::<GameLog>().lines;
    assert!(log.iter().any(|l| l.starts_with("— Round 2:")), "{log:?}");
    assert!(
        log.iter().any(|l| l.contains("dice ") && l.contains(" defense ")),
        "an attack explained in the log: {log:?}"
    );
    assert!(log.iter().any(|l| l.starts_with("Game over")));
    let file = app.world().resource::<SaveFile>().clone();
    assert!(file.load().unwrap().is_none(), "a finished battle leaves no save");
}

#[test]
fn a_battle_is_saved_at_every_turn_and_resumes_after_a_restart() {
    let dir = config_dir("wargame-save");
    let mut app = new_app(&dir);
    start(&mut app, 1, 0, Opponent::Computer(Level::Normal), 9);
    play(&mut app, |s| s.game.round >= 3);
    let file = app.world().resource::<SaveFile>().clone();
    let saved = file.load().unwrap().expect("saved at the turn's start");
    assert!(saved.game.round >= 2);
    assert_eq!((saved.human, saved.seed), (0, 9));
    assert!(
        saved.describe().contains("01 Border Skirmish"),
        "{}",
        saved.describe()
    );
    drop(app);

    let mut app = new_app(&dir);
    app.world_mut().write_message(ResumeBattle);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    // The same battle goes on (the computer may already have moved).
    let resumed = &session(&app).game;
    assert_eq!((resumed.seed, resumed.round), (saved.game.seed, saved.game.round));
    assert!(
        resumed
            .units
            .iter()
            .zip(&saved.game.units)
            .all(|(a, b)| a.class == b.class)
    );
    assert_eq!(session(&app).opponent, Opponent::Computer(Level::Normal));
    play(&mut app, |_| false);
    assert_eq!(session(&app).game.phase, Phase::Over);

    // A save that cannot be read is reported and nothing starts.
    std::fs::write(dir.join("wargame-battle.ron"), "(game: 3").unwrap();
    let mut app = new_app(&dir);
    app.world_mut().write_message(ResumeBattle);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Title);
    let notices = &app.world().resource::<GameLog>().notices;
    assert!(
        notices
            .iter()
            .any(|n| n.contains("cannot be resumed") && n.contains("wargame-battle.ron")),
        "{notices:?}"
    );
}

#[test]
fn undo_takes_back_moves_until_a_die_is_rolled() {
    let dir = config_dir("wargame-undo");
    let mut app = new_app(&dir);
    start(&mut app, 21, 0, Opponent::Friend, 2);
    // Both friends build; then whoever begins takes the screen.
    play(&mut app, |s| s.game.phase == Phase::Battle && s.curtain.is_none());
    let seat = session(&app).game.active;
    let before = session(&app).game.clone();
    let unit = before.units.iter().find(|u| u.owner == seat).unwrap().id;
    app.world_mut()
        .write_message(Act::<Wargame>::new(Action::Activate {
            units: vec![unit],
            order: None,
        }));
    app.update();
    let to = session(&app)
        .game
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::Move { to } => Some(to),
            _ => None,
        })
        .expect("a unit on its first row can move");
    app.world_mut()
        .write_message(Act::<Wargame>::new(Action::Move { to }));
    app.update();
    assert_eq!(app.world().resource::<UndoStack>().steps.len(), 2);
    assert_eq!(session(&app).game.units[unit].at, Some(to));
    app.world_mut().write_message(UndoStep);
    app.update();
    assert_ne!(session(&app).game.units[unit].at, Some(to));
    assert!(session(&app).game.activation.is_some());
    app.world_mut().write_message(UndoStep);
    app.update();
    assert!(session(&app).game == before, "back where the turn began");
    assert!(!app.world().resource::<UndoStack>().can_undo());

    // Ending the turn passes the screen: nothing to take back.
    app.world_mut()
        .write_message(Act::<Wargame>::new(Action::EndTurn));
    app.update();
    assert!(!app.world().resource::<UndoStack>().can_undo());
    assert_eq!(session(&app).curtain, Some(1 - seat));
}

#[test]
fn the_command_line_starts_straight_into_a_battle() {
    let dir = config_dir("wargame-launch");
    let mut app = App::new();
    app.insert_resource(Launch {
        game: Some(GameId::Wargame),
        scenario: Some("5".into()),
        seed: Some(3),
        ..Launch::default()
    });
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
    app.insert_resource(black_and_white::settings::SettingsFile(Some(
        dir.join("settings.ron"),
    )));
    app.add_plugins(black_and_white::logic_plugin);
    app.update();
    app.world_mut().resource_mut::<Settings>().animation_speed = AnimationSpeed::Instant;
    for _ in 0..200 {
        app.update();
        if app
            .world()
            .get_resource::<Session<Wargame>>()
            .is_some_and(|s| s.game.phase == Phase::Battle)
        {
            break;
        }
    }
    let session = session(&app);
    assert_eq!(session.game.scenario.number, 5);
    assert_eq!(
        session.game.phase,
        Phase::Battle,
        "both armies built by the computer"
    );
    assert!(session.game.units.iter().any(|u| u.owner == 0));
    assert!(session.game.units.iter().any(|u| u.owner == 1));
}

#[test]
fn the_table_offers_the_legal_moves_as_hexes_and_the_aid_card_narrows_them() {
    use black_and_white::games::wargame::choices::{Aid, Choices, Mark};
    let dir = config_dir("wargame-choices");
    let mut app = new_app(&dir);
    start(&mut app, 22, 0, Opponent::Friend, 8);
    play(&mut app, |s| s.game.phase == Phase::Battle && s.curtain.is_none());
    let game = session(&app).game.clone();
    let seat = game.active;
    let before = Choices::of(&game, seat);
    assert!(
        before.by_hex.is_empty(),
        "nothing on the board before an activation"
    );
    assert!(before.buttons.contains(&Action::EndTurn));
    let unit = game
        .units
        .iter()
        .find(|u| u.owner == seat && u.kind != black_and_white::games::wargame::data::UnitType::Artillery)
        .unwrap()
        .id;
    app.world_mut()
        .write_message(Act::<Wargame>::new(Action::Activate {
            units: vec![unit],
            order: None,
        }));
    app.update();
    let game = session(&app).game.clone();
    let choices = Choices::of(&game, seat);
    let moves: Vec<_> = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { to } => Some(to),
            _ => None,
        })
        .collect();
    assert!(!moves.is_empty());
    for to in &moves {
        assert!(choices.marks().contains(&(*to, Mark::Reach)), "{to} is offered");
    }
    assert!(choices.buttons.contains(&Action::EndActivation));
    assert!(choices.aid_enabled(Aid::C), "moving the full distance is offered");
    assert!(
        !choices.aid_enabled(Aid::A),
        "no enemy within reach of an attack yet"
    );
    let full = choices.filtered(Some(Aid::C));
    assert!(
        full.by_hex
            .iter()
            .all(|(_, _, a)| matches!(a, Action::Move { .. }))
    );
    assert_eq!(full.by_hex.len(), moves.len());
}
