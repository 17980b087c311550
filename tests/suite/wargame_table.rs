//! The wargame as the app plays it, headless: a tutorial battle through the
//! UI's Messages to the victory screen, the battle saved at every turn and
//! resumed after a restart, undo, and a battle started from the command
//! line.

use bevy::prelude::*;
use black_and_white::cli::Launch;
use black_and_white::game_log::GameLog;
use black_and_white::games::wargame::battle::draft::Draft;
use black_and_white::games::wargame::battle::save::{ResumeBattle, SaveFile};
use black_and_white::games::wargame::battle::undo::{UndoStack, UndoStep};
use black_and_white::games::wargame::engine::Setup;
use black_and_white::games::wargame::engine::board::Coord;
use black_and_white::games::wargame::engine::data::Faction;
use black_and_white::games::wargame::engine::shipped::shipped;
use black_and_white::games::wargame::engine::state::Phase;
use black_and_white::games::wargame::engine::{Action, Rulebook, Wargame, bot};
use black_and_white::games::wargame::table::board::blocks::BlockPiece;
use black_and_white::games::wargame::table::board::choices::Selection;
use black_and_white::games::wargame::table::board::motion::Glide;
use black_and_white::ids::GameId;
use black_and_white::rules::{Game, Level};
use black_and_white::screens::Screen;
use black_and_white::session::{
    Act, ComputerToMove, LiftCurtain, MatchResult, Opponent, Prepared, Session, Shown, StartMatch,
};
use black_and_white::settings::{AnimationSpeed, Settings};

use crate::headless::{app as new_app, config_dir, screen};

