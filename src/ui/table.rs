//! What every game's table shares: the felt and its shape, the marker its
//! entities carry, clearing it when a game is left or a new one laid, and
//! the clock of the end reveal that turns hidden pieces over one round (or
//! slot) at a time.

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
        .init_resource::<TableShape>()
        .add_systems(OnExit(InGame), forget_reveal)
        .add_systems(OnEnter(Screen::Result), start_reveal)
        .add_systems(
            Update,
            uncover_in_replays.run_if(
                resource_exists::<crate::session::Watching>
                    .and_then(resource_changed::<crate::session::Watching>),
            ),
        )
        .add_systems(
            PostUpdate,
            (choose_shape, shape_felt, place_spots, fit_camera_to_felt)
                .chain()
                .before(bevy::transform::TransformSystems::Propagate),
        );
}

/// The felt's shape. Wide, as a table is seen from a chair; tall where the
/// room the panels leave is taller than wide (a phone held upright), for a
/// game whose table has a tall layout: its rows stack closer and its pieces
/// grow to the window's width instead of lying in a band across it, with
/// empty bands above and below.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Default, Debug)]
pub enum TableShape {
    #[default]
    Wide,
    Tall,
}

/// The tall felt's size inside its rim: the width of nine tiles 62 units
/// apart with a margin, and a height near a phone's room (600 x 900 leaves
/// about 600 x 770 pixels).
pub const TALL_FELT: Vec2 = Vec2::new(600.0, 800.0);

/// The felt's rim, which the camera fits into the room the panels leave,
/// and whether the game has a tall layout to lay it out tall for.
#[derive(Component, Debug, Clone, Copy)]
pub struct Felt {
    size: Vec2,
    stands_tall: bool,
}

/// The cloth or its rim, sized to the felt's shape.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum FeltLayer {
    Rim,
    Cloth,
}

fn choose_shape(space: Res<FreeSpace>, mut shape: ResMut<TableShape>) {
    let Some(free) = space.in_pixels() else { return };
    let wanted = if free.height() > free.width() {
        TableShape::Tall
    } else {
        TableShape::Wide
    };
    shape.set_if_neq(wanted);
}

/// Where a fixed thing of a table with a tall layout (a word, a lamp, a
/// slot of the track) stands in each shape, from the felt's centre.
#[derive(Component, Clone, Copy, Debug)]
pub struct Spot {
    pub wide: Vec2,
    pub tall: Vec2,
}

impl Spot {
    /// The same place in either shape.
    pub fn fixed(at: Vec2) -> Spot {
        Spot { wide: at, tall: at }
    }

    /// Where it stands in `shape`, in table units.
    pub fn at(&self, shape: TableShape) -> Vec2 {
        let from_centre = match shape {
            TableShape::Wide => self.wide,
            TableShape::Tall => self.tall,
        };
        Vec2::new(TABLE_CENTER_X, 0.0) + from_centre
    }
}

/// Puts each spot's thing where the table's shape has it, when laid and
/// when the shape changes; its depth is its own.
fn place_spots(shape: Res<TableShape>, mut spots: Query<(Ref<Spot>, &mut Transform)>) {
    for (spot, mut transform) in &mut spots {
        if shape.is_changed() || spot.is_added() {
            let at = spot.at(*shape);
            transform.translation.x = at.x;
            transform.translation.y = at.y;
        }
    }
}

/// Gives the felt the table's shape when it is laid or the shape changes.
fn shape_felt(
    shape: Res<TableShape>,
    cloth: Res<FeltCloth>,
    mut felt: Query<&mut Felt>,
    mut layers: Query<(&FeltLayer, &mut Transform, &mut MeshMaterial2d<ColorMaterial>)>,
) {
    let Some(mut felt) = felt.iter_mut().next() else {
        return;
    };
    if !shape.is_changed() && !felt.is_added() {
        return;
    }
    let tall = felt.stands_tall && *shape == TableShape::Tall;
    let (size, material) = if tall {
        (TALL_FELT, &cloth.tall)
    } else {
        (felt_size(), &cloth.wide)
    };
    felt.size = size + 12.0;
    for (layer, mut transform, mut paint) in &mut layers {
        transform.scale = match layer {
            FeltLayer::Rim => (size + 12.0).extend(1.0),
            FeltLayer::Cloth => size.extend(1.0),
        };
        if *layer == FeltLayer::Cloth && paint.0 != *material {
            paint.0 = material.clone();
        }
    }
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

/// The cloth every card table is laid on, made once: a square scaled to
/// the felt's shape, the woven picture (ui/piece_art.rs) repeated over it
/// at the same size in either shape, and its lighter rim.
#[derive(Resource)]
pub struct FeltCloth {
    square: Handle<Mesh>,
    wide: Handle<ColorMaterial>,
    tall: Handle<ColorMaterial>,
    rim: Handle<ColorMaterial>,
}

impl FromWorld for FeltCloth {
    fn from_world(world: &mut World) -> Self {
        let square = world
            .resource_mut::<Assets<Mesh>>()
            .add(Rectangle::from_size(Vec2::ONE));
        let weave = world.resource_mut::<Assets<Image>>().add(piece_art::felt_weave());
        let mut materials = world.resource_mut::<Assets<ColorMaterial>>();
        let mut cloth = |size: Vec2| {
            materials.add(ColorMaterial {
                color: theme::FELT,
                texture: Some(weave.clone()),
                uv_transform: bevy::math::Affine2::from_scale(size / piece_art::FELT_TILE),
                // The cloth hides what is under it: drawn opaque, not blended
                // over the window (a software renderer paid for the blend
                // over every pixel of the felt, each frame).
                alpha_mode: bevy::sprite_render::AlphaMode2d::Opaque,
            })
        };
        let (wide, tall) = (cloth(felt_size()), cloth(TALL_FELT));
        FeltCloth {
            square,
            wide,
            tall,
            rim: materials.add(theme::FELT_LINE),
        }
    }
}

/// Lays the green felt, with its lighter rim, under a game's table: tall
/// where the window asks for it and `stands_tall` says the game has a
/// tall layout (its pieces read `TableShape`).
pub fn spawn_felt(commands: &mut Commands, cloth: &FeltCloth, stands_tall: bool) {
    commands.spawn((
        TableEntity,
        Felt {
            size: felt_size() + 12.0,
            stands_tall,
        },
    ));
    for (layer, material, z) in [
        (FeltLayer::Rim, &cloth.rim, 0.0),
        (FeltLayer::Cloth, &cloth.wide, 0.1),
    ] {
        commands.spawn((
            TableEntity,
            layer,
            Mesh2d(cloth.square.clone()),
            MeshMaterial2d(material.clone()),
            Transform::from_xyz(TABLE_CENTER_X, 0.0, z).with_scale(felt_size().extend(1.0)),
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
