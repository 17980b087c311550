//! The board drawn by Bevy on the felt: hexes laid out with hexx, a
//! symbol for each terrain, the scenario's forts and arrow hexes, the
//! tokens, and the wooden blocks. Your own blocks show class and size; the
//! enemy's show only their type until revealed. The board turns so that the
//! viewer's first row is at the bottom.

use std::collections::HashMap;
use std::f32::consts::{FRAC_PI_2, FRAC_PI_4};

use bevy::prelude::*;
use hexx::HexLayout;

use super::army_panel::Draft;
use super::block_face::{FaceShape, face};
use super::choices::{Mark, Offered, Selection};
use super::engine::board::Coord;
use super::engine::data::{Emblem, Rulebook, Terrain, UnitCard, UnitType};
use super::engine::scenario::Goal;
use super::engine::state::{Phase, Wargame};
use super::engine::view::View;
use super::look;
use super::tutorial::Tutorial;
use crate::rules::Seat;
use crate::screens::InGame;
use crate::session::{Session, Shown};
use crate::ui::table::{TableEntity, clear_table};
use crate::ui::theme;

/// Where the board's centre lies on the table: between the side panel on
/// the left and the log on the right.
pub const BOARD_CENTER: Vec2 = Vec2::new(15.0, 17.0);
/// The room the board may take.
pub const BOARD_ROOM: Vec2 = Vec2::new(600.0, 560.0);

/// The board's geometry for the battle on the table.
#[derive(Resource, Debug, Clone)]
pub struct BoardLayout {
    pub layout: HexLayout,
    pub size: f32,
    /// Turned half round: white's first row at the bottom.
    pub flipped: bool,
    pub columns: i32,
    pub rows: i32,
}

impl BoardLayout {
    pub fn new(game: &Wargame, viewer: Seat) -> BoardLayout {
        let (columns, rows) = (game.map.columns, game.map.rows);
        let width = 3f32.sqrt() * (columns as f32 + 0.5);
        let height = 1.5 * rows as f32 + 0.5;
        let size = (BOARD_ROOM.x / width).min(BOARD_ROOM.y / height);
        let flipped = game.scenario.side(viewer).first_row > 0;
        let mut layout = HexLayout::pointy().with_hex_size(size);
        if flipped {
            layout.invert_x();
            layout.invert_y();
        }
        let corners = [
            Coord(0, 0),
            Coord(columns - 1, rows - 1),
            Coord(0, rows - 1),
            Coord(columns - 1, 0),
        ]
        .map(|c| from_hexx(layout.hex_to_world_pos(c.hex())));
        let low = corners.iter().fold(Vec2::MAX, |a, b| a.min(*b));
        let high = corners.iter().fold(Vec2::MIN, |a, b| a.max(*b));
        layout.origin = to_hexx(BOARD_CENTER - (low + high) / 2.0);
        BoardLayout {
            layout,
            size,
            flipped,
            columns,
            rows,
        }
    }

    pub fn world(&self, at: Coord) -> Vec2 {
        from_hexx(self.layout.hex_to_world_pos(at.hex()))
    }

    /// The board hex under a point of the table, if any.
    pub fn coord(&self, point: Vec2) -> Option<Coord> {
        let at = Coord::from_hex(self.layout.world_pos_to_hex(to_hexx(point)));
        (at.col() >= 0 && at.row() >= 0 && at.col() < self.columns && at.row() < self.rows).then_some(at)
    }
}

// hexx 0.25 is built on an older glam than Bevy 0.20: points cross between
// the two as plain coordinates.
fn from_hexx(point: hexx::Vec2) -> Vec2 {
    Vec2::from_array(point.to_array())
}

fn to_hexx(point: Vec2) -> hexx::Vec2 {
    hexx::Vec2::from_array(point.to_array())
}

/// The meshes and colours the board is drawn with, made once.
#[derive(Resource)]
struct Kit {
    hex: Handle<Mesh>,
    circle: Handle<Mesh>,
    triangle: Handle<Mesh>,
    square: Handle<Mesh>,
    colours: HashMap<[u8; 4], Handle<ColorMaterial>>,
}

