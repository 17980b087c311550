//! The wooden blocks (your own with class and size, the enemy's with their
//! type until revealed): one entity per block, which stays while the block
//! stands, goes to its hex when the block moves and is painted again only
//! when its face changes; an attack it is seen to make sets its step
//! toward its target going (the motions themselves are in `motion`).

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;

use super::block_face::{FaceShape, STICKER, face};
use super::brush::{Brush, Kit, Shape};
use super::layout::BoardLayout;
use super::look;
use super::motion::{Glide, Lift, Lunge, Shake, Unfold};
use crate::games::wargame::battle::draft::Draft;
use crate::games::wargame::engine::board::Coord;
use crate::games::wargame::engine::data::{Emblem, Rulebook, UnitCard, UnitType};
use crate::games::wargame::engine::state::{AttackKind, Event, Phase, Wargame};
use crate::games::wargame::engine::view::View;
use crate::rules::Seat;
use crate::session::{Happened, Shown};
use crate::settings::Settings;
use crate::ui::table::TableEntity;

/// Which block an entity stands for: a unit on the board, or the n-th block
/// of the army being deployed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BlockKey {
    Unit(usize),
    Drafted(usize),
}

/// One block on the table, with the face it is painted with.
#[derive(Component)]
pub struct BlockPiece {
    key: BlockKey,
    block: Block,
    side: f32,
}

