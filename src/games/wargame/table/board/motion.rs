//! How the blocks move (docs/art-direction.md, "Motion"): a glide to a
//! new hex, the attacker's step toward its target and back, a hit's
//! shake, a reveal's unfolding and a fallen block lifted off. Each is a
//! component on the block's entity, timed at the speed setting, and gone
//! when it ends with the block where the view puts it; a hand-over stops
//! them all at once.

use std::f32::consts::{FRAC_PI_2, PI, TAU};

use bevy::prelude::*;

use super::layout::BoardLayout;
use crate::session::ScreenTaken;

/// A block's glide to its hex: 120 ms a hex, at most 700 ms for a whole
/// move, at Normal speed.
const HEX_SECONDS: f32 = 0.12;
const MOVE_SECONDS: f32 = 0.7;
/// A revealed block's flip and a destroyed block's lifting off.
const FLIP_SECONDS: f32 = 0.25;
const LIFT_SECONDS: f32 = 0.35;
/// A hit block's shake.
const SHAKE_SECONDS: f32 = 0.3;
/// The attacker's step toward its target and back.
const LUNGE_SECONDS: f32 = 0.3;

/// A block on its way from where it stood to its place, eased in and out.
#[derive(Component, Debug, Clone, Copy)]
pub struct Glide {
    from: Vec2,
    pub to: Vec2,
    elapsed: f32,
    /// How long the whole glide takes, at the speed setting.
    pub seconds: f32,
}

impl Glide {
    /// From `from` to `to`, at 120 ms a hex of `hex` (a hex's size) and
    /// the speed `factor`.
    pub(super) fn between(from: Vec2, to: Vec2, hex: f32, factor: f32) -> Glide {
        let hexes = (from.distance(to) / (3f32.sqrt() * hex)).round().max(1.0);
        Glide {
            from,
            to,
            elapsed: 0.0,
            seconds: (HEX_SECONDS * hexes).min(MOVE_SECONDS) * factor,
        }
    }
}

/// Moves each gliding block along its way; at its end it stands on its place.
pub(super) fn glide_blocks(
    mut commands: Commands,
    time: Res<Time>,
    mut blocks: Query<(Entity, &mut Glide, &mut Transform)>,
) {
    for (entity, mut glide, mut transform) in &mut blocks {
        glide.elapsed += time.delta_secs();
        let t = (glide.elapsed / glide.seconds).min(1.0);
        let eased = if t < 0.5 {
            4.0 * t * t * t
        } else {
            1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
        };
        transform.translation = glide.from.lerp(glide.to, eased).extend(0.0);
        if t >= 1.0 {
            commands.entity(entity).remove::<Glide>();
        }
    }
}

/// A revealed block unfolding from its edge to its full width.
#[derive(Component, Debug, Clone, Copy)]
pub struct Unfold {
    elapsed: f32,
    seconds: f32,
}

impl Unfold {
    /// The second half of a flip: the block stands edge on (`scale.x` 0)
    /// when it begins.
    pub(super) fn at(factor: f32) -> Unfold {
        Unfold {
            elapsed: 0.0,
            seconds: FLIP_SECONDS * factor / 2.0,
        }
    }
}

/// A destroyed block being lifted off the board: it rises and shrinks
/// away, then is gone.
#[derive(Component, Debug, Clone, Copy)]
pub struct Lift {
    elapsed: f32,
    seconds: f32,
}

impl Lift {
    pub(super) fn at(factor: f32) -> Lift {
        Lift {
            elapsed: 0.0,
            seconds: LIFT_SECONDS * factor,
        }
    }
}

