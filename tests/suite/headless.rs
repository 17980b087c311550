//! The app's logic without a window (MinimalPlugins + StatesPlugin), played
//! through the same Messages the UI sends.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use black_and_white::games::GameId;
use black_and_white::games::tiles::{Tiles, TilesAction};
use black_and_white::rules::{Game, Level};
use black_and_white::screens::Screen;
use black_and_white::session::{
    Act, GameLog, LiftCurtain, MatchCommand, MatchResult, Opponent, Session, StartMatch,
};
use black_and_white::settings::{AnimationSpeed, Settings, SettingsFile};

fn config_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bw-headless-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn app(config: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(SettingsFile(Some(config.join("settings.ron"))));
    app.add_plugins(black_and_white::logic_plugin);
    app.update();
    app.world_mut().resource_mut::<Settings>().animation_speed = AnimationSpeed::Instant;
    app.update();
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn start(app: &mut App, opponent: Opponent, seed: u64) {
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
fn play_to_the_end(app: &mut App) -> usize {
    let mut actions = 0;
    for _ in 0..400 {
        if screen(app) == Screen::Result {
            return actions;
        }
        let session = app.world().resource::<Session<Tiles>>();
        if session.curtain.is_some() {
            app.world_mut().write_message(LiftCurtain);
        } else if let Some(seat) = session.human_to_move() {
            let tile = session.game.view(seat).hand[0];
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
    let first = app.world().resource::<Session<Tiles>>().game.first().unwrap();
    let log = app.world().resource::<GameLog>();
    assert!(
        log.lines.iter().any(|l| l.starts_with("Coin flip:")),
        "{:?}",
        log.lines
    );

    let actions = play_to_the_end(&mut app);
    assert_eq!(actions, 9, "the person plays one tile in each of nine rounds");
    let session = app.world().resource::<Session<Tiles>>();
    let outcome = session.game.outcome().unwrap();
    assert_eq!(session.game.first(), Some(first));
    let result = app.world().resource::<MatchResult>();
    assert_eq!(result.outcome, outcome);
    assert!(!result.headline.is_empty());
    let log = app.world().resource::<GameLog>();
    assert_eq!(log.lines.iter().filter(|l| l.starts_with("Round ")).count(), 9);
    assert!(log.lines.last().unwrap().starts_with("Game over"));

    // Play again: a fresh game with the same options.
    app.world_mut().write_message(MatchCommand::PlayAgain);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    let session = app.world().resource::<Session<Tiles>>();
    assert_eq!(session.opponent, Opponent::Computer(Level::Hard));
    assert!(session.game.rounds().is_empty());

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
    let session = app.world().resource::<Session<Tiles>>();
    let first = session.game.first().unwrap();
    assert_eq!(
        session.curtain,
        Some(first),
        "the curtain is up before the first move"
    );
    assert_eq!(
        session.human_to_move(),
        None,
        "nobody may play behind the curtain"
    );

    // An action sent while the curtain is up changes nothing.
    let before = session.game.clone();
    app.world_mut()
        .write_message(Act::<Tiles>::new(TilesAction { tile: 4 }));
    app.update();
    assert_eq!(app.world().resource::<Session<Tiles>>().game, before);

    app.world_mut().write_message(LiftCurtain);
    app.update();
    let session = app.world().resource::<Session<Tiles>>();
    assert_eq!((session.curtain, session.viewer), (None, first));
    app.world_mut()
        .write_message(Act::<Tiles>::new(TilesAction { tile: 4 }));
    app.update();
    let session = app.world().resource::<Session<Tiles>>();
    assert_eq!(
        session.curtain,
        Some(1 - first),
        "play passes to the other person: curtain"
    );
    assert_eq!(
        session.viewer, first,
        "the table shows nothing new until it is lifted"
    );

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

#[test]
fn a_game_not_built_yet_cannot_be_started() {
    let dir = config_dir("unbuilt");
    let mut app = app(&dir);
    app.world_mut().write_message(StartMatch {
        game: GameId::Wargame,
        opponent: Opponent::Friend,
        seed: None,
    });
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Title);
}

#[test]
fn a_whole_game_of_bidding_through_bid_and_seal_messages() {
    use black_and_white::games::bidding::{Bidding, BiddingAction};
    let dir = config_dir("bidding");
    let mut app = app(&dir);
    app.world_mut().write_message(StartMatch {
        game: GameId::Bidding,
        opponent: Opponent::Computer(Level::Hard),
        seed: Some(21),
    });
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    let mut bids = 0;
    for _ in 0..400 {
        if screen(&app) == Screen::Result {
            break;
        }
        let session = app.world().resource::<Session<Bidding>>();
        if let Some(seat) = session.human_to_move() {
            let pool = session.game.view(seat).pool;
            app.world_mut()
                .write_message(Act::<Bidding>::new(BiddingAction { bid: pool.min(11) }));
            bids += 1;
        }
        app.update();
    }
    assert_eq!(screen(&app), Screen::Result);
    assert_eq!(bids, 9, "one sealed bid in each of nine rounds");
    let session = app.world().resource::<Session<Bidding>>();
    assert_eq!(
        session.game.bids()[0].iter().map(|&b| u32::from(b)).sum::<u32>(),
        99
    );
    let log = app.world().resource::<GameLog>();
    assert_eq!(log.lines.iter().filter(|l| l.starts_with("Round ")).count(), 9);
}
