//! Chips on the table: stacks that grow and shrink to their count, piles of
//! winnings in columns, and single chips that fly from one stack to another
//! when chips are matched, pulled off a later tile or won.

use bevy::prelude::*;

use crate::settings::Settings;
use crate::ui::table::TableEntity;

/// How far each chip sits above the one below it.
pub const CHIP_STEP: f32 = 4.0;
/// Chips per column in a pile of winnings, and the columns' spacing.
const PILE_COLUMN: u8 = 20;
const PILE_GAP: f32 = 44.0;
const CHIP_RADII: Vec2 = Vec2::new(19.0, 7.0);

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

#[derive(Resource)]
pub struct ChipLook {
    top: Handle<Mesh>,
    side: Handle<Mesh>,
    mine: [Handle<ColorMaterial>; 2],
    theirs: [Handle<ColorMaterial>; 2],
}

impl FromWorld for ChipLook {
    fn from_world(world: &mut World) -> Self {
        let mut meshes = world.resource_mut::<Assets<Mesh>>();
        let top = meshes.add(Ellipse::new(CHIP_RADII.x, CHIP_RADII.y));
        let side = meshes.add(Ellipse::new(CHIP_RADII.x, CHIP_RADII.y + 1.0));
        let mut materials = world.resource_mut::<Assets<ColorMaterial>>();
        ChipLook {
            top,
            side,
            mine: [
                materials.add(Color::srgb(0.80, 0.22, 0.20)),
                materials.add(Color::srgb(0.45, 0.10, 0.10)),
            ],
            theirs: [
                materials.add(Color::srgb(0.25, 0.55, 0.80)),
                materials.add(Color::srgb(0.10, 0.25, 0.45)),
            ],
        }
    }
}

impl ChipLook {
    fn colours(&self, owner: Owner) -> &[Handle<ColorMaterial>; 2] {
        match owner {
            Owner::Mine => &self.mine,
            Owner::Theirs => &self.theirs,
        }
    }

    /// One chip: a light top over a darker edge.
    fn chip(&self, owner: Owner) -> impl Bundle {
        let [top, side] = self.colours(owner).clone();
        (
            Mesh2d(self.top.clone()),
            MeshMaterial2d(top),
            children![(
                Mesh2d(self.side.clone()),
                MeshMaterial2d(side),
                Transform::from_xyz(0.0, -2.0, -0.01),
            )],
        )
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
                duration: 0.45 * factor,
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
