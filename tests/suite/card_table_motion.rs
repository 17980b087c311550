//! The card tables' pieces move as docs/art-direction.md says, watched
//! headless on a manual clock: a played tile slides from the hand to the
//! middle (between the two halfway through its time, in its place after),
//! motion off puts it there at once, and each round's result is staged in
//! one line that the next seat to take the screen does not see.

use std::time::Duration;

use bevy::asset::AssetPlugin;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use black_and_white::games::tiles::engine::{Tiles, TilesAction};
use black_and_white::ids::GameId;
use black_and_white::rules::Level;
use black_and_white::session::{Act, LiftCurtain, Opponent, StartMatch};
use black_and_white::settings::{AnimationSpeed, Settings};
use black_and_white::ui::headline::Headline;
use black_and_white::ui::tile::{SLIDE, TileLook};

use crate::headless::{app, config_dir, shown};

/// Seconds a frame takes on the manual clock.
const FRAME: f32 = 0.016;

fn tiles_table(name: &str, opponent: Opponent, speed: AnimationSpeed) -> App {
    let mut app = app(&config_dir(name));
    app.add_plugins(AssetPlugin::default());
    black_and_white::headless_tiles_table(&mut app);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f32(FRAME)));
    app.world_mut().resource_mut::<Settings>().animation_speed = speed;
    app.world_mut().write_message(StartMatch {
        game: GameId::Tiles,
        opponent,
        seed: Some(3),
    });
    app.update();
    app.update();
    app
}

/// Waits until the person at the screen may play, then plays their
/// highest tile; returns the tile's entity and where it stood.
fn play_a_tile(app: &mut App) -> (Entity, Vec3) {
    for _ in 0..200 {
        if shown::<Tiles>(app).acting.is_some() {
            break;
        }
        app.update();
    }
    assert!(
        shown::<Tiles>(app).acting.is_some(),
        "the person is asked to play"
    );
    // Let every tile come to rest first.
    for _ in 0..40 {
        app.update();
    }
    let before = places(app);
    let tile = *shown::<Tiles>(app).view.hand.last().unwrap();
    app.world_mut()
        .write_message(Act::<Tiles>::new(TilesAction { tile }));
    app.update();
    // The played tile is the one sent furthest: from the hand to the middle.
    let after = places(app);
    let (entity, from, _) = before
        .iter()
        .map(|&(entity, at, _)| {
            let target = after.iter().find(|(e, _, _)| *e == entity).unwrap().2;
            (entity, at, target.distance(at))
        })
        .max_by(|a, b| a.2.total_cmp(&b.2))
        .unwrap();
    (entity, from)
}

/// Each visible tile: its entity, where it stands and where it is going.
fn places(app: &mut App) -> Vec<(Entity, Vec3, Vec3)> {
    let mut tiles = app
        .world_mut()
        .query::<(Entity, &TileLook, &Transform, &Visibility)>();
    tiles
        .iter(app.world())
        .filter(|(_, _, _, v)| **v == Visibility::Visible)
        .map(|(e, look, transform, _)| (e, transform.translation, look.target))
        .collect()
}

fn place_of(app: &mut App, entity: Entity) -> (Vec3, Vec3) {
    let (_, at, target) = places(app)
        .into_iter()
        .find(|(e, _, _)| *e == entity)
        .expect("the played tile is on the table");
    (at, target)
}

#[test]
fn a_played_tile_slides_from_the_hand_and_stands_in_the_middle_after() {
    let mut app = tiles_table("slide", Opponent::Computer(Level::Easy), AnimationSpeed::Normal);
    let (tile, from) = play_a_tile(&mut app);
    let (_, target) = place_of(&mut app, tile);
    let way = from.distance(target);
    assert!(way > 200.0, "the middle is far from the hand: {way}");
    // Halfway through its time (one frame has passed already).
    let half = (SLIDE / 2.0 / FRAME).round() as usize;
    for _ in 1..half {
        app.update();
    }
    let (at, _) = place_of(&mut app, tile);
    let gone = from.distance(at) / way;
    assert!(
        (0.6..0.97).contains(&gone) && at.distance(target) > 5.0,
        "halfway through, the tile is on its way (eased out): {gone:.2} of the way, at {at}"
    );
    for _ in half..(SLIDE / FRAME) as usize + 3 {
        app.update();
    }
    let (at, target) = place_of(&mut app, tile);
    assert!(
        at.distance(target) < 0.01,
        "after its time, in its place: {at} for {target}"
    );
}

#[test]
fn with_motion_off_a_played_tile_stands_in_the_middle_at_once() {
    let mut app = tiles_table(
        "instant",
        Opponent::Computer(Level::Easy),
        AnimationSpeed::Instant,
    );
    let (tile, from) = play_a_tile(&mut app);
    let (at, target) = place_of(&mut app, tile);
    assert!(from.distance(target) > 200.0, "it was sent to the middle");
    assert!(
        at.distance(target) < 0.01,
        "in the frame it was played: {at} for {target}"
    );
}

#[test]
fn a_round_s_result_is_staged_and_a_hand_over_mid_slide_shows_nothing_of_either_seat() {
    let mut app = tiles_table("headline", Opponent::Friend, AnimationSpeed::Normal);
    let mut staged = 0;
    let mut curtains_on_a_slide = 0;
    for _ in 0..600 {
        let seen = shown::<Tiles>(&app);
        if seen.outcome.is_some() {
            break;
        }
        let now = app.world().resource::<Time>().elapsed_secs();
        let settings = app.world().resource::<Settings>().clone();
        let line = app
            .world()
            .resource::<Headline>()
            .at(now, &settings)
            .map(|(line, _)| line.to_owned());
        if seen.curtain.is_some() {
            if let Some(line) = &line {
                // A round settled for the seat that played last: its line
                // names that seat's tile ("your 7 beat their white tile").
                let round = seen.view.history.len();
                assert!(
                    line.starts_with(&format!("Round {round}: "))
                        && (line.contains("beat") || line.contains("draw")),
                    "the result, who won it and why: {line:?}"
                );
                staged += 1;
            }
            app.world_mut().write_message(LiftCurtain);
            app.update();
            app.update();
            let now = app.world().resource::<Time>().elapsed_secs();
            assert_eq!(
                app.world().resource::<Headline>().at(now, &settings),
                None,
                "the next seat does not see the last one's result line"
            );
            continue;
        }
        if seen.acting.is_some() {
            let tile = *seen.view.hand.last().unwrap();
            app.world_mut()
                .write_message(Act::<Tiles>::new(TilesAction { tile }));
            app.update();
            // The tile just played has set off; if the screen passes now,
            // the curtain stops it and shows nothing of either seat.
            if shown::<Tiles>(&app).curtain.is_some() {
                let visible = places(&mut app).len();
                assert_eq!(visible, 0, "a tile still shows behind the curtain");
                curtains_on_a_slide += 1;
            }
            continue;
        }
        app.update();
    }
    assert!(
        staged >= 5,
        "most rounds' results were staged before a hand-over: {staged}"
    );
    assert!(
        curtains_on_a_slide >= 9,
        "the curtain fell on tiles in flight: {curtains_on_a_slide}"
    );
}
