//! The tiles table drawn by Bevy: your hand face up, the opponent's tiles as
//! plain backs, the two tiles of the round face down in their colour, and a
//! track of every settled round with its result. Every tile glides to where
//! the game puts it; at the end the opponent's tiles turn over round by round.

use bevy::prelude::*;

use crate::ids::GameId;

use crate::screens::ActiveGame;

use crate::audio::Sound;
use crate::games::tiles::engine::rules::{ROUNDS, Tiles, TilesEvent, TilesView};
use crate::games::tiles::table::hud::TileChoice;
use crate::rules::{Colour, other};
use crate::session::{Act, Happened, Shown};
use crate::settings::Settings;
use crate::ui::headline::{Headline, spawn_headline};
use crate::ui::table::{FeltCloth, Reveal, Spot, TableEntity, TableShape, spawn_felt};
use crate::ui::theme::TableFont;
use crate::ui::tile::{Face, TileLook, TilePalette, covers, spawn_tile};
use crate::ui::{FreeSpace, Pointer, TABLE_CENTER_X, theme};

const CENTER_X: f32 = TABLE_CENTER_X;
const MIDDLE_Y: f32 = 110.0;
const TRACK_THEIRS_Y: f32 = -20.0;
const TRACK_MINE_Y: f32 = -95.0;
const TRACK_LABEL_Y: f32 = -145.0;
const TRACK_SCALE: f32 = 0.6;
/// The track's band: its height, and its width beyond the rounds'.
const BAND: Vec2 = Vec2::new(10.0, 200.0);

/// Where the rows stand in each shape of the table. The middle and the
/// track keep their heights; a tall table closes the rows up, lays the
/// hands and the track tighter, and moves the names, the score and the
/// status from beside the rows to above and below them.
struct Geometry {
    hand_gap: f32,
    track_gap: f32,
    their_row_y: f32,
    hand_y: f32,
    /// The words' places from the felt's centre, in `TEXTS`' order.
    texts: [Vec2; 5],
}

/// The table's words, each with its size.
const TEXTS: [(TableText, f32); 5] = [
    (TableText::TheirName, 20.0),
    (TableText::Counter, 16.0),
    (TableText::Score, 34.0),
    (TableText::Status, 20.0),
    (TableText::MyName, 20.0),
];

const WIDE: Geometry = Geometry {
    hand_gap: 72.0,
    track_gap: 84.0,
    their_row_y: 255.0,
    hand_y: -215.0,
    texts: [
        Vec2::new(-400.0, 255.0),
        Vec2::new(395.0, 255.0),
        Vec2::new(-330.0, MIDDLE_Y),
        Vec2::new(290.0, MIDDLE_Y),
        Vec2::new(-400.0, -215.0),
    ],
};

const TALL: Geometry = Geometry {
    hand_gap: 62.0,
    track_gap: 62.0,
    their_row_y: 295.0,
    hand_y: -255.0,
    texts: [
        Vec2::new(-215.0, 362.0),
        Vec2::new(215.0, 362.0),
        Vec2::new(-215.0, 205.0),
        Vec2::new(195.0, 205.0),
        Vec2::new(-215.0, -345.0),
    ],
};

impl Geometry {
    fn of(shape: TableShape) -> &'static Geometry {
        match shape {
            TableShape::Wide => &WIDE,
            TableShape::Tall => &TALL,
        }
    }

    /// A round's column, from the felt's centre.
    fn track_dx(&self, round: usize) -> f32 {
        (round as f32 - (ROUNDS as f32 - 1.0) / 2.0) * self.track_gap
    }

    fn track_x(&self, round: usize) -> f32 {
        CENTER_X + self.track_dx(round)
    }

    fn row_x(&self, index: usize, count: usize) -> f32 {
        CENTER_X + (index as f32 - (count as f32 - 1.0) / 2.0) * self.hand_gap
    }
}

/// Round `round`'s column at height `y`, in either shape.
fn track_spot(round: usize, y: f32) -> Spot {
    Spot {
        wide: Vec2::new(WIDE.track_dx(round), y),
        tall: Vec2::new(TALL.track_dx(round), y),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(ActiveGame::Playing(GameId::Tiles)), spawn_table)
        .add_systems(
            Update,
            (
                play_sounds,
                pick_with_pointer.run_if(in_state(crate::menus::Menu::None)),
                sync_table.run_if(in_state(ActiveGame::Playing(GameId::Tiles)).and_then(table_changed)),
            )
                .chain()
                .run_if(in_state(ActiveGame::Playing(GameId::Tiles)))
                .after(crate::app_systems::AppSystems::Show),
        );
}

/// Which tile an entity stands for, from the viewer's side of the table.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Piece {
    /// The viewer's tile with this number.
    Mine(u8),
    /// The opponent's k-th tile in the order played.
    Theirs(usize),
}

