//! The app's logic without a window (MinimalPlugins + StatesPlugin), played
//! through the same Messages the UI sends.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use black_and_white::game_log::GameLog;
use black_and_white::games::tiles::engine::{Tiles, TilesAction};
use black_and_white::ids::GameId;
use black_and_white::replay::Shelf;
use black_and_white::rules::{Level, Playable};
use black_and_white::screens::Screen;
use black_and_white::session::{
    Act, LiftCurtain, MatchCommand, MatchResult, Opponent, Session, Shown, StartMatch,
};
use black_and_white::settings::{AnimationSpeed, Settings, SettingsFile};

pub fn config_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bw-headless-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn app(config: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(SettingsFile(Some(config.join("settings.ron"))));
    app.insert_resource(Shelf::at(config.join("replays")));
    app.add_plugins(black_and_white::logic_plugin);
    app.update();
    app.world_mut().resource_mut::<Settings>().animation_speed = AnimationSpeed::Instant;
    app.update();
    app
}

/// What the seat at the screen is shown: all a test of the app may read.
pub fn shown<G: Playable>(app: &App) -> &Shown<G> {
    app.world().resource::<Shown<G>>()
}

pub fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

pub fn start(app: &mut App, opponent: Opponent, seed: u64) {
    app.world_mut().write_message(StartMatch {
        game: GameId::Tiles,
        opponent,
        seed: Some(seed),
    });
    app.update();
    app.update();
    assert_eq!(screen(app), Screen::Playing);
}

/// Plays the lowest tile whenever the person at the screen is to move,
/// lifting the curtain when it is up, until the result screen opens.
pub fn play_to_the_end(app: &mut App) -> usize {
    let mut actions = 0;
    for _ in 0..400 {
        if screen(app) == Screen::Result {
            return actions;
        }
        let shown = shown::<Tiles>(app);
        if shown.curtain.is_some() {
            app.world_mut().write_message(LiftCurtain);
        } else if shown.acting.is_some() {
            let tile = shown.view.hand[0];
            app.world_mut()
                .write_message(Act::<Tiles>::new(TilesAction { tile }));
            actions += 1;
        }
        app.update();
    }
    panic!("the game did not reach the result screen");
}

#[test]
fn a_whole_game_against_the_computer_through_to_the_result_screen() {
    let dir = config_dir("computer");
    let mut app = app(&dir);
    assert_eq!(screen(&app), Screen::Title);
    start(&mut app, Opponent::Computer(Level::Hard), 11);
    let first = app.world().resource::<Session<Tiles>>().first().unwrap();
    let log = app.world().resource::<GameLog>();
    assert!(log.shown().any(|l| l.starts_with("Coin flip:")));
    // The seed decides the computer's choices: nothing shows it while the
    // game runs.
    assert!(
        !log.shown().any(|l| l.contains("seed") || l.contains("11")),
        "{:?}",
        log.shown().collect::<Vec<_>>()
    );
    assert_eq!(app.world().resource::<Session<Tiles>>().finished_seed(), None);

    let actions = play_to_the_end(&mut app);
    assert_eq!(actions, 9, "the person plays one tile in each of nine rounds");
    let session = app.world().resource::<Session<Tiles>>();
    let outcome = session.outcome().unwrap();
    assert_eq!(session.first(), Some(first));
    assert_eq!(session.finished_seed(), Some(11), "the result shows the seed");
    assert_eq!(app.world().resource::<MatchResult>().seed, 11);
    let result = app.world().resource::<MatchResult>();
    assert_eq!(result.outcome, outcome);
    assert!(!result.headline.is_empty());
    let log = app.world().resource::<GameLog>();
    assert_eq!(log.shown().filter(|l| l.starts_with("Round ")).count(), 9);
    assert!(log.shown().last().unwrap().starts_with("Game over"));

    // Play again: a fresh game with the same options.
    app.world_mut().write_message(MatchCommand::PlayAgain);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    let session = app.world().resource::<Session<Tiles>>();
    assert_eq!(session.opponent, Opponent::Computer(Level::Hard));
    assert_eq!(shown::<Tiles>(&app).view.round, 1, "a fresh game");
    assert!(session.steps() <= 1, "at most the computer's lead");

    // Quit to the menu ends the session.
    app.world_mut().write_message(MatchCommand::Quit);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::GameList);
    assert!(app.world().get_resource::<Session<Tiles>>().is_none());
}