impl FromWorld for Kit {
    fn from_world(world: &mut World) -> Self {
        let mut meshes = world.resource_mut::<Assets<Mesh>>();
        Kit {
            hex: meshes.add(RegularPolygon::new(1.0, 6)),
            circle: meshes.add(Circle::new(1.0)),
            triangle: meshes.add(Triangle2d::new(
                Vec2::new(0.0, 0.5),
                Vec2::new(-0.5, -0.5),
                Vec2::new(0.5, -0.5),
            )),
            square: meshes.add(Rectangle::new(1.0, 1.0)),
            colours: HashMap::new(),
        }
    }
}

#[derive(Clone, Copy)]
enum Shape {
    Hex,
    Circle,
    Triangle,
    Square,
}

/// Spawns shapes for the board with the kit's meshes and colours.
struct Brush<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    kit: &'a mut Kit,
    materials: &'a mut Assets<ColorMaterial>,
}

impl Brush<'_, '_, '_> {
    fn paint(
        &mut self,
        shape: Shape,
        colour: Color,
        at: Vec2,
        z: f32,
        scale: Vec2,
        angle: f32,
        tag: impl Bundle,
    ) {
        let key = colour.to_srgba().to_u8_array();
        let material = self
            .kit
            .colours
            .entry(key)
            .or_insert_with(|| self.materials.add(colour))
            .clone();
        let mesh = match shape {
            Shape::Hex => self.kit.hex.clone(),
            Shape::Circle => self.kit.circle.clone(),
            Shape::Triangle => self.kit.triangle.clone(),
            Shape::Square => self.kit.square.clone(),
        };
        self.commands.spawn((
            TableEntity,
            tag,
            Mesh2d(mesh),
            MeshMaterial2d(material),
            Transform {
                translation: at.extend(z),
                rotation: Quat::from_rotation_z(angle),
                scale: scale.extend(1.0),
            },
        ));
    }
}

/// What changes during play: redrawn whenever it changes.
#[derive(Component, Clone)]
struct Piece;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Kit>()
        .add_systems(
            Update,
            (
                (clear_table, spawn_board).chain().run_if(board_is_stale),
                draw_pieces,
            )
                .chain()
                .run_if(resource_exists::<Shown<Wargame>>)
                .after(crate::AppSystems::Show),
        )
        .add_systems(OnExit(InGame), forget_board);
}

fn forget_board(mut commands: Commands) {
    commands.remove_resource::<BoardLayout>();
}

/// A new battle, or the other side of the table has taken the screen.
fn board_is_stale(
    session: Option<Res<Session<Wargame>>>,
    shown: Option<Res<Shown<Wargame>>>,
    board: Option<Res<BoardLayout>>,
) -> bool {
    let (Some(session), Some(shown)) = (session, shown) else {
        return false;
    };
    let flipped = shown.view.seen.scenario.side(shown.seat).first_row > 0;
    session.is_added() || board.is_none_or(|b| b.flipped != flipped)
}

fn spawn_board(
    mut commands: Commands,
    shown: Res<Shown<Wargame>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut kit: ResMut<Kit>,
) {
    let game = &shown.view.seen;
    let board = BoardLayout::new(game, shown.seat);
    let mut brush = Brush {
        commands: &mut commands,
        kit: &mut kit,
        materials: &mut materials,
    };
    let r = board.size;
    let extent = Vec2::new(
        3f32.sqrt() * r * (board.columns as f32 + 0.5),
        r * (1.5 * board.rows as f32 + 0.5),
    );
    for (margin, colour, z) in [(28.0, theme::FELT_LINE, 0.0), (20.0, theme::FELT, 0.1)] {
        brush.paint(Shape::Square, colour, BOARD_CENTER, z, extent + margin, 0.0, ());
    }
    let forts_count = [0, 1]
        .iter()
        .any(|&s| matches!(game.scenario.side(s).goal, Goal::Forts(_)));
    for at in game.map.coords() {
        let p = board.world(at);
        let terrain = game.map.at(at);
        brush.paint(
            Shape::Hex,
            Color::srgb(0.18, 0.16, 0.12),
            p,
            0.3,
            Vec2::splat(r),
            0.0,
            (),
        );
        brush.paint(
            Shape::Hex,
            look::terrain_colour(terrain),
            p,
            0.4,
            Vec2::splat(r * 0.94),
            0.0,
            (),
        );
        terrain_symbol(&mut brush, terrain, p, r);
        if forts_count && terrain == Terrain::Fort {
            ring(&mut brush, p, r * 0.86, look::OBJECTIVE, 0.45, ());
        }
        if game.scenario.arrows.contains(&at) {
            ring(&mut brush, p, r * 0.8, look::ARROW, 0.45, ());
            brush.paint(
                Shape::Triangle,
                look::ARROW,
                p + Vec2::new(0.0, r * 0.5),
                0.5,
                Vec2::new(r * 0.3, r * 0.22),
                0.0,
                (),
            );
        }
    }
    // No coordinates printed on the hexes: they were clutter to a newcomer.
    // Hovering a hex names it as the log does, "(4, 6)".
    commands.insert_resource(board);
}

