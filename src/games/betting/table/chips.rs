//! Chips on the table: stacks that grow and shrink to their count, piles of
//! winnings in columns, and single chips that fly from one stack to another
//! when chips are matched, pulled off a later tile or won.

use bevy::prelude::*;

use crate::settings::Settings;
use crate::ui::piece_art;
use crate::ui::table::TableEntity;

/// How far each chip sits above the one below it: its edge's thickness.
pub const CHIP_STEP: f32 = piece_art::CHIP_THICKNESS;
/// Chips per column in a pile of winnings, and the columns' spacing.
const PILE_COLUMN: u8 = 20;
const PILE_GAP: f32 = 44.0;

/// Whose chips: the viewer's or the opponent's, each in its own colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Owner {
    Mine,
    Theirs,
}

/// A stack (or, with `pile`, a pile in columns) drawn with `count` chips;
/// the base of the first chip is at the entity's origin.
#[derive(Component, Debug)]
pub struct Stack {
    pub count: u8,
    pub owner: Owner,
    pub pile: bool,
}

#[derive(Component)]
struct Chip(u8);

/// A chip on its way; it disappears where it lands.
#[derive(Component)]
struct Flight {
    from: Vec3,
    to: Vec3,
    /// Seconds before it leaves, then seconds in the air.
    delay: f32,
    duration: f32,
    age: f32,
}

/// The chips' pictures (ui/piece_art.rs): each owner's chip seen from
/// the side, its edge striped in the paper colour.
#[derive(Resource)]
pub struct ChipLook {
    mesh: Handle<Mesh>,
    mine: Handle<ColorMaterial>,
    theirs: Handle<ColorMaterial>,
}

/// The stripes on every chip's edge.
const STRIPE: Color = Color::srgb(0.93, 0.89, 0.81);

impl FromWorld for ChipLook {
    fn from_world(world: &mut World) -> Self {
        let mesh = world
            .resource_mut::<Assets<Mesh>>()
            .add(Rectangle::from_size(piece_art::CHIP));
        let mut images = world.resource_mut::<Assets<Image>>();
        let [mine, theirs] = [
            piece_art::chip(
                Color::srgb(0.80, 0.22, 0.20),
                Color::srgb(0.52, 0.12, 0.11),
                STRIPE,
            ),
            piece_art::chip(
                Color::srgb(0.25, 0.55, 0.80),
                Color::srgb(0.12, 0.30, 0.50),
                STRIPE,
            ),
        ]
        .map(|picture| images.add(picture));
        let mut materials = world.resource_mut::<Assets<ColorMaterial>>();
        ChipLook {
            mesh,
            mine: materials.add(ColorMaterial::from(mine)),
            theirs: materials.add(ColorMaterial::from(theirs)),
        }
    }
}

impl ChipLook {
    /// One chip, its edge's bottom at the entity's origin.
    fn chip(&self, owner: Owner) -> impl Bundle {
        let material = match owner {
            Owner::Mine => &self.mine,
            Owner::Theirs => &self.theirs,
        };
        (Mesh2d(self.mesh.clone()), MeshMaterial2d(material.clone()))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ChipLook>().add_systems(
        Update,
        (sync_stacks, fly).after(crate::app_systems::AppSystems::Show),
    );
}

fn chip_offset(index: u8, pile: bool) -> Vec2 {
    if pile {
        let column = index / PILE_COLUMN;
        let row = index % PILE_COLUMN;
        Vec2::new(f32::from(column) * PILE_GAP, f32::from(row) * CHIP_STEP)
    } else {
        Vec2::new(0.0, f32::from(index) * CHIP_STEP)
    }
}

/// Adds and removes chips so that every stack shows its count.
fn sync_stacks(
    mut commands: Commands,
    look: Res<ChipLook>,
    stacks: Query<(Entity, &Stack, Option<&Children>), Changed<Stack>>,
    chips: Query<&Chip>,
) {
    for (entity, stack, children) in &stacks {
        let mut have = 0u8;
        for child in children.into_iter().flatten() {
            if let Ok(chip) = chips.get(*child) {
                if chip.0 >= stack.count {
                    commands.entity(*child).despawn();
                } else {
                    have += 1;
                }
            }
        }
        for index in have..stack.count {
            let at = chip_offset(index, stack.pile).extend(f32::from(index) * 0.01);
            commands.entity(entity).with_child((
                Chip(index),
                look.chip(stack.owner),
                Transform::from_translation(at),
            ));
        }
    }
}

/// Sends `count` chips from one point of the table to another, one after
/// the other, after `delay` seconds (scaled by the animation speed).
pub fn send_chips(
    commands: &mut Commands,
    look: &ChipLook,
    settings: &Settings,
    owner: Owner,
    count: u8,
    from: Vec2,
    to: Vec2,
    delay: f32,
) {
    let factor = settings.animation_speed.factor();
    if factor <= 0.0 {
        return;
    }
    for i in 0..count {
        let rise = f32::from(i) * CHIP_STEP;
        commands.spawn((
            FlyingChip,
            TableEntity,
            Flight {
                from: (from + Vec2::Y * rise).extend(20.0),
                to: (to + Vec2::Y * rise).extend(20.0),
                delay: (delay + f32::from(i) * 0.03) * factor,
                duration: 0.4 * factor,
                age: 0.0,
            },
            look.chip(owner),
            Transform::from_translation(from.extend(20.0)),
            Visibility::Hidden,
        ));
    }
}

/// Marks chips in the air, so that a new result can drop those of the last.
#[derive(Component)]
pub struct FlyingChip;

fn fly(
    mut commands: Commands,
    time: Res<Time>,
    mut flights: Query<(Entity, &mut Flight, &mut Transform, &mut Visibility)>,
) {
    for (entity, mut flight, mut transform, mut visibility) in &mut flights {
        flight.age += time.delta_secs();
        let t = (flight.age - flight.delay) / flight.duration;
        if t < 0.0 {
            continue;
        }
        if t >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        *visibility = Visibility::Visible;
        let eased = t * t * (3.0 - 2.0 * t);
        let arc = Vec3::Y * 40.0 * (std::f32::consts::PI * t).sin();
        transform.translation = flight.from.lerp(flight.to, eased) + arc;
    }
}