#[test]
fn friends_on_one_screen_pass_it_behind_a_curtain() {
    let dir = config_dir("friend");
    let mut app = app(&dir);
    start(&mut app, Opponent::Friend, 5);
    let first = app.world().resource::<Session<Tiles>>().first().unwrap();
    let seen = shown::<Tiles>(&app);
    assert_eq!(
        seen.curtain,
        Some(first),
        "the curtain is up before the first move"
    );
    assert_eq!(seen.acting, None, "nobody may play behind the curtain");

    // An action sent while the curtain is up changes nothing.
    let before = seen.view.clone();
    app.world_mut()
        .write_message(Act::<Tiles>::new(TilesAction { tile: 4 }));
    app.update();
    assert_eq!(shown::<Tiles>(&app).view, before);
    assert_eq!(app.world().resource::<Session<Tiles>>().steps(), 0);

    app.world_mut().write_message(LiftCurtain);
    app.update();
    let seen = shown::<Tiles>(&app);
    assert_eq!((seen.curtain, seen.seat, seen.acting), (None, first, Some(first)));
    app.world_mut()
        .write_message(Act::<Tiles>::new(TilesAction { tile: 4 }));
    app.update();
    let seen = shown::<Tiles>(&app);
    assert_eq!(
        seen.curtain,
        Some(1 - first),
        "play passes to the other person: curtain"
    );
    assert_eq!(seen.seat, first, "the table shows nothing new until it is lifted");

    play_to_the_end(&mut app);
    assert!(app.world().get_resource::<MatchResult>().is_some());
}

#[test]
fn a_corrupt_settings_file_gives_the_defaults_and_a_warning() {
    let dir = config_dir("corrupt");
    let file = dir.join("settings.ron");
    std::fs::write(&file, "(colour_counter: maybe").unwrap();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(SettingsFile(Some(file.clone())));
    app.add_plugins(black_and_white::logic_plugin);
    app.update();
    assert_eq!(*app.world().resource::<Settings>(), Settings::default());
    let log = app.world().resource::<GameLog>();
    assert!(
        log.notices
            .iter()
            .any(|n| n.contains("settings.ron") && n.contains("defaults")),
        "{:?}",
        log.notices
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "(colour_counter: maybe",
        "left as it was"
    );
    // The game still starts and plays.
    app.world_mut().resource_mut::<Settings>().animation_speed = AnimationSpeed::Instant;
    start(&mut app, Opponent::Computer(Level::Easy), 3);
    play_to_the_end(&mut app);
}

#[test]
fn settings_persist_across_runs() {
    let dir = config_dir("persist");
    {
        let mut app = app(&dir);
        app.world_mut().resource_mut::<Settings>().colour_counter = false;
        app.update();
    }
    let app = app(&dir);
    let settings = app.world().resource::<Settings>();
    assert!(!settings.colour_counter);
    assert_eq!(settings.animation_speed, AnimationSpeed::Instant);
    assert!(app.world().resource::<GameLog>().notices.is_empty());
}

pub mod betting {
    use std::time::Duration;

    use bevy::time::TimeUpdateStrategy;
    use black_and_white::games::betting::engine::rules::check_arrangement;
    use black_and_white::games::betting::engine::{AutoFold, Betting, BettingAction, Phase, Placement};
    use black_and_white::games::betting::{BettingClock, MoveOn, ResultPacing, SetupBoard, SetupEdit};

    use super::*;