/// What a highlighted hex offers, by shape as well as colour (not
/// everyone tells green from red): a dot to go there, a cross to attack,
/// a shell to fire at. Drawn above the blocks, at the hex's top.
fn mark_symbol(brush: &mut Brush, at: Vec2, r: f32, mark: Mark) {
    let ink = Color::srgb(0.08, 0.08, 0.08);
    match mark {
        Mark::Reach => brush.paint(Shape::Circle, ink, at, 2.2, Vec2::splat(r * 0.09), 0.0, Piece),
        Mark::Target => {
            for angle in [FRAC_PI_4, -FRAC_PI_4] {
                brush.paint(
                    Shape::Square,
                    ink,
                    at,
                    2.2,
                    Vec2::new(r * 0.34, r * 0.08),
                    angle,
                    Piece,
                );
            }
        }
        Mark::FireAt => brush.paint(
            Shape::Triangle,
            ink,
            at,
            2.2,
            Vec2::new(r * 0.2, r * 0.2),
            0.0,
            Piece,
        ),
    }
}

/// An outline of a hex from six thin bars.
fn ring(brush: &mut Brush, centre: Vec2, radius: f32, colour: Color, z: f32, tag: impl Bundle + Clone) {
    let side = radius;
    let apothem = radius * 3f32.sqrt() / 2.0;
    for i in 0..6 {
        let angle = i as f32 * std::f32::consts::TAU / 6.0;
        let normal = Vec2::from_angle(angle);
        brush.paint(
            Shape::Square,
            colour,
            centre + normal * apothem,
            z,
            Vec2::new(radius * 0.09, side),
            angle,
            tag.clone(),
        );
    }
}