#[derive(Component)]
struct RoundLabel(usize);

/// The dark band under the track.
#[derive(Component)]
struct TrackBand;

#[derive(Component)]
enum TableText {
    Score,
    Status,
    TheirName,
    MyName,
    Counter,
}

fn spawn_table(
    mut commands: Commands,
    cloth: Res<FeltCloth>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    palette: Res<TilePalette>,
    font: Option<Res<TableFont>>,
) {
    spawn_felt(&mut commands, &cloth, true);
    spawn_headline(
        &mut commands,
        font.as_deref(),
        Spot::fixed(Vec2::new(0.0, MIDDLE_Y)),
    );
    // The track's band, where settled rounds are laid; its width follows
    // the table's shape.
    commands.spawn((
        TableEntity,
        TrackBand,
        Mesh2d(meshes.add(Rectangle::from_size(Vec2::ONE))),
        MeshMaterial2d(materials.add(Color::srgba(0.0, 0.0, 0.0, 0.18))),
        Transform::from_xyz(CENTER_X, (TRACK_THEIRS_Y + TRACK_LABEL_Y) / 2.0 + 5.0, 0.2),
    ));
    let pieces = (0..9u8).map(Piece::Mine).chain((0..ROUNDS).map(Piece::Theirs));
    for piece in pieces {
        spawn_tile(&mut commands, &palette, font.as_deref(), (TableEntity, piece));
    }
    for round in 0..ROUNDS {
        commands.spawn((
            TableEntity,
            RoundLabel(round),
            Text2d::new(format!("{}", round + 1)),
            TableFont::display(font.as_deref(), 16.0),
            TextColor(Color::srgba(1.0, 1.0, 1.0, 0.6)),
            track_spot(round, TRACK_THEIRS_Y + 45.0),
            Transform::from_xyz(0.0, 0.0, 0.5),
        ));
    }
    for (index, (kind, size)) in TEXTS.into_iter().enumerate() {
        // The score is a number, in the display face; the rest is words.
        let face = if matches!(kind, TableText::Score) {
            TableFont::display(font.as_deref(), size)
        } else {
            TableFont::text(font.as_deref(), size)
        };
        commands.spawn((
            TableEntity,
            kind,
            Text2d::new(""),
            face,
            TextColor(Color::WHITE),
            TextLayout::new(Justify::Center, LineBreak::WordBoundary),
            Spot {
                wide: WIDE.texts[index],
                tall: TALL.texts[index],
            },
            Transform::from_xyz(0.0, 0.0, 0.5),
        ));
    }
    // Round results under the track, one per round.
    for round in 0..ROUNDS {
        commands.spawn((
            TableEntity,
            RoundLabel(ROUNDS + round),
            Text2d::new(""),
            TableFont::text(font.as_deref(), 16.0),
            TextColor(Color::WHITE),
            track_spot(round, TRACK_LABEL_Y),
            Transform::from_xyz(0.0, 0.0, 0.5),
        ));
    }
}