    /// Each update is half a second of game time.
    pub fn start_betting(name: &str, opponent: Opponent, seed: u64) -> App {
        let dir = config_dir(name);
        let mut app = app(&dir);
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(500)));
        app.world_mut()
            .resource_mut::<Time<Virtual>>()
            .set_max_delta(Duration::from_secs(1));
        app.world_mut().write_message(StartMatch {
            game: GameId::Betting,
            opponent,
            seed: Some(seed),
        });
        app.update();
        app.update();
        assert_eq!(screen(&app), Screen::Playing);
        app
    }

    fn seen(app: &App) -> &Shown<Betting> {
        shown::<Betting>(app)
    }

    fn edit(app: &mut App, edits: &[SetupEdit]) {
        for &e in edits {
            app.world_mut().write_message(e);
        }
        app.update();
    }

    #[test]
    fn a_timed_out_setup_a_timed_out_decision_and_a_whole_game() {
        let mut app = start_betting("betting", Opponent::Computer(Level::Normal), 3);
        assert_eq!(seen(&app).acting, Some(0));
        let mut edits = vec![SetupEdit::Place { tile: 9, slot: 0 }];
        edits.extend([SetupEdit::AddChip { slot: 0 }; 6]);
        edits.push(SetupEdit::RemoveChip { slot: 0 });
        edits.push(SetupEdit::Lock);
        edit(&mut app, &edits);
        let board = app.world().resource::<SetupBoard>();
        assert_eq!(board.problem.as_deref(), Some("Place 9 more tiles"));
        assert_eq!((board.draft.tiles[0], board.draft.chips[0]), (Some(9), 5));
        assert_eq!(
            seen(&app).view.phase,
            Phase::Setup,
            "a refused lock changes nothing"
        );

        // Nobody locks: the three-minute clock runs out.
        let mut updates = 0;
        while !seen(&app).view.arranged[0] {
            app.update();
            updates += 1;
            assert!(updates < 400, "the setup clock never ran out");
        }
        assert!(
            updates >= 355,
            "three minutes at half a second an update: {updates}"
        );
        let mine: Vec<Placement> = seen(&app)
            .view
            .mine
            .iter()
            .map(|s| Placement {
                tile: s.tile,
                chips: s.placed,
            })
            .collect();
        assert!(check_arrangement(&mine).is_ok());
        assert_eq!(mine[0].tile, 9, "what was placed stays");
        assert!(mine[0].chips >= 5, "chips placed stay; the rest are spread");
        let log = app.world().resource::<GameLog>();
        assert!(
            log.shown().any(|l| l.contains("gaps are filled at random")),
            "{:?}",
            log.shown().collect::<Vec<_>>()
        );

        // The first decision: the clock runs out, and that folds.
        let mut timed_out = false;
        let mut decisions = 0;
        for _ in 0..2000 {
            if screen(&app) == Screen::Result {
                break;
            }
            let pacing = app.world().resource::<ResultPacing>();
            if pacing.on_screen(&seen(&app).view).is_some() {
                assert_eq!(seen(&app).acting, None, "nobody acts while a result shows");
                if timed_out {
                    app.world_mut().write_message(MoveOn);
                }
            } else if seen(&app).acting.is_some() {
                decisions += 1;
                if timed_out {
                    app.world_mut()
                        .write_message(Act::<Betting>::new(BettingAction::Match(None)));
                } else {
                    let slot = seen(&app).view.slot;
                    let mut waited = 0;
                    while seen(&app).view.history.len() < slot {
                        app.update();
                        waited += 1;
                        assert!(waited <= 42, "a 20-second clock");
                    }
                    assert!(waited >= 39, "the decision clock ran {waited} updates");
                    let fold = seen(&app).view.history[slot - 1];
                    assert_eq!((fold.folder, fold.auto), (Some(0), Some(AutoFold::OutOfTime)));
                    timed_out = true;
                    continue;
                }
            }
            app.update();
        }
        assert!(timed_out, "seed 3 gives the person a decision");
        assert_eq!(screen(&app), Screen::Result);
        assert!(decisions >= 2);
        let outcome = seen(&app).outcome.unwrap();
        assert_eq!(outcome.score.iter().sum::<i64>(), 60);
        assert_eq!(app.world().resource::<MatchResult>().outcome, outcome);
        let log = app.world().resource::<GameLog>();
        assert_eq!(log.shown().filter(|l| l.starts_with("Slot ")).count(), 10);
        assert!(log.shown().any(|l| l.contains("ran out of time and folded")));
    }

    #[test]
    fn friends_set_up_in_turn_each_with_their_own_three_minutes() {
        let mut app = start_betting("betting-friends", Opponent::Friend, 8);
        assert_eq!(seen(&app).curtain, Some(0));
        app.world_mut().write_message(LiftCurtain);
        app.update();
        for _ in 0..200 {
            app.update();
        }
        let left = app.world().resource::<BettingClock>().left;
        assert!((75.0..85.0).contains(&left), "100 s used of 180: {left}");
        edit(&mut app, &[SetupEdit::FillAtRandom, SetupEdit::Lock]);
        app.update();
        assert_eq!(seen(&app).curtain, Some(1), "player 2 sets up behind the curtain");
        for _ in 0..20 {
            app.update();
        }
        app.world_mut().write_message(LiftCurtain);
        app.update();
        app.update();
        let clock = app.world().resource::<BettingClock>();
        assert!(clock.left > 178.0, "a fresh three minutes: {}", clock.left);
        assert!(
            app.world().resource::<SetupBoard>().draft.is_untouched(),
            "an empty board"
        );
        edit(&mut app, &[SetupEdit::Lock]);
        assert_eq!(
            app.world().resource::<SetupBoard>().problem.as_deref(),
            Some("Place 10 more tiles")
        );
    }
}
