//! A numbered tile on the table, shared by the games that have them: it
//! glides to where its game puts it, shows its number, its colour or its
//! back, and turns over when a face-down tile is revealed.

use bevy::prelude::*;
use bevy::transform::TransformSystems;

use crate::rules::Colour;
use crate::session::ScreenTaken;
use crate::settings::Settings;
use crate::ui::theme;

pub const TILE: Vec2 = Vec2::new(56.0, 84.0);

/// What a tile shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Face {
    Up(u8),
    Down(Colour),
    Back,
}

/// Where a tile is going and what it should show; `glide` moves it there.
#[derive(Component)]
pub struct TileLook {
    shown: Face,
    pub wanted: Face,
    /// 0..1 through a turn-over; at 0.5 the face changes.
    flip: Option<f32>,
    pub target: Vec3,
    pub scale: f32,
    pub selected: bool,
    /// Hidden in the last frame: nobody saw where it stood, so it stands
    /// at once where it is wanted instead of sliding in from there (the
    /// opponent's ten tiles flew from one spot as betting's play began).
    unseen: bool,
}

impl Default for TileLook {
    fn default() -> Self {
        TileLook {
            shown: Face::Back,
            wanted: Face::Back,
            flip: None,
            target: Vec3::ZERO,
            scale: 1.0,
            selected: false,
            unseen: true,
        }
    }
}

/// Whether a point on the table lies on a tile as drawn.
pub fn covers(tile: &Transform, point: Vec2) -> bool {
    let half = TILE / 2.0 * tile.scale.truncate();
    (point - tile.translation.truncate()).abs().cmple(half).all()
}

#[derive(Component)]
struct TileNumber;

#[derive(Component)]
struct TileEdge;

/// The meshes and materials every tile shares.
#[derive(Resource)]
pub struct TilePalette {
    body: Handle<Mesh>,
    edge_mesh: Handle<Mesh>,
    black: Handle<ColorMaterial>,
    white: Handle<ColorMaterial>,
    back: Handle<ColorMaterial>,
    edge: Handle<ColorMaterial>,
    highlight: Handle<ColorMaterial>,
}

impl FromWorld for TilePalette {
    fn from_world(world: &mut World) -> Self {
        let mut meshes = world.resource_mut::<Assets<Mesh>>();
        let body = meshes.add(Rectangle::from_size(TILE));
        let edge_mesh = meshes.add(Rectangle::from_size(TILE + 6.0));
        let mut materials = world.resource_mut::<Assets<ColorMaterial>>();
        TilePalette {
            body,
            edge_mesh,
            black: materials.add(theme::TILE_BLACK),
            white: materials.add(theme::TILE_WHITE),
            back: materials.add(theme::TILE_BACK),
            edge: materials.add(Color::srgb(0.35, 0.30, 0.25)),
            highlight: materials.add(theme::HIGHLIGHT),
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<TilePalette>()
        // After every table has set its tiles' targets for the frame.
        .add_systems(PostUpdate, glide.before(TransformSystems::Propagate));
}

/// A hidden tile with its edge and number, carrying `extra` (its game's
/// markers); its game sets `TileLook` and `Visibility` from then on.
pub fn spawn_tile(commands: &mut Commands, palette: &TilePalette, extra: impl Bundle) {
    commands.spawn((
        extra,
        TileLook::default(),
        Mesh2d(palette.body.clone()),
        MeshMaterial2d(palette.back.clone()),
        Transform::from_xyz(0.0, 0.0, 1.0),
        Visibility::Hidden,
        children![
            (
                TileEdge,
                Mesh2d(palette.edge_mesh.clone()),
                MeshMaterial2d(palette.edge.clone()),
                Transform::from_xyz(0.0, 0.0, -0.05),
            ),
            (
                TileNumber,
                Text2d::new(""),
                TextFont::from_font_size(40.0),
                TextColor(Color::WHITE),
                Transform::from_xyz(0.0, 0.0, 0.05),
            ),
        ],
    ));
}

fn glide(
    time: Res<Time>,
    settings: Res<Settings>,
    mut screen_taken: MessageReader<ScreenTaken>,
    palette: Res<TilePalette>,
    mut pieces: Query<(
        &mut TileLook,
        &Visibility,
        &mut Transform,
        &mut MeshMaterial2d<ColorMaterial>,
        &Children,
    )>,
    mut numbers: Query<(&mut Text2d, &mut TextColor), With<TileNumber>>,
    mut edges: Query<&mut MeshMaterial2d<ColorMaterial>, (With<TileEdge>, Without<TileLook>)>,
) {
    let factor = settings.animation_speed.factor();
    let dt = time.delta_secs();
    // Another seat took the screen: every tile stands at once where the new
    // seat's view puts it, so that no tile slides out of the place it had
    // for the last seat (which would tell where it stood).
    let snap = screen_taken.read().count() > 0 || factor <= 0.0;
    for (mut look, visibility, mut transform, mut material, children) in &mut pieces {
        let unseen = std::mem::replace(&mut look.unseen, *visibility == Visibility::Hidden);
        if unseen {
            transform.translation = look.target;
        }
        if snap {
            transform.translation = look.target;
            look.shown = look.wanted;
            look.flip = None;
        }
        // Exponential easing: about 90% of the way in 0.25 s at Normal speed.
        let target = look.target;
        transform
            .translation
            .smooth_nudge(&target, 9.0 / factor.max(f32::EPSILON), dt);
        if transform.translation.distance(look.target) < 0.5 {
            transform.translation = look.target;
        }
        let turning_over = look.shown != look.wanted
            && matches!(look.wanted, Face::Up(_))
            && !matches!(look.shown, Face::Up(_));
        if look.shown != look.wanted && !turning_over {
            look.shown = look.wanted;
        }
        if turning_over && look.flip.is_none() {
            look.flip = Some(0.0);
        }
        let mut width = 1.0;
        if let Some(t) = look.flip {
            let t = if factor <= 0.0 {
                1.0
            } else {
                t + dt / (0.35 * factor)
            };
            if t >= 0.5 {
                look.shown = look.wanted;
            }
            width = (std::f32::consts::PI * t.min(1.0)).cos().abs();
            look.flip = (t < 1.0).then_some(t);
        }
        let lift = if look.selected { 1.12 } else { 1.0 };
        transform.scale = Vec3::new(look.scale * lift * width, look.scale * lift, 1.0);
        let (body, text, ink) = match look.shown {
            Face::Up(n) if Colour::of(n) == Colour::Black => {
                (&palette.black, n.to_string(), theme::TILE_WHITE)
            }
            Face::Up(n) => (&palette.white, n.to_string(), theme::TILE_BLACK),
            Face::Down(Colour::Black) => (&palette.black, "?".into(), Color::srgb(0.35, 0.35, 0.38)),
            Face::Down(Colour::White) => (&palette.white, "?".into(), Color::srgb(0.70, 0.68, 0.62)),
            Face::Back => (&palette.back, String::new(), Color::NONE),
        };
        if material.0 != *body {
            material.0 = body.clone();
        }
        for child in children.iter() {
            if let Ok((mut number, mut colour)) = numbers.get_mut(child) {
                if number.0 != text {
                    number.0 = text.clone();
                }
                colour.0 = ink;
            }
            if let Ok(mut edge) = edges.get_mut(child) {
                let wanted = if look.selected {
                    &palette.highlight
                } else {
                    &palette.edge
                };
                if edge.0 != *wanted {
                    edge.0 = wanted.clone();
                }
            }
        }
    }
}
