//! The tiles table drawn by Bevy: your hand face up, the opponent's tiles as
//! plain backs, the two tiles of the round face down in their colour, and a
//! track of every settled round with its result. Every tile glides to where
//! the game puts it; at the end the opponent's tiles turn over round by round.

use bevy::prelude::*;

use super::hud::TileChoice;
use super::rules::{Colour, ROUNDS, Tiles, TilesEvent, TilesView};
use crate::audio::Sound;
use crate::rules::{Game, Seat, other};
use crate::screens::Screen;
use crate::session::{Act, Happened, Session};
use crate::settings::Settings;
use crate::ui::{FreeSpace, TABLE_CENTER_X, spawn_felt, theme};

const CENTER_X: f32 = TABLE_CENTER_X;
const TILE: Vec2 = Vec2::new(56.0, 84.0);
const HAND_GAP: f32 = 72.0;
const THEIR_ROW_Y: f32 = 255.0;
const MIDDLE_Y: f32 = 110.0;
const TRACK_THEIRS_Y: f32 = -20.0;
const TRACK_MINE_Y: f32 = -95.0;
const TRACK_LABEL_Y: f32 = -145.0;
const TRACK_GAP: f32 = 84.0;
const TRACK_SCALE: f32 = 0.6;
const HAND_Y: f32 = -215.0;
/// Seconds between two tiles turning over in the end reveal.
const REVEAL_STEP: f32 = 0.3;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (despawn_table, spawn_table)
                .chain()
                .run_if(resource_added::<Session<Tiles>>),
            (
                play_sounds,
                pick_with_mouse.run_if(in_state(crate::menus::Menu::None)),
                sync_table,
                glide,
            )
                .chain()
                .run_if(resource_exists::<Session<Tiles>>),
        )
            .chain()
            .after(crate::AppSystems::Update),
    )
    .add_systems(OnEnter(Screen::GameList), despawn_table)
    .add_systems(OnEnter(Screen::Title), despawn_table)
    .add_systems(OnEnter(Screen::Result), start_reveal);
}

#[derive(Component, Clone)]
struct TableEntity;

/// Which tile an entity stands for, from the viewer's side of the table.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Piece {
    /// The viewer's tile with this number.
    Mine(u8),
    /// The opponent's k-th tile in the order played.
    Theirs(usize),
}

/// What a tile shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Face {
    Up(u8),
    Down(Colour),
    Back,
}

#[derive(Component)]
struct TileLook {
    shown: Face,
    wanted: Face,
    /// 0..1 through a turn-over; at 0.5 the face changes.
    flip: Option<f32>,
    target: Vec3,
    scale: f32,
    selected: bool,
}

#[derive(Component)]
struct TileNumber;

#[derive(Component)]
struct TileEdge;

#[derive(Component)]
struct RoundLabel(usize);

#[derive(Component)]
enum TableText {
    Score,
    Status,
    TheirName,
    MyName,
    Counter,
}

#[derive(Resource)]
struct TileMaterials {
    black: Handle<ColorMaterial>,
    white: Handle<ColorMaterial>,
    back: Handle<ColorMaterial>,
    edge: Handle<ColorMaterial>,
    highlight: Handle<ColorMaterial>,
}

/// When the end reveal began, to turn the tiles over one round at a time.
#[derive(Resource)]
struct Reveal {
    started: f32,
}

fn despawn_table(mut commands: Commands, entities: Query<Entity, With<TableEntity>>) {
    for entity in &entities {
        commands.entity(entity).despawn();
    }
    commands.remove_resource::<Reveal>();
}

