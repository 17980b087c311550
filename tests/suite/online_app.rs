//! The app's "Play online": headless apps (MinimalPlugins + StatesPlugin)
//! that create and join games on a real server through the same messages
//! the online screen sends, and play them on the games' own sessions to
//! the result screen; an app that carries on after the server is killed
//! and started again; and an app closed mid-game whose next start takes
//! the seat back from its settings.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use black_and_white::game_log::GameLog;
use black_and_white::games::betting::engine::Betting;
use black_and_white::games::bidding::engine::Bidding;
use black_and_white::games::tiles::engine::Tiles;
use black_and_white::games::wargame::engine::Wargame;
use black_and_white::ids::GameId;
use black_and_white::play_online::{
    Across, LobbyCommand, Online, OnlineCommand, OnlineLobby, RematchOffer, Stage,
};
use black_and_white::rules::{GameRng, Level, Playable};
use black_and_white::screens::Screen;
use black_and_white::session::{Act, LiftCurtain, MatchCommand, MatchResult, Opponent, Shown, Watching};
use black_and_white::settings::Settings;
use rand::SeedableRng;
use rand::seq::IndexedRandom;

use super::headless::{app, config_dir, screen};
use super::online::{TestStore, on_both_stores, serve, serve_process_on};

/// A headless app whose settings name the server at `url`.
fn online_app(name: &str, url: &str) -> App {
    let mut app = app(&config_dir(name));
    app.world_mut().resource_mut::<Settings>().server = url.to_owned();
    app.update();
    app
}

fn stage(app: &App) -> Stage {
    app.world().resource::<Online>().stage.clone()
}

