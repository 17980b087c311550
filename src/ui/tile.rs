//! A numbered tile on the table, shared by the games that have them: it
//! glides to where its game puts it, shows its number, its colour or its
//! back, and turns over when a face-down tile is revealed.

use bevy::prelude::*;
use bevy::transform::TransformSystems;

use crate::rules::Colour;
use crate::session::ScreenTaken;
use crate::settings::Settings;
use crate::ui::piece_art::{self, Marking};
use crate::ui::theme::{self, TableFont};

pub const TILE: Vec2 = Vec2::new(56.0, 84.0);

/// Seconds at Normal speed for a tile to slide to a new place, and to turn
/// over (docs/art-direction.md).
pub const SLIDE: f32 = 0.35;
const FLIP: f32 = 0.25;

/// Cubic ease-out: quick away, gentle into its place.
fn ease_out(t: f32) -> f32 {
    1.0 - (1.0 - t).powi(3)
}

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
    /// The slide under way: where it began, toward which target, and how
    /// far through it is (0..1).
    slide: Option<(Vec3, Vec3, f32)>,
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
            slide: None,
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

/// The brass outline a selected tile stands on.
#[derive(Component)]
struct TileHighlight;

/// The meshes and pictures every tile shares (ui/piece_art.rs): faces,
/// backs in each colour, the opponent's plain back, the shadow and the
/// selection's outline.
#[derive(Resource)]
pub struct TilePalette {
    body: Handle<Mesh>,
    shadow_mesh: Handle<Mesh>,
    outline_mesh: Handle<Mesh>,
    black: Handle<ColorMaterial>,
    white: Handle<ColorMaterial>,
    black_down: Handle<ColorMaterial>,
    white_down: Handle<ColorMaterial>,
    back: Handle<ColorMaterial>,
    shadow: Handle<ColorMaterial>,
    highlight: Handle<ColorMaterial>,
}

/// How far a tile's shadow falls to the bottom right: 6% of its width.
const SHADOW_OFFSET: Vec2 = Vec2::new(0.06 * TILE.x, -0.06 * TILE.x);
/// The selection's outline, around the tile on every side.
const OUTLINE: f32 = 4.0;

impl FromWorld for TilePalette {
    fn from_world(world: &mut World) -> Self {
        let mut meshes = world.resource_mut::<Assets<Mesh>>();
        let body = meshes.add(Rectangle::from_size(TILE));
        let shadow_mesh = meshes.add(Rectangle::from_size(piece_art::shadow_size(TILE)));
        let outline_mesh = meshes.add(Rectangle::from_size(TILE + 2.0 * OUTLINE));
        let mut images = world.resource_mut::<Assets<Image>>();
        let pictures = [
            piece_art::body(TILE, theme::TILE_BLACK, Marking::Face),
            piece_art::body(TILE, theme::TILE_WHITE, Marking::Face),
            piece_art::body(TILE, theme::TILE_BLACK, Marking::Border { ink: DOWN_INK_BLACK }),
            piece_art::body(TILE, theme::TILE_WHITE, Marking::Border { ink: DOWN_INK_WHITE }),
            piece_art::body(
                TILE,
                theme::TILE_BACK,
                Marking::Border {
                    ink: Color::srgb(0.45, 0.49, 0.60),
                },
            ),
            piece_art::shadow(TILE),
            piece_art::body(TILE + 2.0 * OUTLINE, theme::HIGHLIGHT, Marking::Face),
        ]
        .map(|picture| images.add(picture));
        let mut materials = world.resource_mut::<Assets<ColorMaterial>>();
        let [black, white, black_down, white_down, back, shadow, highlight] =
            pictures.map(|picture| materials.add(ColorMaterial::from(picture)));
        TilePalette {
            body,
            shadow_mesh,
            outline_mesh,
            black,
            white,
            black_down,
            white_down,
            back,
            shadow,
            highlight,
        }
    }
}

/// The border on a face-down tile, faint on its colour.
const DOWN_INK_BLACK: Color = Color::srgb(0.35, 0.35, 0.38);
const DOWN_INK_WHITE: Color = Color::srgb(0.70, 0.68, 0.62);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<TilePalette>()
        // After every table has set its tiles' targets for the frame.
        .add_systems(PostUpdate, glide.before(TransformSystems::Propagate));
}

/// A hidden tile with its shadow, outline and number (in the display
/// face), carrying `extra` (its game's markers); its game sets `TileLook`
/// and `Visibility` from then on.
pub fn spawn_tile(
    commands: &mut Commands,
    palette: &TilePalette,
    font: Option<&TableFont>,
    extra: impl Bundle,
) {
    commands.spawn((
        extra,
        TileLook::default(),
        Mesh2d(palette.body.clone()),
        MeshMaterial2d(palette.back.clone()),
        Transform::from_xyz(0.0, 0.0, 1.0),
        Visibility::Hidden,
        children![
            (
                Mesh2d(palette.shadow_mesh.clone()),
                MeshMaterial2d(palette.shadow.clone()),
                Transform::from_translation(SHADOW_OFFSET.extend(-0.06)),
            ),
            (
                TileHighlight,
                Mesh2d(palette.outline_mesh.clone()),
                MeshMaterial2d(palette.highlight.clone()),
                Transform::from_xyz(0.0, 0.0, -0.03),
                Visibility::Hidden,
            ),
            (
                TileNumber,
                Text2d::new(""),
                TableFont::display(font, 38.0),
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
    mut outlines: Query<&mut Visibility, (With<TileHighlight>, Without<TileLook>)>,
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
        let target = look.target;
        if unseen || snap {
            look.slide = None;
        } else if transform.translation != target
            && look.slide.is_none_or(|(_, towards, _)| towards != target)
        {
            // A new place: slide there from wherever the tile stands now.
            look.slide = Some((transform.translation, target, 0.0));
        }
        if let Some((from, towards, t)) = look.slide {
            let t = (t + dt / (SLIDE * factor)).min(1.0);
            transform.translation = from.lerp(towards, ease_out(t));
            look.slide = (t < 1.0).then_some((from, towards, t));
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
                t + dt / (FLIP * factor)
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
            // Face down: the border says so, on the tile's own colour.
            Face::Down(Colour::Black) => (&palette.black_down, String::new(), Color::NONE),
            Face::Down(Colour::White) => (&palette.white_down, String::new(), Color::NONE),
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
            if let Ok(mut outline) = outlines.get_mut(child) {
                outline.set_if_neq(if look.selected {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                });
            }
        }
    }
}