impl BlockPiece {
    /// The unit it stands for (`None` for a block of the army being
    /// deployed).
    pub fn unit(&self) -> Option<usize> {
        match self.key {
            BlockKey::Unit(id) => Some(id),
            BlockKey::Drafted(_) => None,
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

fn blocks_seen(game: &Wargame, view: &View, draft: &Draft, viewer: Seat) -> Vec<(BlockKey, Coord, Block)> {
    let book = Rulebook::get();
    let active: Vec<usize> = view
        .activation
        .as_ref()
        .map(|a| a.units.clone())
        .unwrap_or_default();
    let mut out: Vec<(BlockKey, Coord, Block)> = Vec::new();
    if game.phase == Phase::Over {
        for u in game.alive() {
            let card = u.card();
            out.push((
                BlockKey::Unit(u.id),
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
            BlockKey::Unit(u.id),
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
                BlockKey::Drafted(i),
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

/// Where each block stands: its hex, its place among the blocks there and
/// its side. One block fills the hex (at least 44 pixels on a 1280 x 720
/// window); two stand side by side, three in a triangle, large enough to
/// read their emblems and count their pips.
fn spots(blocks: Vec<(BlockKey, Coord, Block)>, r: f32) -> Vec<(BlockKey, Coord, Vec2, f32, Block)> {
    let mut by_hex: Vec<(Coord, Vec<(BlockKey, Block)>)> = Vec::new();
    for (key, at, block) in blocks {
        match by_hex.iter_mut().find(|(h, _)| *h == at) {
            Some((_, list)) => list.push((key, block)),
            None => by_hex.push((at, vec![(key, block)])),
        }
    }
    let mut out = Vec::new();
    for (at, list) in by_hex {
        let n = list.len();
        let (side, places): (f32, &[(f32, f32)]) = match n {
            1 => (SOLO_SIDE, &[(0.0, 0.0)]),
            2 => (0.76, &[(-0.39, 0.0), (0.39, 0.0)]),
            _ => (0.62, &[(-0.34, -0.27), (0.34, -0.27), (0.0, 0.36)]),
        };
        for (i, (key, block)) in list.into_iter().enumerate() {
            // A fourth block or more (a modder's limits) shares the last place.
            let (x, y) = places[i.min(places.len() - 1)];
            out.push((key, at, Vec2::new(x, y) * r, side * r, block));
        }
    }
    out
}

/// Gives each attacker seen to strike in a melee, a charge or a
/// counterattack its step toward the target (a shot is fired from where
/// the block stands).
pub(super) fn start_lunges(
    mut commands: Commands,
    shown: Res<Shown<Wargame>>,
    settings: Res<Settings>,
    mut happened: MessageReader<Happened<Wargame>>,
    blocks: Query<(Entity, &BlockPiece, &Transform, Option<&Glide>)>,
) {
    let factor = settings.animation_speed.factor();
    for h in happened.read() {
        let Some(Event::Attack {
            kind: AttackKind::Melee | AttackKind::Charge | AttackKind::Counter,
            attacker: Some(attacker),
            target,
            ..
        }) = h.seen_by(shown.seat)
        else {
            continue;
        };
        if factor <= 0.0 || shown.curtain.is_some() {
            continue;
        }
        // Where a block is going: its glide's end, or where it stands.
        let place = |unit: usize| {
            blocks
                .iter()
                .find(|(_, piece, ..)| piece.unit() == Some(unit))
                .map(|(entity, _, transform, glide)| {
                    (entity, glide.map_or(transform.translation.truncate(), |g| g.to))
                })
        };
        if let (Some((entity, _)), Some((_, toward))) = (place(*attacker), place(*target)) {
            commands.entity(entity).insert(Lunge::toward(toward, factor));
        }
    }
}

/// A lone block's side, in hex sizes (a hex's centre to a corner).
pub const SOLO_SIDE: f32 = 1.08;

/// Keeps one entity per block the seat sees: moves it to its hex, paints
/// it again when its face changed, takes away the blocks that fell (and
/// every block under the curtain).
pub(super) fn place_blocks(
    mut commands: Commands,
    shown: Res<Shown<Wargame>>,
    board: Option<Res<BoardLayout>>,
    draft: Res<Draft>,
    mut placed: Query<(Entity, &mut BlockPiece, &mut Transform)>,
    glides: Query<&Glide>,
    lifted: Query<Entity, With<Lift>>,
    settings: Res<Settings>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut kit: ResMut<Kit>,
) {
    let Some(board) = board else { return };
    let factor = settings.animation_speed.factor();
    if !(shown.is_changed() || draft.is_changed() || board.is_changed()) {
        return;
    }
    let blocks = if shown.curtain.is_some() {
        Vec::new()
    } else {
        blocks_seen(shown.view.battlefield(), &shown.view, &draft, shown.seat)
    };
    let mut wanted = spots(blocks, board.size);
    if shown.curtain.is_some() {
        for entity in &lifted {
            commands.entity(entity).despawn();
        }
    }
    let mut brush = Brush {
        commands: &mut commands,
        kit: &mut kit,
        materials: &mut materials,
        parent: None,
    };
    for (entity, mut piece, mut transform) in &mut placed {
        let Some(i) = wanted.iter().position(|(key, ..)| *key == piece.key) else {
            // A block that fell is lifted off the board; under the curtain,
            // or with motion off, every block goes at once.
            if factor > 0.0 && shown.curtain.is_none() {
                brush
                    .commands
                    .entity(entity)
                    .remove::<(BlockPiece, Glide, Shake, Lunge)>()
                    .insert(Lift::at(factor));
            } else {
                brush.commands.entity(entity).despawn();
            }
            continue;
        };
        let (_, at, offset, side, block) = wanted.swap_remove(i);
        let target = board.world(at) + offset;
        let now = transform.translation.truncate();
        if now != target {
            // A block that was not on its way there glides; with motion off
            // (and at a hand-over, `snap_blocks`) it stands there at once.
            let glide = Glide::between(now, target, board.size, factor);
            if glide.seconds <= 0.0 {
                transform.translation = target.extend(0.0);
                brush.commands.entity(entity).remove::<Glide>();
            } else if glides.get(entity).ok().is_none_or(|g| g.to != target) {
                brush
                    .commands
                    .entity(entity)
                    .remove::<(Shake, Lunge)>()
                    .insert(glide);
            }
        }
        if piece.block != block || piece.side != side {
            // A block that lost a step shakes where it stands.
            let size = |b: &Block| b.known.map(|k| k.size);
            let hit =
                matches!((size(&block), size(&piece.block)), (Some(after), Some(before)) if after < before);
            if factor > 0.0 && now == target && hit {
                brush.commands.entity(entity).insert(Shake::at(target, factor));
            }
            // A block turned face up (revealed, or known again) unfolds
            // from its edge: the second half of a flip.
            if factor > 0.0 && block.known.is_some() && piece.block.known.is_none() {
                transform.scale.x = 0.0;
                brush.commands.entity(entity).insert(Unfold::at(factor));
            }
            brush.commands.entity(entity).despawn_children();
            brush.parent = Some(entity);
            draw_block(&mut brush, Vec2::ZERO, side, &block);
            piece.block = block;
            piece.side = side;
        }
    }
    for (key, at, offset, side, block) in wanted {
        let entity = brush
            .commands
            .spawn((
                TableEntity,
                Transform::from_translation((board.world(at) + offset).extend(0.0)),
                Visibility::default(),
            ))
            .id();
        brush.parent = Some(entity);
        draw_block(&mut brush, Vec2::ZERO, side, &block);
        brush
            .commands
            .entity(entity)
            .insert(BlockPiece { key, block, side });
    }
}

/// A wooden block seen from above, lit from the top left: a soft shadow
/// to the bottom right, the block's edge showing along its bottom and
/// right, and the top face with a lighter band where the light falls.
fn draw_block(brush: &mut Brush, p: Vec2, side: f32, block: &Block) {
    let ink = look::ink_colour(block.owner);
    brush.paint(
        Shape::Square,
        Color::srgba(0.0, 0.0, 0.0, 0.35),
        p + Vec2::new(side * 0.07, -side * 0.07),
        1.9,
        Vec2::splat(side),
        0.0,
        (),
    );
    if block.state == BlockState::Active {
        brush.paint(
            Shape::Square,
            look::OBJECTIVE,
            p,
            1.95,
            Vec2::splat(side * 1.16),
            0.0,
            (),
        );
    }
    brush.paint(
        Shape::Square,
        look::block_edge(block.owner),
        p,
        2.0,
        Vec2::splat(side),
        0.0,
        (),
    );
    // The top face stands up and left of the edge, which shows below it.
    let top = p + Vec2::new(-side * 0.04, side * 0.04);
    let face_side = side * 0.9;
    brush.paint(
        Shape::Square,
        look::block_colour(block.owner),
        top,
        2.01,
        Vec2::splat(face_side),
        0.0,
        (),
    );
    let light = look::block_light(block.owner);
    brush.paint(
        Shape::Square,
        light,
        top + Vec2::new(0.0, face_side * 0.46),
        2.015,
        Vec2::new(face_side, face_side * 0.08),
        0.0,
        (),
    );
    brush.paint(
        Shape::Square,
        light,
        top - Vec2::new(face_side * 0.46, 0.0),
        2.015,
        Vec2::new(face_side * 0.08, face_side),
        0.0,
        (),
    );
    let p = top;
    let side = face_side / 0.88;
    // A block the viewer knows carries its sticker: paper with the type
    // symbol, the class's emblem and the strength pips printed on it, all
    // turned with the block a quarter for every step it has lost, so that
    // the pips along the owner's edge count what is left. A block the
    // viewer does not know shows its bare wood and the type symbol.
    let (ink, hollow, turn) = match block.known {
        Some(Known { size, full, .. }) => {
            let paper = look::sticker(block.owner);
            brush.paint(
                Shape::Square,
                look::STICKER_EDGE,
                p,
                2.017,
                Vec2::splat(side * STICKER + 2.0),
                0.0,
                (),
            );
            brush.paint(
                Shape::Square,
                paper,
                p,
                2.018,
                Vec2::splat(side * STICKER),
                0.0,
                (),
            );
            // "The block must be turned 90 degrees to the left" for each
            // step lost (rulebook, units): anticlockwise seen from above.
            let lost = full.saturating_sub(size);
            (look::STICKER_INK, paper, FRAC_PI_2 * f32::from(lost))
        }
        None => (ink, look::block_colour(block.owner), 0.0),
    };
    let turned = |at: Vec2| p + Vec2::from_angle(turn).rotate(at);
    for (i, m) in face(block.kind, block.known.map(|k| k.emblem)).iter().enumerate() {
        let shape = match m.shape {
            FaceShape::Square => Shape::Square,
            FaceShape::Circle => Shape::Circle,
            FaceShape::Triangle => Shape::Triangle,
        };
        brush.paint(
            shape,
            if m.hollow { hollow } else { ink },
            turned(m.at * side),
            2.02 + i as f32 * 0.001,
            m.size * side,
            m.angle + turn,
            (),
        );
    }
    if let Some(Known { size, .. }) = block.known {
        // Up to four pips across the sticker's lower edge, large enough to
        // count at a glance.
        for i in 0..size {
            let along = (f32::from(i) - (f32::from(size) - 1.0) / 2.0) * side * 0.19;
            let at = turned(Vec2::new(along, -side * 0.26));
            brush.paint(Shape::Circle, ink, at, 2.03, Vec2::splat(side * 0.07), 0.0, ());
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
            (),
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
            (),
        );
    }
}