/// Updates the apps, each playing a random legal action whenever its
/// person may act, until `done` holds; panics after `limit`.
fn run_until(
    apps: &mut [&mut App],
    rng: &mut GameRng,
    limit: Duration,
    mut done: impl FnMut(&[&mut App]) -> bool,
) {
    let start = Instant::now();
    while !done(apps) {
        assert!(start.elapsed() < limit, "the apps did not get there in {limit:?}");
        for app in apps.iter_mut() {
            act_randomly::<Tiles>(app, rng);
            act_randomly::<Bidding>(app, rng);
            act_randomly::<Betting>(app, rng);
            act_randomly::<Wargame>(app, rng);
            app.update();
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// What the person at the screen would do: a legal action of the ones the
/// table is shown, on the seat's turn only.
fn act_randomly<G: Playable>(app: &mut App, rng: &mut GameRng) {
    let Some(shown) = app.world().get_resource::<Shown<G>>() else {
        return;
    };
    if shown.curtain.is_some() {
        app.world_mut().write_message(LiftCurtain);
    } else if shown.acting.is_some()
        && let Some(action) = shown.legal.choose(rng).cloned()
    {
        app.world_mut().write_message(Act::<G>::new(action));
    }
}

fn result(app: &App) -> MatchResult {
    app.world().resource::<MatchResult>().clone()
}

on_both_stores! {
fn two_apps_play_every_game_to_the_end_through_the_server(store) {
    let url = serve(&store);
    let mut rng = GameRng::seed_from_u64(11);
    for game in GameId::ALL {
        let mut host = online_app(&format!("host-{}-{}", game.id(), store.kind()), &url);
        let mut guest = online_app(&format!("guest-{}-{}", game.id(), store.kind()), &url);
        host.world_mut().write_message(OnlineCommand::Create {
            game,
            across: Across::Person,
            scenario: Some(21),
            public: true,
            rated: false,
            days: None,
            scenario_file: None,
        });
        // The guest looks at the lobby's open games and joins the host's.
        guest.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Online);
        run_until(&mut [&mut host], &mut rng, Duration::from_secs(10), |apps| {
            stage(apps[0]) == Stage::Waiting
        });
        let code = host
            .world()
            .resource::<Online>()
            .code
            .clone()
            .expect("a code to read out");
        assert_eq!(code.len(), black_and_white::wire::CODE_LENGTH);
        run_until(&mut [&mut guest], &mut rng, Duration::from_secs(10), |apps| {
            apps[0].world().resource::<OnlineLobby>().seeks.iter().any(|seek| seek.code == code)
        });
        let seek = guest.world().resource::<OnlineLobby>().seeks.iter().find(|seek| seek.code == code).cloned().unwrap();
        assert_eq!((seek.game, seek.by.as_str()), (game, "a guest"));
        assert_eq!(seek.scenario, (game == GameId::Wargame).then_some(21));
        guest.world_mut().write_message(OnlineCommand::Join {
            code: seek.code,
            accept_mod: false,
        });
        run_until(
            &mut [&mut host, &mut guest],
            &mut rng,
            Duration::from_secs(120),
            |apps| apps.iter().all(|app| screen(app) == Screen::Result),
        );
        let (ours, theirs) = (result(&host), result(&guest));
        assert_eq!(ours.outcome, theirs.outcome, "{game:?}: both tables end alike");
        assert_eq!(
            ours.seed, theirs.seed,
            "{game:?}: the record carries the server's seed"
        );
        assert!(
            ours.replay.is_some() && theirs.replay.is_some(),
            "{game:?}: both kept the replay"
        );
        assert!(!ours.standings.is_empty(), "{game:?}: the result's chart");
        let names = &ours.names;
        assert_eq!(names, &["You".to_string(), "Opponent".to_string()]);
        assert_eq!(theirs.names, ["Opponent".to_string(), "You".to_string()]);
    }
}
}

on_both_stores! {
fn an_app_reconnects_when_the_server_comes_back_and_finishes_the_game(store) {
    let (mut server, url) = serve_process_on(&store, 0);
    let port: u16 = url.rsplit(':').next().unwrap().parse().unwrap();
    let mut app = online_app(&format!("reconnect-{}", store.kind()), &url);
    let mut rng = GameRng::seed_from_u64(12);
    app.world_mut().write_message(OnlineCommand::Create {
        game: GameId::Tiles,
        across: Across::Computer(Level::Normal),
        scenario: None,
        public: false,
        rated: false,
        days: None,
        scenario_file: None,
    });
    run_until(&mut [&mut app], &mut rng, Duration::from_secs(10), |apps| {
        apps[0]
            .world()
            .get_resource::<Shown<Tiles>>()
            .is_some_and(|shown| shown.view.round >= 3)
    });
    assert_eq!(app.world().resource::<Shown<Tiles>>().opponent, Opponent::Online);
    server.kill();
    run_until(&mut [&mut app], &mut rng, Duration::from_secs(10), |apps| {
        stage(apps[0]) == Stage::Reconnecting
    });
    let round = app.world().resource::<Shown<Tiles>>().view.round;
    let (_server, _) = serve_process_on(&store, port);
    run_until(&mut [&mut app], &mut rng, Duration::from_secs(30), |apps| {
        screen(apps[0]) == Screen::Result
    });
    assert!(round < 10, "the game was not over when the server went");
    assert!(result(&app).replay.is_some());
}
}

on_both_stores! {
fn an_app_closed_mid_game_offers_its_seat_and_takes_it_back(store) {
    let url = serve(&store);
    let mut rng = GameRng::seed_from_u64(13);
    let folder = config_dir(&format!("closed-host-{}", store.kind()));
    let mut host = app(&folder);
    host.world_mut().resource_mut::<Settings>().server = url.clone();
    host.update();
    let mut guest = online_app(&format!("closed-guest-{}", store.kind()), &url);
    host.world_mut().write_message(OnlineCommand::Create {
        game: GameId::Tiles,
        across: Across::Person,
        scenario: None,
        public: false,
        rated: false,
        days: None,
        scenario_file: None,
    });
    run_until(&mut [&mut host], &mut rng, Duration::from_secs(10), |apps| {
        stage(apps[0]) == Stage::Waiting
    });
    let code = host.world().resource::<Online>().code.clone().unwrap();
    guest
        .world_mut()
        .write_message(OnlineCommand::Join { code: code.clone(), accept_mod: false });
    run_until(
        &mut [&mut host, &mut guest],
        &mut rng,
        Duration::from_secs(30),
        |apps| {
            apps[0]
                .world()
                .get_resource::<Shown<Tiles>>()
                .is_some_and(|shown| shown.view.round >= 3)
        },
    );
    // The app is closed mid-game; started again, it finds the seat in its
    // settings file.
    drop(host);
    let mut again = app(&folder);
    let kept = again.world().resource::<Settings>().online_seat.clone();
    assert_eq!(kept.map(|seat| (seat.code, seat.server)), Some((code, url)));
    again.world_mut().write_message(OnlineCommand::Resume);
    run_until(
        &mut [&mut again, &mut guest],
        &mut rng,
        Duration::from_secs(60),
        |apps| apps.iter().all(|app| screen(app) == Screen::Result),
    );
    assert_eq!(
        result(&again).outcome,
        result(&guest).outcome,
        "one game, one end"
    );
    // The joining seat's log names its own score first, as its table does.
    let log = guest.world().resource::<GameLog>();
    let scores: Vec<&str> = log.shown().filter(|line| line.contains("Score: ")).collect();
    assert!(!scores.is_empty(), "the rounds' results are in the log");
    assert!(
        scores.iter().all(|line| line.contains("Score: You ")),
        "{scores:?}"
    );
    for app in [&again, &guest] {
        assert_eq!(
            app.world().resource::<Settings>().online_seat,
            None,
            "a seat is forgotten once its game is over"
        );
    }
}
}

/// What `app`'s log shows.
fn log_lines(app: &App) -> Vec<String> {
    app.world()
        .resource::<GameLog>()
        .shown()
        .map(str::to_owned)
        .collect()
}

/// Signs `app` up as `name` from the lobby's screen.
fn sign_up(app: &mut App, name: &str, rng: &mut GameRng) {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Online);
    run_until(&mut [&mut *app], rng, Duration::from_secs(10), |apps| {
        apps[0].world().resource::<OnlineLobby>().live
    });
    app.world_mut().write_message(LobbyCommand::SignUp {
        name: name.into(),
        password: format!("{name}'s long password"),
    });
    run_until(&mut [&mut *app], rng, Duration::from_secs(10), |apps| {
        apps[0].world().resource::<Settings>().online_account.is_some()
    });
}

/// The path through the platform: two apps sign up, one seeks a
/// rated game in the lobby, the other finds it there and joins, they play,
/// agree on a rematch and play it in swapped seats; each game changes both
/// ratings; a third client watches both games and reads no secret.
#[test]
fn two_signed_up_apps_seek_join_play_rematch_and_are_rated_while_a_third_watches() {
    let store = TestStore::sqlite("app-rated");
    let url = serve(&store);
    let mut rng = GameRng::seed_from_u64(12);
    let mut host = online_app("rated-host", &url);
    let mut guest = online_app("rated-guest", &url);
    sign_up(&mut host, "Ann", &mut rng);
    sign_up(&mut guest, "bob-2", &mut rng);
    host.world_mut().write_message(OnlineCommand::Create {
        game: GameId::Tiles,
        across: Across::Person,
        scenario: None,
        public: true,
        rated: true,
        days: None,
        scenario_file: None,
    });
    run_until(
        &mut [&mut host, &mut guest],
        &mut rng,
        Duration::from_secs(10),
        |apps| !apps[1].world().resource::<OnlineLobby>().seeks.is_empty(),
    );
    let seek = guest.world().resource::<OnlineLobby>().seeks[0].clone();
    assert_eq!(
        (seek.by.as_str(), seek.rating, seek.rated),
        ("Ann", Some(1500), true),
        "the seek shows who waits, their rating and that it is rated"
    );
    let watcher = crate::online_watchers::watcher_of_two(&url, &seek.code);
    guest.world_mut().write_message(OnlineCommand::Join {
        code: seek.code.clone(),
        accept_mod: false,
    });
    let both_at = |at: Screen| move |apps: &[&mut App]| apps.iter().all(|app| screen(app) == at);
    let rated = |app: &App| {
        log_lines(app)
            .iter()
            .any(|line| line.starts_with("Your rating in Black and White: 1500 → "))
    };
    run_until(
        &mut [&mut host, &mut guest],
        &mut rng,
        Duration::from_secs(60),
        |apps| both_at(Screen::Result)(apps) && rated(apps[0]) && rated(apps[1]),
    );
    // Told after the game's last lines, in their order.
    let lines = log_lines(&host);
    let at = |start: &str| lines.iter().position(|line| line.starts_with(start)).unwrap();
    assert!(at("Your rating in") > at("Round 9"), "{lines:?}");
    assert_eq!(result(&host).names, ["You".to_string(), "Opponent".to_string()]);
    let mut kept = store.open();
    let ann = kept.player_named("ann").unwrap().unwrap().id;
    let bob = kept.player_named("BOB-2").unwrap().unwrap().id;
    for player in [ann, bob] {
        let rating = kept.rating(player, GameId::Tiles).unwrap().unwrap();
        assert_eq!(rating.games, 1);
        assert!(rating.deviation < 350.0, "one game says something: {rating:?}");
    }
    // The host offers a rematch; the guest's app is told, and accepts.
    host.world_mut().write_message(MatchCommand::PlayAgain);
    run_until(
        &mut [&mut host, &mut guest],
        &mut rng,
        Duration::from_secs(10),
        |apps| {
            apps[1].world().resource::<Online>().rematch
                == Some(RematchOffer {
                    mine: false,
                    swap: true,
                })
        },
    );
    assert_eq!(
        screen(&host),
        Screen::Result,
        "the offer waits for the other player"
    );
    guest.world_mut().write_message(MatchCommand::PlayAgain);
    run_until(
        &mut [&mut host, &mut guest],
        &mut rng,
        Duration::from_secs(10),
        both_at(Screen::Playing),
    );
    let online = host.world().resource::<Online>();
    assert_eq!(online.seat, Some(1), "the seats are swapped");
    let new_code = online.code.clone().unwrap();
    assert_ne!(new_code, seek.code);
    let kept_seat = host
        .world()
        .resource::<Settings>()
        .online_seat
        .clone()
        .expect("the new seat is kept");
    assert_eq!(kept_seat.code, new_code);
    run_until(
        &mut [&mut host, &mut guest],
        &mut rng,
        Duration::from_secs(60),
        both_at(Screen::Result),
    );
    assert_eq!(result(&host).names, ["Opponent".to_string(), "You".to_string()]);
    assert_eq!(result(&host).outcome, result(&guest).outcome);
    run_until(
        &mut [&mut host, &mut guest],
        &mut rng,
        Duration::from_secs(10),
        |_| store.open().rating(ann, GameId::Tiles).unwrap().unwrap().games == 2,
    );
    assert_eq!(
        kept.rating(bob, GameId::Tiles).unwrap().unwrap().games,
        2,
        "the rematch is rated too"
    );
    // A third app opens the first game from the server as its replay,
    // with both sides' knowledge.
    let mut third = online_app("rated-third", &url);
    third.world_mut().write_message(OnlineCommand::Watch {
        code: seek.code.clone(),
    });
    run_until(&mut [&mut third], &mut rng, Duration::from_secs(10), |apps| {
        apps[0].world().get_resource::<Watching>().is_some() && screen(apps[0]) == Screen::Playing
    });
    assert_eq!(third.world().resource::<Watching>().game, GameId::Tiles);
    assert_eq!(third.world().resource::<Watching>().step, 0, "from the start");
    // The watcher saw both games and nothing private of either.
    let seen = watcher.join().unwrap();
    crate::online_watchers::read_only_the_public_side::<Tiles>(&store, &seek.code, &seen[0]);
    crate::online_watchers::read_only_the_public_side::<Tiles>(&store, &new_code, &seen[1]);
}

/// A correspondence game waiting for the player's move is in their list
/// on the Play online screen once they sign in, said in the log, and
/// opened from there by their account alone.
#[test]
fn a_signed_in_app_lists_its_correspondence_game_says_your_move_and_opens_it() {
    use black_and_white::online::client::{Client, random_move};
    use serde_json::json;
    let store = TestStore::sqlite("app-correspondence");
    let url = serve(&store);
    let mut rng = GameRng::seed_from_u64(13);
    let wire = |name: &str, kind: &str| {
        let mut client = Client::connect(&url).unwrap();
        let password = format!("{name}'s password");
        client
            .send(&json!({"type": kind, "name": name, "password": password}))
            .unwrap();
        client.until("signed_in").unwrap();
        client
    };
    let mut ann = wire("Ann", "sign_up");
    let mut bob = wire("Bob", "sign_up");
    ann.send(&json!({"type": "create", "game": "tiles", "opponent": "person", "days": 2}))
        .unwrap();
    let code = ann.until("created").unwrap()["code"].as_str().unwrap().to_owned();
    bob.send(&json!({"type": "join", "code": code})).unwrap();
    let first = bob.until("start").unwrap()["first"].as_u64().unwrap();
    if first == 1 {
        let ask = bob.until("ask").unwrap();
        bob.send(&random_move(&ask, &mut rng)).unwrap();
    }
    // Ann's move now; her wire client leaves, and her app signs in.
    ann.until("ask").unwrap();
    ann.close();
    let mut app = online_app("correspondence-ann", &url);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Online);
    run_until(&mut [&mut app], &mut rng, Duration::from_secs(10), |apps| {
        apps[0].world().resource::<OnlineLobby>().live
    });
    app.world_mut().write_message(LobbyCommand::SignIn {
        name: "Ann".into(),
        password: "Ann's password".into(),
    });
    run_until(&mut [&mut app], &mut rng, Duration::from_secs(10), |apps| {
        !apps[0].world().resource::<OnlineLobby>().my_games.is_empty()
    });
    let listed = app.world().resource::<OnlineLobby>().my_games[0].clone();
    assert_eq!(
        (listed.code.as_str(), listed.your_move, listed.days),
        (code.as_str(), true, Some(2))
    );
    assert!(listed.due.is_some(), "when the move is due");
    assert!(
        log_lines(&app).contains(&format!("Your move in Black and White, game {code}.")),
        "{:?}",
        log_lines(&app)
    );
    // Open: the seat back by her account, on the table, her move to make.
    app.world_mut().write_message(OnlineCommand::Return {
        code: code.clone(),
        game: GameId::Tiles,
    });
    // The app plays her move there (run_until acts for the person).
    run_until(&mut [&mut app], &mut rng, Duration::from_secs(10), |apps| {
        screen(apps[0]) == Screen::Playing
            && log_lines(apps[0])
                .iter()
                .any(|line| line.starts_with("You placed"))
    });
    let kept = app
        .world()
        .resource::<Settings>()
        .online_seat
        .clone()
        .expect("the seat is kept");
    assert_eq!(kept.code, code, "with its new token");
}
