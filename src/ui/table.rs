//! What every game's table shares: the felt, the marker its entities carry,
//! clearing it when a game is left or a new one laid, and the clock of the
//! end reveal that turns hidden pieces over one round (or slot) at a time.

use bevy::prelude::*;

use super::camera::{TABLE_SIZE, fit_camera};
use super::frame::TABLE_CENTER_X;
use super::layout::FreeSpace;
use super::{frame, piece_art, theme};
use crate::ids::GameId;
use crate::screens::{ActiveGame, InGame, Screen};
use crate::settings::Settings;

/// On every entity of a game's table, so that one system clears any table
/// when its game is left, afresh or for good (`ActiveGame`'s exit), and
/// leaving the game's screens despawns it.
#[derive(Component, Clone)]
#[require(DespawnOnExit<InGame> = DespawnOnExit(InGame))]
pub struct TableEntity;

/// When the end reveal began.
#[derive(Resource)]
pub struct Reveal {
    started: f32,
}

/// Seconds between two rounds turning over in the end reveal.
const REVEAL_STEP: f32 = 0.3;

impl Reveal {
    /// How many of `rounds` have turned over by `now`.
    pub fn shown(&self, now: f32, settings: &Settings, rounds: usize) -> usize {
        let step = REVEAL_STEP * settings.animation_speed.factor();
        if step <= 0.0 {
            rounds
        } else {
            (((now - self.started) / step).floor().max(0.0) as usize).min(rounds)
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    for game in GameId::ALL {
        app.add_systems(OnExit(ActiveGame::Playing(game)), clear_table);
    }
    app.init_resource::<FeltCloth>()
        .add_systems(OnExit(InGame), forget_reveal)
        .add_systems(OnEnter(Screen::Result), start_reveal)
        .add_systems(
            Update,
            uncover_in_replays.run_if(
                resource_exists::<crate::session::Watching>
                    .and_then(resource_changed::<crate::session::Watching>),
            ),
        )
        .add_systems(PostUpdate, fit_camera_to_felt);
}

/// The felt's rim, which the camera fits into the room the panels leave.
#[derive(Component, Debug, Clone, Copy)]
pub struct Felt {
    size: Vec2,
}

/// Fits the felt (and a small margin) into the part of the window the log,
/// the top bar and the bottom bar leave, and centres it there: at 1024 x
/// 768 the fixed-width log would otherwise cover the felt's right side.
fn fit_camera_to_felt(
    felt: Query<&Felt>,
    space: Res<FreeSpace>,
    window: Option<Single<&Window>>,
    camera: Option<Single<(&mut Transform, &mut Projection), With<Camera2d>>>,
) {
    let (Some(felt), Some(window), Some(camera)) = (felt.iter().next(), window, camera) else {
        return;
    };
    let Some(free) = space.in_pixels() else { return };
    let size = window.size();
    if size.x <= 0.0 || size.y <= 0.0 || free.width() <= 1.0 || free.height() <= 1.0 {
        return;
    }
    let room = felt.size + Vec2::splat(16.0);
    let centre = Vec2::new(TABLE_CENTER_X, 0.0);
    fit_camera(camera.into_inner(), size, free, room, centre, (1.0, Vec2::ZERO));
}

/// The felt's size, inside its rim.
fn felt_size() -> Vec2 {
    Vec2::new(TABLE_SIZE.x - frame::LOG_WIDTH - 40.0, TABLE_SIZE.y - 120.0)
}

/// The cloth every card table is laid on, made once: the felt with its
/// woven picture (ui/piece_art.rs) repeated over it, and its lighter rim.
#[derive(Resource)]
pub struct FeltCloth {
    felt: (Handle<Mesh>, Handle<ColorMaterial>),
    rim: (Handle<Mesh>, Handle<ColorMaterial>),
}

impl FromWorld for FeltCloth {
    fn from_world(world: &mut World) -> Self {
        let size = felt_size();
        let mut meshes = world.resource_mut::<Assets<Mesh>>();
        let (felt_mesh, rim_mesh) = (
            meshes.add(Rectangle::from_size(size)),
            meshes.add(Rectangle::from_size(size + 12.0)),
        );
        let weave = world.resource_mut::<Assets<Image>>().add(piece_art::felt_weave());
        let mut materials = world.resource_mut::<Assets<ColorMaterial>>();
        let felt = materials.add(ColorMaterial {
            color: theme::FELT,
            texture: Some(weave),
            uv_transform: bevy::math::Affine2::from_scale(size / piece_art::FELT_TILE),
            ..ColorMaterial::default()
        });
        let rim = materials.add(theme::FELT_LINE);
        FeltCloth {
            felt: (felt_mesh, felt),
            rim: (rim_mesh, rim),
        }
    }
}

/// Lays the green felt, with its lighter rim, under a game's table.
pub fn spawn_felt(commands: &mut Commands, cloth: &FeltCloth) {
    commands.spawn((
        TableEntity,
        Felt {
            size: felt_size() + 12.0,
        },
    ));
    for ((mesh, material), z) in [(&cloth.rim, 0.0), (&cloth.felt, 0.1)] {
        commands.spawn((
            TableEntity,
            Mesh2d(mesh.clone()),
            MeshMaterial2d(material.clone()),
            Transform::from_xyz(TABLE_CENTER_X, 0.0, z),
        ));
    }
}

/// Despawns the table, whichever game laid it.
pub fn clear_table(mut commands: Commands, entities: Query<Entity, With<TableEntity>>) {
    for entity in &entities {
        commands.entity(entity).despawn();
    }
    commands.remove_resource::<Reveal>();
}

fn forget_reveal(mut commands: Commands) {
    commands.remove_resource::<Reveal>();
}

/// A replay watched with everything uncovered shows the hidden tiles as the
/// end of a game does, all at once.
fn uncover_in_replays(mut commands: Commands, watching: Res<crate::session::Watching>) {
    if watching.eyes == crate::session::Eyes::Everything {
        commands.insert_resource(Reveal {
            started: f32::NEG_INFINITY,
        });
    } else {
        commands.remove_resource::<Reveal>();
    }
}

fn start_reveal(mut commands: Commands, time: Res<Time>) {
    commands.insert_resource(Reveal {
        started: time.elapsed_secs(),
    });
}