/// Where each piece stands and what it shows for this view.
fn layout(
    view: &TilesView,
    at: &Geometry,
    reveal: Option<(&[Vec<u8>; 2], usize)>,
) -> Vec<(Piece, Option<(Vec3, f32, Face)>)> {
    let mut out = Vec::new();
    let me = view.seat;
    for tile in 0..9u8 {
        let spot = if let Some(round) = view.history.iter().position(|r| r.mine == tile) {
            Some((
                Vec3::new(at.track_x(round), TRACK_MINE_Y, 2.0),
                TRACK_SCALE,
                Face::Up(tile),
            ))
        } else if view.placed == Some(tile) {
            Some((Vec3::new(CENTER_X + 45.0, MIDDLE_Y, 3.0), 1.0, Face::Up(tile)))
        } else {
            view.hand.iter().position(|&t| t == tile).map(|i| {
                (
                    Vec3::new(at.row_x(i, view.hand.len()), at.hand_y, 2.0),
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
            Some((Vec3::new(at.track_x(k), TRACK_THEIRS_Y, 2.0), TRACK_SCALE, face))
        } else if k == played && placed_now {
            let colour = view.led.expect("placed this round");
            Some((Vec3::new(CENTER_X - 45.0, MIDDLE_Y, 3.0), 1.0, Face::Down(colour)))
        } else {
            let index = k - played - usize::from(placed_now);
            Some((
                Vec3::new(at.row_x(index, unplayed), at.their_row_y, 2.0),
                1.0,
                Face::Back,
            ))
        };
        out.push((Piece::Theirs(k), spot));
    }
    out
}

/// Whether the pieces must be placed again: what the seat is shown, the
/// tile picked, the settings or the table's shape changed, or the end's
/// reveal is turning tiles over.
fn table_changed(
    shown: Option<Res<Shown<Tiles>>>,
    choice: Res<TileChoice>,
    settings: Res<Settings>,
    shape: Res<TableShape>,
    reveal: Option<Res<Reveal>>,
) -> bool {
    shown.is_some_and(|s| s.is_changed())
        || choice.is_changed()
        || settings.is_changed()
        || shape.is_changed()
        || reveal.is_some()
}

fn sync_table(
    shown: Res<Shown<Tiles>>,
    choice: Res<TileChoice>,
    settings: Res<Settings>,
    shape: Res<TableShape>,
    reveal: Option<Res<Reveal>>,
    time: Res<Time>,
    mut pieces: Query<(&Piece, &mut TileLook, &mut Visibility), Without<TableText>>,
    mut texts: Query<(&TableText, &mut Text2d, &mut TextColor), Without<RoundLabel>>,
    mut labels: Query<(&RoundLabel, &mut Text2d, &mut TextColor), Without<TableText>>,
    mut band: Query<&mut Transform, With<TrackBand>>,
) {
    let hidden = shown.curtain.is_some();
    let me = shown.seat;
    let view = shown.view.clone();
    let at = Geometry::of(*shape);
    for mut band in &mut band {
        band.scale = (Vec2::new(at.track_gap * ROUNDS as f32, 0.0) + BAND).extend(1.0);
    }
    let sequences = shown.reveal.as_ref().map(|r| r.game.played()).unwrap_or_default();
    let revealed = reveal.map(|r| r.shown(time.elapsed_secs(), &settings, ROUNDS));
    let places = layout(&view, at, revealed.map(|n| (&sequences, n)));
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
    let names = shown.names.clone();
    for (kind, mut text, mut colour) in &mut texts {
        let value = match kind {
            _ if hidden => String::new(),
            // The table font has no en dash.
            TableText::Score => format!("{} - {}", view.score[me], view.score[other(me)]),
            TableText::Status => status_line(&shown.names, &view),
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

fn status_line(names: &[String; 2], view: &TilesView) -> String {
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

/// A click or tap on a tile picks it, and a second one plays it.
fn pick_with_pointer(
    shown: Res<Shown<Tiles>>,
    pointer: Res<Pointer>,
    camera: Single<(&Camera, &GlobalTransform)>,
    pieces: Query<(&Piece, &Transform)>,
    mut choice: ResMut<TileChoice>,
    mut acts: MessageWriter<Act<Tiles>>,
    space: Res<FreeSpace>,
) {
    if !pointer.tapped {
        return;
    }
    let Some(_seat) = shown.acting else {
        return;
    };
    let (camera, at) = *camera;
    let Some(point) = pointer
        .at
        .filter(|&cursor| space.contains(cursor))
        .and_then(|cursor| camera.viewport_to_world_2d(at, cursor).ok())
    else {
        return;
    };
    let hand = shown.view.clone().hand;
    for (piece, transform) in &pieces {
        let Piece::Mine(tile) = *piece else { continue };
        if covers(transform, point) && hand.contains(&tile) {
            if choice.0 == Some(tile) {
                acts.write(Act::new(crate::games::tiles::engine::TilesAction { tile }));
                choice.0 = None;
            } else {
                choice.0 = Some(tile);
            }
        }
    }
}

/// Each event's sound, and each round's result staged in one line from
/// the viewer's side: the tile they played, the colour they saw.
fn play_sounds(
    shown: Res<Shown<Tiles>>,
    mut happened: MessageReader<Happened<Tiles>>,
    mut sounds: MessageWriter<Sound>,
    mut headline: ResMut<Headline>,
    time: Res<Time>,
) {
    let me = shown.seat;
    for event in happened.read().filter_map(|h| h.seen_by(me)) {
        match event {
            TilesEvent::Placed { .. } => {
                sounds.write(Sound::Place);
            }
            TilesEvent::Settled {
                round, winner, score, ..
            } => {
                let won = winner.map(|w| w == me);
                sounds.write(Sound::for_round(won));
                if let Some(seen) = shown.view.history.get(round - 1) {
                    let line = format!("Round {round}: {}", why(seen.mine, seen.theirs, won));
                    headline.stage(line, Headline::colour_of(won), time.elapsed_secs());
                }
                if *round == ROUNDS {
                    sounds.write(Sound::for_game(score[me], score[other(me)]));
                }
            }
        }
    }
}

/// Why a round went as it did, as the viewer saw it: their own number
/// against the colour of the other tile.
fn why(mine: u8, theirs: Colour, won: Option<bool>) -> String {
    let theirs = theirs.name();
    match won {
        Some(true) => format!("your {mine} beat their {theirs} tile"),
        Some(false) => format!("their {theirs} tile beat your {mine}"),
        None => format!("your {mine} met its equal: a draw"),
    }
}