fn terrain_symbol(brush: &mut Brush, terrain: Terrain, p: Vec2, r: f32) {
    let z = 0.42;
    match terrain {
        Terrain::Plain => {}
        Terrain::Forest => {
            for (dx, dy) in [(-0.3, 0.1), (0.3, 0.1), (0.0, 0.4), (0.0, -0.25)] {
                let at = p + Vec2::new(dx, dy) * r;
                brush.paint(
                    Shape::Circle,
                    Color::srgb(0.14, 0.36, 0.14),
                    at,
                    z,
                    Vec2::splat(r * 0.2),
                    0.0,
                    (),
                );
                brush.paint(
                    Shape::Square,
                    Color::srgb(0.30, 0.20, 0.10),
                    at - Vec2::new(0.0, r * 0.22),
                    z - 0.01,
                    Vec2::new(r * 0.05, r * 0.14),
                    0.0,
                    (),
                );
            }
        }
        Terrain::Hill => {
            for (dx, dy, w) in [(-0.15, 0.0, 0.9), (0.25, 0.25, 0.6)] {
                brush.paint(
                    Shape::Triangle,
                    Color::srgb(0.52, 0.36, 0.18),
                    p + Vec2::new(dx, dy) * r,
                    z,
                    Vec2::new(r * w, r * 0.4),
                    0.0,
                    (),
                );
            }
        }
        Terrain::Mountains => {
            for (dx, w) in [(-0.25, 0.7), (0.25, 0.8)] {
                let at = p + Vec2::new(dx * r, 0.0);
                brush.paint(
                    Shape::Triangle,
                    Color::srgb(0.32, 0.30, 0.30),
                    at,
                    z,
                    Vec2::new(r * w, r * 0.9),
                    0.0,
                    (),
                );
                brush.paint(
                    Shape::Triangle,
                    Color::srgb(0.95, 0.95, 0.97),
                    at + Vec2::new(0.0, r * 0.3),
                    z + 0.01,
                    Vec2::new(r * w * 0.33, r * 0.3),
                    0.0,
                    (),
                );
            }
        }
        Terrain::Swamp => {
            for (dx, dy) in [
                (-0.3, 0.25),
                (0.25, 0.3),
                (-0.1, -0.05),
                (0.3, -0.25),
                (-0.35, -0.35),
            ] {
                brush.paint(
                    Shape::Square,
                    Color::srgb(0.20, 0.32, 0.26),
                    p + Vec2::new(dx, dy) * r,
                    z,
                    Vec2::new(r * 0.3, r * 0.05),
                    0.0,
                    (),
                );
                brush.paint(
                    Shape::Square,
                    Color::srgb(0.24, 0.40, 0.20),
                    p + Vec2::new(dx, dy + 0.08) * r,
                    z,
                    Vec2::new(r * 0.04, r * 0.16),
                    0.0,
                    (),
                );
            }
        }
        Terrain::Stream => {
            for dy in [-0.2, 0.2] {
                brush.paint(
                    Shape::Square,
                    Color::srgb(0.85, 0.93, 1.0),
                    p + Vec2::new(0.0, dy * r),
                    z,
                    Vec2::new(r * 1.1, r * 0.05),
                    0.15,
                    (),
                );
            }
        }
        Terrain::River => {
            for dy in [-0.35, 0.0, 0.35] {
                brush.paint(
                    Shape::Square,
                    Color::srgb(0.30, 0.55, 0.85),
                    p + Vec2::new(0.0, dy * r),
                    z,
                    Vec2::new(r * 1.1, r * 0.06),
                    -0.15,
                    (),
                );
            }
        }
        Terrain::Bridge => {
            brush.paint(
                Shape::Square,
                Color::srgb(0.55, 0.38, 0.20),
                p,
                z,
                Vec2::new(r * 0.55, r * 1.5),
                0.0,
                (),
            );
            for dy in [-0.45, -0.15, 0.15, 0.45] {
                brush.paint(
                    Shape::Square,
                    Color::srgb(0.38, 0.25, 0.12),
                    p + Vec2::new(0.0, dy * r),
                    z + 0.01,
                    Vec2::new(r * 0.55, r * 0.04),
                    0.0,
                    (),
                );
            }
        }
        Terrain::Fort => {
            let wall = Color::srgb(0.35, 0.33, 0.30);
            for (dx, dy, w, h) in [
                (0.0, 0.45, 1.0, 0.1),
                (0.0, -0.45, 1.0, 0.1),
                (0.45, 0.0, 0.1, 1.0),
                (-0.45, 0.0, 0.1, 1.0),
            ] {
                brush.paint(
                    Shape::Square,
                    wall,
                    p + Vec2::new(dx, dy) * r,
                    z,
                    Vec2::new(w, h) * r,
                    0.0,
                    (),
                );
            }
            for (dx, dy) in [(-0.45, -0.45), (0.45, -0.45), (-0.45, 0.45), (0.45, 0.45)] {
                brush.paint(
                    Shape::Square,
                    wall,
                    p + Vec2::new(dx, dy) * r,
                    z + 0.01,
                    Vec2::splat(r * 0.2),
                    0.0,
                    (),
                );
            }
        }
        Terrain::Bunker => {
            brush.paint(
                Shape::Square,
                Color::srgb(0.45, 0.46, 0.42),
                p,
                z,
                Vec2::new(r * 0.9, r * 0.55),
                0.0,
                (),
            );
            brush.paint(
                Shape::Square,
                Color::srgb(0.12, 0.12, 0.12),
                p + Vec2::new(0.0, r * 0.1),
                z + 0.01,
                Vec2::new(r * 0.6, r * 0.08),
                0.0,
                (),
            );
        }
    }
}