/// Unfolds revealed blocks and lifts destroyed ones off.
pub(super) fn flip_and_lift(
    mut commands: Commands,
    time: Res<Time>,
    mut unfolding: Query<(Entity, &mut Unfold, &mut Transform), Without<Lift>>,
    mut lifting: Query<(Entity, &mut Lift, &mut Transform)>,
) {
    let dt = time.delta_secs();
    for (entity, mut unfold, mut transform) in &mut unfolding {
        unfold.elapsed += dt;
        let t = (unfold.elapsed / unfold.seconds).min(1.0);
        transform.scale.x = (t * FRAC_PI_2).sin();
        if t >= 1.0 {
            transform.scale.x = 1.0;
            commands.entity(entity).remove::<Unfold>();
        }
    }
    for (entity, mut lift, mut transform) in &mut lifting {
        lift.elapsed += dt;
        let t = (lift.elapsed / lift.seconds).min(1.0);
        // Up off the board (above every block), then smaller as it goes.
        transform.translation.z = 5.0;
        transform.translation.y += dt / lift.seconds * 12.0;
        transform.scale = Vec3::splat(1.0 + 0.15 * t - t * t);
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}

/// A block shaking where it stands after a hit: side to side, dying away.
#[derive(Component, Debug, Clone, Copy)]
pub struct Shake {
    pub at: Vec2,
    elapsed: f32,
    seconds: f32,
}

impl Shake {
    pub(super) fn at(at: Vec2, factor: f32) -> Shake {
        Shake {
            at,
            elapsed: 0.0,
            seconds: SHAKE_SECONDS * factor,
        }
    }
}

/// Shakes each hit block about its place; at the end it stands still there.
pub(super) fn shake_blocks(
    mut commands: Commands,
    time: Res<Time>,
    board: Option<Res<BoardLayout>>,
    mut blocks: Query<(Entity, &mut Shake, &mut Transform), (Without<Glide>, Without<Lunge>)>,
) {
    let reach = board.map_or(3.0, |b| b.size * 0.1);
    for (entity, mut shake, mut transform) in &mut blocks {
        shake.elapsed += time.delta_secs();
        let t = (shake.elapsed / shake.seconds).min(1.0);
        let offset = (t * TAU * 3.0).sin() * (1.0 - t) * reach;
        transform.translation = (shake.at + Vec2::new(offset, 0.0)).extend(0.0);
        if t >= 1.0 {
            commands.entity(entity).remove::<Shake>();
        }
    }
}

/// An attacking block's step toward the block it attacks and back, once
/// any glide that brought it there has ended.
#[derive(Component, Debug, Clone, Copy)]
pub struct Lunge {
    /// Where the attacker stands: known when the step begins.
    pub at: Option<Vec2>,
    /// Where the block it attacks stands.
    pub toward: Vec2,
    elapsed: f32,
    pub seconds: f32,
}

impl Lunge {
    /// A step toward `toward`, from wherever the block stands when it
    /// begins.
    pub(super) fn toward(toward: Vec2, factor: f32) -> Lunge {
        Lunge {
            at: None,
            toward,
            elapsed: 0.0,
            seconds: LUNGE_SECONDS * factor,
        }
    }
}

/// Steps each attacker a third of the way to its target and back (a
/// sine, quick out and back); at the end it stands on its place.
pub(super) fn lunge_blocks(
    mut commands: Commands,
    time: Res<Time>,
    mut blocks: Query<(Entity, &mut Lunge, &mut Transform), Without<Glide>>,
) {
    for (entity, mut lunge, mut transform) in &mut blocks {
        let at = *lunge.at.get_or_insert(transform.translation.truncate());
        lunge.elapsed += time.delta_secs();
        let t = (lunge.elapsed / lunge.seconds).min(1.0);
        let reach = (lunge.toward - at) / 3.0;
        // Above the blocks it passes over.
        transform.translation = (at + reach * (t * PI).sin()).extend(if t < 1.0 { 1.0 } else { 0.0 });
        if t >= 1.0 {
            commands.entity(entity).remove::<Lunge>();
        }
    }
}

/// Another seat took the screen: every block stands where it is going at
/// once, so that no motion goes on under the next seat's eyes.
pub(super) fn snap_blocks(
    mut commands: Commands,
    mut taken: MessageReader<ScreenTaken>,
    mut blocks: Query<(
        Entity,
        Option<&Glide>,
        Option<&Shake>,
        Option<&Lunge>,
        &mut Transform,
    )>,
) {
    if taken.read().count() == 0 {
        return;
    }
    for (entity, glide, shake, lunge, mut transform) in &mut blocks {
        let to = glide
            .map(|g| g.to)
            .or(shake.map(|s| s.at))
            .or(lunge.and_then(|l| l.at));
        if let Some(to) = to {
            transform.translation = to.extend(0.0);
        }
        commands.entity(entity).remove::<(Glide, Shake, Lunge)>();
    }
}