fn start(app: &mut App, scenario: u32, human: usize, opponent: Opponent, seed: u64) {
    let scenario = shipped(scenario).unwrap();
    app.insert_resource(Prepared::<Wargame> {
        config: Setup::with_commanders(&scenario, true),
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

/// What the seat at the screen is shown.
fn shown(app: &App) -> &Shown<Wargame> {
    app.world().resource::<Shown<Wargame>>()
}

/// The person at the screen builds through the army panel's draft, then
/// plays what the Normal computer would on their view, until the battle
/// ends or `until` holds. Returns the actions sent.
fn play(app: &mut App, mut until: impl FnMut(&Shown<Wargame>) -> bool) -> usize {
    let mut me = bot::bot(Level::Normal, 5);
    let mut sent = 0;
    for _ in 0..20_000 {
        if screen(app) == Screen::Result || until(shown(app)) {
            return sent;
        }
        let seen = shown(app);
        if seen.curtain.is_some() {
            app.world_mut().write_message(LiftCurtain);
        } else if let Some(seat) = seen.acting {
            let game = &seen.view.battlefield();
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
                me.choose(&seen.view)
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
    let game = &shown(&app).reveal.as_ref().expect("over: all uncovered").game;
    assert_eq!(game.phase, Phase::Over);
    assert_eq!(Some(result.outcome), game.outcome());
    let log: Vec<&str> = app.world().resource::<GameLog>().shown().collect();
    assert!(log.iter().any(|l| l.starts_with("— Round 2:")), "{log:?}");
    assert!(
        log.iter().any(|l| l.contains("dice ") && l.contains(" defense ")),
        "an attack explained in the log: {log:?}"
    );
    assert!(log.iter().any(|l| l.starts_with("Game over")));
    // Hexes are named as the board's edge names them, never "(4, 5)"; a
    // move over several hexes is one line.
    let raw_pair = |l: &str| {
        l.as_bytes()
            .windows(4)
            .any(|w| w[0] == b'(' && w[1].is_ascii_digit() && (w[2] == b',' || w[3] == b','))
    };
    assert!(!log.iter().any(|l| raw_pair(l)), "{log:?}");
    assert!(
        log.iter()
            .any(|l| l.contains(" moves from ") && l.ends_with(" hexes).")),
        "{log:?}"
    );
    let step = |l: &str| {
        let (who, rest) = l.split_once(" moves from ")?;
        let (from, to) = rest.trim_end_matches('.').split_once(" to ")?;
        Some((
            who.to_string(),
            from.to_string(),
            to.split(" (").next()?.to_string(),
        ))
    };
    for pair in log.windows(2) {
        if let (Some(a), Some(b)) = (step(pair[0]), step(pair[1])) {
            assert!(
                !(a.0 == b.0 && a.2 == b.1),
                "one move told in two lines: {pair:?}"
            );
        }
    }
    let file = app.world().resource::<SaveFile>().clone();
    assert!(file.load().unwrap().is_none(), "a finished battle leaves no save");
}

#[test]
fn hard_searches_over_many_frames_and_the_table_knows_it_thinks() {
    let dir = config_dir("wargame-thinking");
    let mut app = new_app(&dir);
    start(&mut app, 12, 1, Opponent::Computer(Level::Hard), 3);
    // Hard's army is drawn at once; the person builds and the battle
    // begins, up to Hard's first choice of a block to activate.
    play(&mut app, |s| {
        s.view.phase == Phase::Battle
            && s.to_move == Some(0)
            && s.view.activation.is_none()
            && s.view.decision.is_none()
    });
    let before = shown(&app).view.clone();
    assert_eq!(before.phase, Phase::Battle, "the battle began");
    let mut frames = 0;
    while shown(&app).view == before {
        assert_eq!(
            app.world().resource::<ComputerToMove>().0,
            Some(0),
            "the table says the computer is at work"
        );
        app.update();
        frames += 1;
        assert!(frames < 5000, "the computer never chose");
    }
    // Its search plays its choices out for far longer than a frame's
    // share of thinking.
    assert!(frames >= 5, "the choice was made in {frames} frames");
}

#[test]
fn a_battle_is_saved_at_every_turn_and_resumes_after_a_restart() {
    let dir = config_dir("wargame-save");
    let mut app = new_app(&dir);
    start(&mut app, 1, 0, Opponent::Computer(Level::Normal), 9);
    play(&mut app, |s| s.view.turn >= 3);
    let mine: Vec<_> = shown(&app)
        .view
        .units
        .iter()
        .filter(|u| u.owner == 0)
        .cloned()
        .collect();
    let file = app.world().resource::<SaveFile>().clone();
    let saved = file.load().unwrap().expect("saved at the turn's start");
    assert!(saved.round >= 2);
    assert_eq!(saved.human, 0);
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
    // The same battle goes on, played again from its record (the computer
    // may already have moved).
    let resumed = &shown(&app).view;
    assert_eq!(resumed.turn, saved.round);
    let classes = |units: &[black_and_white::games::wargame::engine::view::UnitView]| {
        units
            .iter()
            .filter(|u| u.owner == 0)
            .map(|u| (u.id, u.class.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(classes(&resumed.units), classes(&mine));
    assert_eq!(session(&app).opponent, Opponent::Computer(Level::Normal));
    play(&mut app, |_| false);
    assert_eq!(shown(&app).view.phase, Phase::Over);

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
    play(&mut app, |s| s.view.phase == Phase::Battle && s.curtain.is_none());
    let seat = shown(&app).view.active;
    let before = shown(&app).view.clone();
    let unit = before.units.iter().find(|u| u.owner == seat).unwrap().id;
    app.world_mut()
        .write_message(Act::<Wargame>::new(Action::Activate {
            units: vec![unit],
            order: None,
        }));
    app.update();
    let to = first_move(&app);
    app.world_mut()
        .write_message(Act::<Wargame>::new(Action::Move { to }));
    app.update();
    assert_eq!(app.world().resource::<UndoStack>().steps.len(), 2);
    let at = |app: &App| shown(app).view.units.iter().find(|u| u.id == unit).unwrap().at;
    assert_eq!(at(&app), to);
    app.world_mut().write_message(UndoStep);
    app.update();
    assert_ne!(at(&app), to);
    assert!(shown(&app).view.activation.is_some());
    app.world_mut().write_message(UndoStep);
    app.update();
    assert!(shown(&app).view == before, "back where the turn began");
    assert!(!app.world().resource::<UndoStack>().can_undo());

    // Ending the turn passes the screen: nothing to take back.
    app.world_mut()
        .write_message(Act::<Wargame>::new(Action::EndTurn));
    app.update();
    assert!(!app.world().resource::<UndoStack>().can_undo());
    assert_eq!(shown(&app).curtain, Some(1 - seat));
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
    app.insert_resource(black_and_white::replay::Shelf::at(dir.join("replays")));
    app.add_plugins(black_and_white::logic_plugin);
    app.update();
    app.world_mut().resource_mut::<Settings>().animation_speed = AnimationSpeed::Instant;
    for _ in 0..200 {
        app.update();
        if app
            .world()
            .get_resource::<Shown<Wargame>>()
            .is_some_and(|s| s.view.phase == Phase::Battle)
        {
            break;
        }
    }
    let view = &shown(&app).view;
    assert_eq!(view.scenario, 5);
    assert_eq!(view.phase, Phase::Battle, "both armies built by the computer");
    assert!(view.units.iter().any(|u| u.owner == 0));
    assert!(view.units.iter().any(|u| u.owner == 1));
}

#[test]
fn the_table_offers_the_legal_moves_as_hexes_and_the_aid_card_narrows_them() {
    use black_and_white::games::wargame::table::board::choices::{Aid, Choices, Mark};
    let dir = config_dir("wargame-choices");
    let mut app = new_app(&dir);
    start(&mut app, 22, 0, Opponent::Friend, 8);
    play(&mut app, |s| s.view.phase == Phase::Battle && s.curtain.is_none());
    let game = shown(&app).view.battlefield().clone();
    let seat = game.active;
    let before = Choices::of(&game, &shown(&app).legal);
    assert!(
        before.by_hex.is_empty(),
        "nothing on the board before an activation"
    );
    assert!(before.buttons.contains(&Action::EndTurn));
    let unit = game
        .units
        .iter()
        .find(|u| {
            u.owner == seat && u.kind != black_and_white::games::wargame::engine::data::UnitType::Artillery
        })
        .unwrap()
        .id;
    app.world_mut()
        .write_message(Act::<Wargame>::new(Action::Activate {
            units: vec![unit],
            order: None,
        }));
    app.update();
    let legal = shown(&app).legal.clone();
    let choices = Choices::of(shown(&app).view.battlefield(), &legal);
    let moves: Vec<_> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Move { to } => Some(*to),
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

#[test]
fn watching_a_wargame_replay_leaves_the_saved_battle_as_it_was() {
    use black_and_white::session::{OpenReplay, WatchCommand, Watching};
    let dir = config_dir("wargame-save-replay");
    let saved = "(a saved battle this test never reads)";
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("wargame-battle.ron"), saved).unwrap();
    let mut app = new_app(&dir);
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/wargame-scenario-21.jsonl"),
    )
    .unwrap();
    app.world_mut().write_message(OpenReplay {
        game: GameId::Wargame,
        text,
        at: 0,
        eyes: None,
    });
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    // A step at a time through every turn to the end of the recorded
    // battle, as a player watches it: each step's events are told.
    let steps = app.world().resource::<Watching>().steps;
    for _ in 0..steps {
        app.world_mut().write_message(WatchCommand::Step(1));
        app.update();
    }
    assert_eq!(app.world().resource::<Watching>().step, steps);
    assert_eq!(
        std::fs::read_to_string(dir.join("wargame-battle.ron")).unwrap(),
        saved,
        "a replay is not the battle saved here"
    );
}

/// Every block the seat sees, by unit, with its entity and where it stands.
/// The first hex the activated block may move to.
fn first_move(app: &App) -> Coord {
    shown(app)
        .legal
        .iter()
        .find_map(|a| match a {
            Action::Move { to } => Some(*to),
            _ => None,
        })
        .expect("a unit on its first row can move")
}

fn blocks(app: &mut App) -> Vec<(usize, Entity, Vec3)> {
    let mut query = app.world_mut().query::<(Entity, &BlockPiece, &Transform)>();
    let mut out: Vec<_> = query
        .iter(app.world())
        .filter_map(|(entity, piece, at)| piece.unit().map(|u| (u, entity, at.translation)))
        .collect();
    out.sort_by_key(|b| b.0);
    out
}

#[test]
fn each_block_is_one_entity_that_stays_through_hovers_and_moves() {
    let dir = config_dir("wargame-blocks");
    let mut app = new_app(&dir);
    app.add_plugins(bevy::asset::AssetPlugin::default());
    black_and_white::headless_wargame_board(&mut app);
    start(&mut app, 21, 0, Opponent::Computer(Level::Easy), 2);
    play(&mut app, |s| s.view.phase == Phase::Battle && s.acting == Some(0));
    let before = blocks(&mut app);
    let seen: Vec<usize> = shown(&app).view.units.iter().map(|u| u.id).collect();
    assert_eq!(
        before.iter().map(|b| b.0).collect::<Vec<_>>(),
        seen,
        "one block per unit seen"
    );

    let unit = shown(&app).view.units.iter().find(|u| u.owner == 0).unwrap();
    let (unit, from) = (unit.id, unit.at);
    app.world_mut().resource_mut::<Selection>().hover = Some(from);
    app.update();
    assert_eq!(blocks(&mut app), before, "a hover repaints no block");

    app.world_mut()
        .write_message(Act::<Wargame>::new(Action::Activate {
            units: vec![unit],
            order: None,
        }));
    app.update();
    let to = first_move(&app);
    app.world_mut()
        .write_message(Act::<Wargame>::new(Action::Move { to }));
    app.update();
    let after = blocks(&mut app);
    let entities = |b: &[(usize, Entity, Vec3)]| b.iter().map(|(u, e, _)| (*u, *e)).collect::<Vec<_>>();
    assert_eq!(
        entities(&after),
        entities(&before),
        "the same entities, none spawned again"
    );
    let place = |b: &[(usize, Entity, Vec3)]| b.iter().find(|x| x.0 == unit).unwrap().2;
    assert_ne!(
        place(&after),
        place(&before),
        "the moved block went to its new hex"
    );
}

#[test]
fn a_moved_block_glides_between_its_hexes_and_motion_off_moves_it_at_once() {
    for speed in [AnimationSpeed::Normal, AnimationSpeed::Instant] {
        let dir = config_dir(&format!("wargame-glide-{speed:?}"));
        let mut app = new_app(&dir);
        app.add_plugins(bevy::asset::AssetPlugin::default());
        black_and_white::headless_wargame_board(&mut app);
        start(&mut app, 21, 0, Opponent::Computer(Level::Easy), 2);
        play(&mut app, |s| s.view.phase == Phase::Battle && s.acting == Some(0));
        app.world_mut().resource_mut::<Settings>().animation_speed = speed;
        // 30 ms a frame: a one-hex glide (120 ms at Normal) takes four.
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_millis(30),
        ));
        app.update();
        let unit = shown(&app).view.units.iter().find(|u| u.owner == 0).unwrap().id;
        app.world_mut()
            .write_message(Act::<Wargame>::new(Action::Activate {
                units: vec![unit],
                order: None,
            }));
        app.update();
        let place = |app: &mut App| blocks(app).iter().find(|b| b.0 == unit).unwrap().2.truncate();
        let from = place(&mut app);
        let to = first_move(&app);
        app.world_mut()
            .write_message(Act::<Wargame>::new(Action::Move { to }));
        app.update();
        let first = place(&mut app);
        if speed == AnimationSpeed::Instant {
            assert!(
                first.distance(from) > 40.0,
                "motion off: at the new hex at once ({from} to {first})"
            );
            let mut gliding = app.world_mut().query::<&Glide>();
            assert_eq!(
                gliding.iter(app.world()).count(),
                0,
                "nothing glides with motion off"
            );
            continue;
        }
        assert!(first != from, "it set out");
        app.update();
        let half = place(&mut app);
        for _ in 0..10 {
            app.update();
        }
        let end = place(&mut app);
        assert!(
            end.distance(from) > 40.0,
            "it reached the next hex: {from} to {end}"
        );
        let middle = (from + end) / 2.0;
        assert!(
            half.distance(middle) < end.distance(from) * 0.1,
            "halfway through its time it is halfway: {half} between {from} and {end}"
        );
        let mut gliding = app.world_mut().query::<&Glide>();
        assert_eq!(gliding.iter(app.world()).count(), 0, "the glide is over");
    }
}

#[test]
fn dice_tumble_through_faces_then_land_and_motion_off_lands_them_at_once() {
    use black_and_white::games::wargame::table::panels::dice::{ROLL_SECONDS, face_shown};
    for landed in 1..=6u8 {
        let faces: std::collections::BTreeSet<u8> = (0..12)
            .map(|i| face_shown(landed, 0, i as f32 * 0.05, ROLL_SECONDS))
            .collect();
        assert!(faces.len() >= 3, "a {landed} tumbles through faces: {faces:?}");
        assert!(faces.iter().all(|f| (1..=6).contains(f)), "{faces:?}");
        assert_eq!(
            face_shown(landed, 1, ROLL_SECONDS, ROLL_SECONDS),
            landed,
            "landed at the end"
        );
        assert_eq!(
            face_shown(landed, 0, 0.0, 0.0),
            landed,
            "motion off: landed at once"
        );
    }
}

#[test]
fn the_log_filter_keeps_each_side_s_lines_the_table_s_own_and_the_fights() {
    use black_and_white::game_log::LineTag;
    use black_and_white::ui::frame::LogFilter;
    let tag = |side, combat| LineTag { side, combat };
    // Seat 1 reads: its own move, the other side's attack, the table's own.
    let lines = [tag(Some(1), false), tag(Some(0), true), tag(None, false)];
    let kept = |filter: LogFilter| {
        lines
            .iter()
            .map(|&line| filter.keeps(line, Some(1)))
            .collect::<Vec<_>>()
    };
    assert_eq!(kept(LogFilter::All), [true, true, true]);
    assert_eq!(kept(LogFilter::Mine), [true, false, true]);
    assert_eq!(kept(LogFilter::Theirs), [false, true, true]);
    assert_eq!(kept(LogFilter::Combat), [false, true, false]);
    // Under the curtain nobody's eyes are on it: every public line.
    assert!(LogFilter::Mine.keeps(tag(Some(0), false), None));
}

#[test]
fn a_log_line_s_hexes_are_found_by_their_names_on_the_board() {
    use black_and_white::games::wargame::engine::board::{Coord, named_in};
    assert_eq!(
        named_in("black cavalry moves from C1 to D4 (3 hexes)."),
        [Coord(2, 0), Coord(3, 3)]
    );
    // Names round-trip with the board's edge, past Z.
    for at in [Coord(0, 0), Coord(25, 9), Coord(26, 11), Coord(30, 0)] {
        assert_eq!(named_in(&format!("at {at}.")), [at]);
    }
    // Words, dice and numbers are not hexes.
    assert!(named_in("Command check: 2d6 = 1 + 1 = 2 <= discipline 7, A, 10.").is_empty());
}

/// What a battle's motion did, watched frame by frame.
#[derive(Debug, Default)]
struct Watched {
    /// Frames with each motion under way: glide, lunge, shake, unfold, lift.
    frames: [usize; 5],
    /// The farthest an attacker stepped from its place, as a share of the
    /// way to its target.
    lunge_reach: f32,
    /// Melee attacks the person made.
    attacks: usize,
}

/// Plays scenario `scenario` at `speed`, 30 ms a frame, the person's moves
/// chosen by Normal, for at most `frames` frames or until every kind of
/// motion was seen; checks on the way that each motion ends within 1.2 s
/// with its block on its place, and returns what it saw.
fn watch_motion(speed: AnimationSpeed, scenario: u32, seed: u64, frames: usize) -> Watched {
    use black_and_white::games::wargame::table::board::motion::{Lift, Lunge, Shake, Unfold};
    use std::collections::HashMap;
    let dir = config_dir(&format!("wargame-motion-{speed:?}-{scenario}-{seed}"));
    let mut app = new_app(&dir);
    app.add_plugins(bevy::asset::AssetPlugin::default());
    black_and_white::headless_wargame_board(&mut app);
    app.world_mut().resource_mut::<Settings>().animation_speed = AnimationSpeed::Instant;
    start(&mut app, scenario, 0, Opponent::Computer(Level::Normal), seed);
    play(&mut app, |s| s.view.phase == Phase::Battle && s.acting == Some(0));
    app.world_mut().resource_mut::<Settings>().animation_speed = speed;
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(30),
    ));
    let mut me = bot::bot(Level::Normal, 5);
    let mut watched = Watched::default();
    // Each moving entity: the motion, the frames it has lasted, where it
    // must stand when the motion ends (None: it may move on).
    let mut under_way: HashMap<(Entity, usize), (usize, Option<Vec2>)> = HashMap::new();
    for _ in 0..frames {
        let all_seen = watched.frames.iter().all(|&f| f > 0) && under_way.is_empty();
        if screen(&app) == Screen::Result || all_seen {
            break;
        }
        let world = app.world_mut();
        let mut query = world.query::<(
            Entity,
            &Transform,
            Option<&Glide>,
            Option<&Lunge>,
            Option<&Shake>,
            Option<&Unfold>,
            Option<&Lift>,
        )>();
        let mut now = HashMap::new();
        for (entity, transform, glide, lunge, shake, unfold, lift) in query.iter(world) {
            let place = transform.translation.truncate();
            let motions = [
                glide.map(|g| Some(g.to)),
                lunge.map(|l| l.at),
                shake.map(|s| Some(s.at)),
                // An unfolding block stays where it stands.
                unfold.map(|_| None),
                lift.map(|_| None),
            ];
            for (kind, motion) in motions.into_iter().enumerate() {
                if let Some(end) = motion {
                    watched.frames[kind] += 1;
                    let lasted = under_way.get(&(entity, kind)).map_or(0, |u| u.0) + 1;
                    assert!(lasted <= 40, "motion {kind} on {entity} lasts past 1.2 s");
                    now.insert((entity, kind), (lasted, end));
                }
            }
            if let (Some(lunge), None) = (lunge, glide)
                && let Some(at) = lunge.at
            {
                let share = place.distance(at) / lunge.toward.distance(at);
                watched.lunge_reach = watched.lunge_reach.max(share);
            }
        }
        // A motion that ended left its block where it was going (or, for
        // a lifted block, took it away).
        for ((entity, kind), (_, end)) in &under_way {
            if now.contains_key(&(*entity, *kind)) {
                continue;
            }
            let still = query.get(world, *entity).ok().map(|q| q.1.translation.truncate());
            match (kind, end, still) {
                (4, _, still) => assert!(still.is_none(), "a lifted block is gone"),
                (_, Some(end), Some(at)) if now.keys().all(|k| k.0 != *entity) => {
                    assert!(at.distance(*end) < 0.01, "motion {kind} ended at {at}, not {end}")
                }
                _ => {}
            }
        }
        under_way = now;
        let seen = shown(&app);
        if seen.curtain.is_none() && seen.acting == Some(0) {
            let action = me.choose(&seen.view);
            watched.attacks += usize::from(matches!(action, Action::Melee { .. }));
            app.world_mut().write_message(Act::<Wargame>::new(action));
        }
        app.update();
    }
    watched
}

#[test]
fn an_attacker_steps_in_and_back_a_hit_shakes_a_reveal_unfolds_and_motion_off_does_none() {
    let watched = watch_motion(AnimationSpeed::Normal, 1, 3, 6000);
    let [glide, lunge, shake, unfold, lift] = watched.frames;
    assert!(
        glide > 0 && lunge > 0 && shake > 0 && unfold > 0 && lift > 0,
        "every motion seen in a battle: {watched:?}"
    );
    // At the middle of its time (the frame nearest it) the attacker is a
    // third of the way to its target.
    assert!(
        (0.30..=0.34).contains(&watched.lunge_reach),
        "the attacker's step: {watched:?}"
    );
    let off = watch_motion(AnimationSpeed::Instant, 1, 3, 1500);
    assert!(off.attacks > 0, "blows were struck: {off:?}");
    assert_eq!(off.frames, [0; 5], "with motion off nothing moves: {off:?}");
}