/// A block as the viewer sees it.
#[derive(Debug, Clone, PartialEq)]
struct Block {
    owner: Seat,
    kind: UnitType,
    /// The class's emblem, size and full size, when the viewer knows them.
    known: Option<Known>,
    /// Moving this turn, picked up, or spent.
    state: BlockState,
    crippled: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Known {
    emblem: Emblem,
    size: u8,
    full: u8,
}

impl Known {
    fn of(card: &UnitCard, size: u8) -> Known {
        Known {
            emblem: card.emblem,
            size,
            full: card.size,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum BlockState {
    Ready,
    Active,
    Spent,
}

fn blocks_seen(game: &Wargame, view: &View, draft: &Draft, viewer: Seat) -> Vec<(Coord, Block)> {
    let book = Rulebook::get();
    let active: Vec<usize> = view
        .activation
        .as_ref()
        .map(|a| a.units.clone())
        .unwrap_or_default();
    let mut out: Vec<(Coord, Block)> = Vec::new();
    if game.phase == Phase::Over {
        for u in game.alive() {
            let card = u.card();
            out.push((
                u.at.expect("alive"),
                Block {
                    owner: u.owner,
                    kind: u.kind,
                    known: Some(Known::of(card, u.size)),
                    state: BlockState::Ready,
                    crippled: u.crippled,
                },
            ));
        }
        return out;
    }
    for u in &view.units {
        let known = u
            .class
            .as_deref()
            .and_then(|c| book.unit(c))
            .zip(u.size)
            .map(|(card, size)| Known::of(card, size));
        let state = if active.contains(&u.id) {
            BlockState::Active
        } else if view.active == u.owner && view.used.activated.contains(&u.id) {
            BlockState::Spent
        } else {
            BlockState::Ready
        };
        out.push((
            u.at,
            Block {
                owner: u.owner,
                kind: u.kind,
                known,
                state,
                crippled: u.crippled,
            },
        ));
    }
    if game.phase == Phase::Building && draft.seat == Some(viewer) {
        for (i, p) in draft.army.iter().enumerate() {
            let Some(card) = book.unit(&p.class) else { continue };
            out.push((
                p.at,
                Block {
                    owner: viewer,
                    kind: card.kind,
                    known: Some(Known::of(card, card.size)),
                    state: if draft.moving == Some(i) {
                        BlockState::Active
                    } else {
                        BlockState::Ready
                    },
                    crippled: false,
                },
            ));
        }
    }
    out
}

fn draw_pieces(
    mut commands: Commands,
    shown: Res<Shown<Wargame>>,
    board: Option<Res<BoardLayout>>,
    selection: Res<Selection>,
    offered: Res<Offered>,
    draft: Res<Draft>,
    pieces: Query<Entity, With<Piece>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut kit: ResMut<Kit>,
    tutorial: Option<Res<Tutorial>>,
    mut pointed: Local<Option<Coord>>,
) {
    let Some(board) = board else { return };
    // The hex the tutorial's step points at, if any.
    let point = tutorial
        .as_ref()
        .and_then(|t| t.current())
        .and_then(|(_, _, lesson)| lesson.point);
    // Redrawn only when what it shows changed.
    let changed = [
        shown.is_changed(),
        selection.is_changed(),
        offered.is_changed(),
        draft.is_changed(),
        board.is_changed(),
        *pointed != point,
    ];
    if !changed.contains(&true) {
        return;
    }
    *pointed = point;
    let viewer = shown.seat;
    let game = &shown.view.seen;
    let hidden = shown.curtain.is_some();
    let blocks = if hidden {
        Vec::new()
    } else {
        blocks_seen(game, &shown.view, &draft, viewer)
    };
    let marks = if hidden { Vec::new() } else { offered.shown.marks() };
    let building = game.phase == Phase::Building && draft.seat == Some(viewer) && !hidden;
    let building_row = if building {
        Draft::first_row(game, viewer)
    } else {
        Vec::new()
    };
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    let mut brush = Brush {
        commands: &mut commands,
        kit: &mut kit,
        materials: &mut materials,
    };
    let r = board.size;
    for at in &building_row {
        brush.paint(
            Shape::Hex,
            look::REACH,
            board.world(*at),
            0.9,
            Vec2::splat(r * 0.8),
            0.0,
            Piece,
        );
    }
    for (at, mark) in &marks {
        let colour = match mark {
            Mark::Reach => look::REACH,
            Mark::Target => look::TARGET,
            Mark::FireAt => look::FIRE_AT,
        };
        brush.paint(
            Shape::Hex,
            colour,
            board.world(*at),
            0.9,
            Vec2::splat(r * 0.8),
            0.0,
            Piece,
        );
        mark_symbol(&mut brush, board.world(*at) + Vec2::new(0.0, r * 0.6), r, *mark);
    }
    if let Some(at) = point.filter(|_| !hidden) {
        for radius in [0.98, 0.9] {
            ring(
                &mut brush,
                board.world(at),
                r * radius,
                look::TUTORIAL,
                0.96,
                Piece,
            );
        }
    }
    if let Some(at) = selection.cursor.filter(|_| !hidden) {
        for radius in [0.93, 0.86] {
            ring(&mut brush, board.world(at), r * radius, look::CURSOR, 0.97, Piece);
        }
    }
    for (hex, colour) in [
        (selection.hex, look::SELECTED),
        (selection.choosing, look::SELECTED),
        (selection.hover, look::HOVER),
    ] {
        if let Some(at) = hex {
            ring(&mut brush, board.world(at), r * 0.92, colour, 0.95, Piece);
        }
    }
    for h in &shown.view.hexes {
        draw_tokens(&mut brush, board.world(h.at), r, &h.tokens, h.markers);
    }
    let mut by_hex: Vec<(Coord, Vec<&Block>)> = Vec::new();
    for (at, block) in &blocks {
        match by_hex.iter_mut().find(|(h, _)| h == at) {
            Some((_, list)) => list.push(block),
            None => by_hex.push((*at, vec![block])),
        }
    }
    for (at, list) in by_hex {
        let n = list.len();
        let side = match n {
            1 => r,
            2 => r * 0.7,
            _ => r * 0.52,
        };
        for (i, block) in list.into_iter().enumerate() {
            let dx = (i as f32 - (n as f32 - 1.0) / 2.0) * side * 1.08;
            let dy = if n == 3 && i == 1 { side * 0.45 } else { 0.0 };
            draw_block(&mut brush, board.world(at) + Vec2::new(dx, dy), side, block);
        }
    }
}

fn draw_tokens(brush: &mut Brush, p: Vec2, r: f32, tokens: &[super::engine::data::Token], markers: [u8; 2]) {
    use super::engine::data::Token;
    for token in tokens {
        match token {
            Token::Trench => {
                for i in 0..4 {
                    let x = (i as f32 - 1.5) * r * 0.22;
                    let angle = if i % 2 == 0 { 0.6 } else { -0.6 };
                    brush.paint(
                        Shape::Square,
                        Color::srgb(0.35, 0.22, 0.10),
                        p + Vec2::new(x, -r * 0.5),
                        1.5,
                        Vec2::new(r * 0.26, r * 0.07),
                        angle,
                        Piece,
                    );
                }
            }
            Token::Abatis => {
                for dx in [-0.25, 0.0, 0.25] {
                    for angle in [0.7, -0.7] {
                        brush.paint(
                            Shape::Square,
                            Color::srgb(0.40, 0.26, 0.12),
                            p + Vec2::new(dx * r, r * 0.5),
                            1.5,
                            Vec2::new(r * 0.3, r * 0.05),
                            angle,
                            Piece,
                        );
                    }
                }
            }
            Token::Fire => {
                brush.paint(
                    Shape::Circle,
                    Color::srgba(1.0, 0.45, 0.05, 0.85),
                    p + Vec2::new(-r * 0.5, r * 0.2),
                    1.6,
                    Vec2::splat(r * 0.22),
                    0.0,
                    Piece,
                );
                brush.paint(
                    Shape::Triangle,
                    Color::srgb(1.0, 0.85, 0.2),
                    p + Vec2::new(-r * 0.5, r * 0.22),
                    1.61,
                    Vec2::splat(r * 0.2),
                    0.0,
                    Piece,
                );
            }
            Token::Smoke => {
                for (dx, dy) in [(-0.2, 0.1), (0.2, 0.15), (0.0, -0.15)] {
                    brush.paint(
                        Shape::Circle,
                        Color::srgba(0.85, 0.85, 0.85, 0.55),
                        p + Vec2::new(dx, dy) * r,
                        1.7,
                        Vec2::splat(r * 0.35),
                        0.0,
                        Piece,
                    );
                }
            }
        }
    }
    for (seat, count) in markers.into_iter().enumerate() {
        for i in 0..count {
            let at = p + Vec2::new(r * (0.45 - 0.14 * i as f32), r * (0.62 - 0.2 * seat as f32));
            brush.paint(
                Shape::Circle,
                Color::srgb(0.8, 0.1, 0.1),
                at,
                1.55,
                Vec2::splat(r * 0.09),
                0.0,
                Piece,
            );
            brush.paint(
                Shape::Circle,
                look::block_colour(seat),
                at,
                1.56,
                Vec2::splat(r * 0.05),
                0.0,
                Piece,
            );
        }
    }
}

fn draw_block(brush: &mut Brush, p: Vec2, side: f32, block: &Block) {
    let ink = look::ink_colour(block.owner);
    let edge = if block.owner == 0 {
        Color::srgb(0.30, 0.24, 0.18)
    } else {
        Color::srgb(0.72, 0.64, 0.50)
    };
    brush.paint(
        Shape::Square,
        Color::srgba(0.0, 0.0, 0.0, 0.35),
        p + Vec2::new(side * 0.08, -side * 0.08),
        1.9,
        Vec2::splat(side),
        0.0,
        Piece,
    );
    if block.state == BlockState::Active {
        brush.paint(
            Shape::Square,
            look::OBJECTIVE,
            p,
            1.95,
            Vec2::splat(side * 1.16),
            0.0,
            Piece,
        );
    }
    brush.paint(Shape::Square, edge, p, 2.0, Vec2::splat(side), 0.0, Piece);
    brush.paint(
        Shape::Square,
        look::block_colour(block.owner),
        p,
        2.01,
        Vec2::splat(side * 0.88),
        0.0,
        Piece,
    );
    // The face: the type symbol, and the class's emblem when it is known.
    for (i, m) in face(block.kind, block.known.map(|k| k.emblem)).iter().enumerate() {
        let colour = if m.hollow {
            look::block_colour(block.owner)
        } else {
            ink
        };
        let shape = match m.shape {
            FaceShape::Square => Shape::Square,
            FaceShape::Circle => Shape::Circle,
            FaceShape::Triangle => Shape::Triangle,
        };
        brush.paint(
            shape,
            colour,
            p + m.at * side,
            2.02 + i as f32 * 0.001,
            m.size * side,
            m.angle,
            Piece,
        );
    }
    if let Some(Known { size, full, .. }) = block.known {
        // Size dots on the edge that faces the owner: the block turns a
        // quarter for every step it has lost.
        let lost = full.saturating_sub(size);
        let angle = -FRAC_PI_2 * f32::from(lost);
        for i in 0..size {
            // Large enough to count at a glance: up to four across the edge.
            let along = (f32::from(i) - (f32::from(size) - 1.0) / 2.0) * side * 0.22;
            let local = Vec2::new(along, -side * 0.35);
            let at = p + Vec2::from_angle(angle).rotate(local);
            brush.paint(
                Shape::Circle,
                ink,
                at,
                2.03,
                Vec2::splat(side * 0.085),
                0.0,
                Piece,
            );
        }
    }
    if block.state == BlockState::Spent {
        brush.paint(
            Shape::Square,
            Color::srgba(0.3, 0.3, 0.3, 0.45),
            p,
            2.05,
            Vec2::splat(side * 0.88),
            0.0,
            Piece,
        );
    }
    if block.crippled {
        brush.paint(
            Shape::Square,
            Color::srgb(0.85, 0.15, 0.1),
            p,
            2.06,
            Vec2::new(side, side * 0.08),
            0.8,
            Piece,
        );
    }
}