fn spawn_table(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let palette = TileMaterials {
        black: materials.add(theme::TILE_BLACK),
        white: materials.add(theme::TILE_WHITE),
        back: materials.add(theme::TILE_BACK),
        edge: materials.add(Color::srgb(0.35, 0.30, 0.25)),
        highlight: materials.add(theme::HIGHLIGHT),
    };
    spawn_felt(&mut commands, &mut meshes, &mut materials, TableEntity);
    // The track's band, where settled rounds are laid.
    commands.spawn((
        TableEntity,
        Mesh2d(meshes.add(Rectangle::new(TRACK_GAP * ROUNDS as f32 + 10.0, 200.0))),
        MeshMaterial2d(materials.add(Color::srgba(0.0, 0.0, 0.0, 0.18))),
        Transform::from_xyz(CENTER_X, (TRACK_THEIRS_Y + TRACK_LABEL_Y) / 2.0 + 5.0, 0.2),
    ));
    let body = meshes.add(Rectangle::from_size(TILE));
    let edge = meshes.add(Rectangle::from_size(TILE + 6.0));
    let pieces = (0..9u8).map(Piece::Mine).chain((0..ROUNDS).map(Piece::Theirs));
    for piece in pieces {
        commands.spawn((
            TableEntity,
            piece,
            TileLook {
                shown: Face::Back,
                wanted: Face::Back,
                flip: None,
                target: Vec3::ZERO,
                scale: 1.0,
                selected: false,
            },
            Mesh2d(body.clone()),
            MeshMaterial2d(palette.back.clone()),
            Transform::from_xyz(CENTER_X, 0.0, 1.0),
            Visibility::Hidden,
            children![
                (
                    TileEdge,
                    Mesh2d(edge.clone()),
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
    for round in 0..ROUNDS {
        commands.spawn((
            TableEntity,
            RoundLabel(round),
            Text2d::new(format!("{}", round + 1)),
            TextFont::from_font_size(16.0),
            TextColor(Color::srgba(1.0, 1.0, 1.0, 0.6)),
            Transform::from_xyz(track_x(round), TRACK_THEIRS_Y + 45.0, 0.5),
        ));
    }
    let texts = [
        (
            TableText::TheirName,
            Vec2::new(CENTER_X - 400.0, THEIR_ROW_Y),
            20.0,
        ),
        (TableText::Counter, Vec2::new(CENTER_X + 395.0, THEIR_ROW_Y), 16.0),
        (TableText::Score, Vec2::new(CENTER_X - 330.0, MIDDLE_Y), 34.0),
        (TableText::Status, Vec2::new(CENTER_X + 290.0, MIDDLE_Y), 20.0),
        (TableText::MyName, Vec2::new(CENTER_X - 400.0, HAND_Y), 20.0),
    ];
    for (kind, at, size) in texts {
        commands.spawn((
            TableEntity,
            kind,
            Text2d::new(""),
            TextFont::from_font_size(size),
            TextColor(Color::WHITE),
            TextLayout::new(Justify::Center, LineBreak::WordBoundary),
            Transform::from_translation(at.extend(0.5)),
        ));
    }
    // Round results under the track, one per round.
    for round in 0..ROUNDS {
        commands.spawn((
            TableEntity,
            RoundLabel(ROUNDS + round),
            Text2d::new(""),
            TextFont::from_font_size(16.0),
            TextColor(Color::WHITE),
            Transform::from_xyz(track_x(round), TRACK_LABEL_Y, 0.5),
        ));
    }
    commands.insert_resource(palette);
}

fn track_x(round: usize) -> f32 {
    CENTER_X + (round as f32 - (ROUNDS as f32 - 1.0) / 2.0) * TRACK_GAP
}

fn row_x(index: usize, count: usize) -> f32 {
    CENTER_X + (index as f32 - (count as f32 - 1.0) / 2.0) * HAND_GAP
}

/// Where each piece stands and what it shows for this view.
fn layout(
    view: &TilesView,
    reveal: Option<(&[Vec<u8>; 2], usize)>,
) -> Vec<(Piece, Option<(Vec3, f32, Face)>)> {
    let mut out = Vec::new();
    let me = view.seat;
    for tile in 0..9u8 {
        let spot = if let Some(round) = view.history.iter().position(|r| r.mine == tile) {
            Some((
                Vec3::new(track_x(round), TRACK_MINE_Y, 2.0),
                TRACK_SCALE,
                Face::Up(tile),
            ))
        } else if view.placed == Some(tile) {
            Some((Vec3::new(CENTER_X + 45.0, MIDDLE_Y, 3.0), 1.0, Face::Up(tile)))
        } else {
            view.hand.iter().position(|&t| t == tile).map(|i| {
                (
                    Vec3::new(row_x(i, view.hand.len()), HAND_Y, 2.0),
                    1.0,
                    Face::Up(tile),
                )
            })
        };
        out.push((Piece::Mine(tile), spot));
    }
    let played = view.history.len();
    let placed_now = view.led.is_some() && view.leader != me;
    let unplayed = ROUNDS - played - usize::from(placed_now);
    for k in 0..ROUNDS {
        let spot = if k < played {
            let face = match reveal {
                Some((sequences, shown)) if k < shown => Face::Up(sequences[other(me)][k]),
                _ => Face::Down(view.history[k].theirs),
            };
            Some((Vec3::new(track_x(k), TRACK_THEIRS_Y, 2.0), TRACK_SCALE, face))
        } else if k == played && placed_now {
            let colour = view.led.expect("placed this round");
            Some((Vec3::new(CENTER_X - 45.0, MIDDLE_Y, 3.0), 1.0, Face::Down(colour)))
        } else {
            let index = k - played - usize::from(placed_now);
            Some((
                Vec3::new(row_x(index, unplayed), THEIR_ROW_Y, 2.0),
                1.0,
                Face::Back,
            ))
        };
        out.push((Piece::Theirs(k), spot));
    }
    out
}

fn sync_table(
    session: Res<Session<Tiles>>,
    choice: Res<TileChoice>,
    settings: Res<Settings>,
    reveal: Option<Res<Reveal>>,
    time: Res<Time>,
    mut pieces: Query<(&Piece, &mut TileLook, &mut Visibility), Without<TableText>>,
    mut texts: Query<(&TableText, &mut Text2d, &mut TextColor), Without<RoundLabel>>,
    mut labels: Query<(&RoundLabel, &mut Text2d, &mut TextColor), Without<TableText>>,
) {
    let hidden = session.curtain.is_some();
    let me = session.viewer;
    let view = session.game.view(me);
    let sequences = session.game.played();
    let shown = reveal.map(|r| {
        let step = REVEAL_STEP * settings.animation_speed.factor();
        if step <= 0.0 {
            ROUNDS
        } else {
            (((time.elapsed_secs() - r.started) / step).floor().max(0.0) as usize).min(ROUNDS)
        }
    });
    let places = layout(&view, shown.map(|n| (&sequences, n)));
    for (piece, mut look, mut visibility) in &mut pieces {
        let spot = places.iter().find(|(p, _)| p == piece).and_then(|(_, s)| *s);
        match spot.filter(|_| !hidden) {
            Some((target, scale, face)) => {
                *visibility = Visibility::Visible;
                look.target = target;
                look.scale = scale;
                look.wanted = face;
                look.selected =
                    matches!(piece, Piece::Mine(t) if choice.0 == Some(*t) && view.hand.contains(t));
            }
            None => *visibility = Visibility::Hidden,
        }
    }
    let names = session.names();
    for (kind, mut text, mut colour) in &mut texts {
        let value = match kind {
            _ if hidden => String::new(),
            // The table font has no en dash.
            TableText::Score => format!("{} - {}", view.score[me], view.score[other(me)]),
            TableText::Status => status_line(&session, &view),
            TableText::TheirName => names[other(me)].clone(),
            TableText::MyName => names[me].clone(),
            TableText::Counter if settings.colour_counter => format!(
                "left: {} black\n{} white",
                view.opponent_left.black, view.opponent_left.white
            ),
            TableText::Counter => String::new(),
        };
        if text.0 != value {
            text.0 = value;
        }
        colour.0 = if matches!(kind, TableText::Score) {
            theme::HIGHLIGHT
        } else {
            Color::WHITE
        };
    }
    for (label, mut text, mut colour) in &mut labels {
        if label.0 < ROUNDS {
            continue;
        }
        let round = label.0 - ROUNDS;
        let (value, tint) = match view.history.get(round) {
            Some(_) if hidden => (String::new(), theme::DRAW),
            Some(seen) => match seen.winner {
                Some(w) if w == me => ("WIN".to_string(), theme::WIN),
                Some(_) => ("LOSS".to_string(), theme::LOSS),
                None => ("DRAW".to_string(), theme::DRAW),
            },
            None => (String::new(), theme::DRAW),
        };
        if text.0 != value {
            text.0 = value;
        }
        colour.0 = tint;
    }
}

fn status_line(session: &Session<Tiles>, view: &TilesView) -> String {
    let names = session.names();
    match view.to_move {
        None => "Game over".into(),
        Some(seat) => {
            let role = match (seat == view.leader, names[seat] == "You") {
                (true, true) => "lead",
                (true, false) => "leads",
                (false, true) => "follow",
                (false, false) => "follows",
            };
            format!("Round {} of {ROUNDS}\n{} {role}", view.round, names[seat])
        }
    }
}

fn glide(
    time: Res<Time>,
    settings: Res<Settings>,
    palette: Res<TileMaterials>,
    mut pieces: Query<(
        &mut TileLook,
        &mut Transform,
        &mut MeshMaterial2d<ColorMaterial>,
        &Children,
    )>,
    mut numbers: Query<(&mut Text2d, &mut TextColor), With<TileNumber>>,
    mut edges: Query<&mut MeshMaterial2d<ColorMaterial>, (With<TileEdge>, Without<TileLook>)>,
) {
    let factor = settings.animation_speed.factor();
    let dt = time.delta_secs();
    // Exponential easing: about 90% of the way in 0.25 s at Normal speed.
    let step = if factor <= 0.0 {
        1.0
    } else {
        1.0 - (-dt * 9.0 / factor).exp()
    };
    for (mut look, mut transform, mut material, children) in &mut pieces {
        transform.translation = transform.translation.lerp(look.target, step);
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

fn pick_with_mouse(
    session: Res<Session<Tiles>>,
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window>,
    camera: Single<(&Camera, &GlobalTransform)>,
    pieces: Query<(&Piece, &Transform)>,
    mut choice: ResMut<TileChoice>,
    mut acts: MessageWriter<Act<Tiles>>,
    space: Res<FreeSpace>,
) {
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let Some(seat) = session.human_to_move() else {
        return;
    };
    let (camera, at) = *camera;
    let Some(point) = window
        .cursor_position()
        .filter(|&cursor| space.contains(cursor))
        .and_then(|cursor| camera.viewport_to_world_2d(at, cursor).ok())
    else {
        return;
    };
    let hand = session.game.view(seat).hand;
    for (piece, transform) in &pieces {
        let Piece::Mine(tile) = *piece else { continue };
        let half = TILE / 2.0 * transform.scale.truncate();
        let inside = (point - transform.translation.truncate()).abs().cmple(half).all();
        if inside && hand.contains(&tile) {
            if choice.0 == Some(tile) {
                acts.write(Act::new(super::TilesAction { tile }));
                choice.0 = None;
            } else {
                choice.0 = Some(tile);
            }
        }
    }
}

fn play_sounds(
    session: Res<Session<Tiles>>,
    mut happened: MessageReader<Happened<Tiles>>,
    mut sounds: MessageWriter<Sound>,
) {
    for event in happened.read() {
        match &event.event {
            TilesEvent::Placed { .. } => {
                sounds.write(Sound::Place);
            }
            TilesEvent::Settled { winner, .. } => {
                let viewer_won = *winner == Some(session.viewer as Seat);
                sounds.write(if viewer_won { Sound::Win } else { Sound::Reveal });
            }
        }
    }
}

fn start_reveal(mut commands: Commands, time: Res<Time>, session: Option<Res<Session<Tiles>>>) {
    if session.is_some() {
        commands.insert_resource(Reveal {
            started: time.elapsed_secs(),
        });
    }
}
