//! What the board is drawn with: a kit of meshes and colours made once,
//! and a brush that spawns shapes from it onto the table.

use std::collections::HashMap;

use bevy::prelude::*;

use super::painted;
use crate::games::wargame::engine::data::Terrain;
use crate::ui::table::TableEntity;

/// The meshes and colours the board is drawn with, made once.
#[derive(Resource)]
pub(super) struct Kit {
    pub(super) hex: Handle<Mesh>,
    pub(super) circle: Handle<Mesh>,
    pub(super) triangle: Handle<Mesh>,
    pub(super) square: Handle<Mesh>,
    pub(super) colours: HashMap<[u8; 4], Handle<ColorMaterial>>,
    /// Each terrain's painted pictures (painted.rs), made when first used.
    pub(super) terrains: HashMap<(Terrain, u32), Handle<ColorMaterial>>,
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
            terrains: HashMap::new(),
        }
    }
}

#[derive(Clone, Copy)]
pub(super) enum Shape {
    Hex,
    Circle,
    Triangle,
    Square,
}

/// Spawns shapes for the board with the kit's meshes and colours: on the
/// table, or as parts of one entity (a block) that goes with them.
pub(super) struct Brush<'a, 'w, 's> {
    pub(super) commands: &'a mut Commands<'w, 's>,
    pub(super) kit: &'a mut Kit,
    pub(super) materials: &'a mut Assets<ColorMaterial>,
    pub(super) parent: Option<Entity>,
}

impl Brush<'_, '_, '_> {
    pub(super) fn paint(
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
        self.spawn(shape, material, at, z, scale, angle, tag);
    }

    /// A hex painted with the picture of `terrain` in its `variant`.
    pub(super) fn paint_terrain(
        &mut self,
        images: &mut Assets<Image>,
        terrain: Terrain,
        variant: u32,
        at: Vec2,
        z: f32,
        radius: f32,
    ) {
        let material = self
            .kit
            .terrains
            .entry((terrain, variant))
            .or_insert_with(|| {
                self.materials.add(ColorMaterial {
                    texture: Some(images.add(painted::terrain_image(terrain, variant))),
                    ..ColorMaterial::default()
                })
            })
            .clone();
        self.spawn(Shape::Hex, material, at, z, Vec2::splat(radius), 0.0, ());
    }

    fn spawn(
        &mut self,
        shape: Shape,
        material: Handle<ColorMaterial>,
        at: Vec2,
        z: f32,
        scale: Vec2,
        angle: f32,
        tag: impl Bundle,
    ) {
        let mesh = match shape {
            Shape::Hex => self.kit.hex.clone(),
            Shape::Circle => self.kit.circle.clone(),
            Shape::Triangle => self.kit.triangle.clone(),
            Shape::Square => self.kit.square.clone(),
        };
        let mut shape = self.commands.spawn((
            tag,
            Mesh2d(mesh),
            MeshMaterial2d(material),
            Transform {
                translation: at.extend(z),
                rotation: Quat::from_rotation_z(angle),
                scale: scale.extend(1.0),
            },
        ));
        match self.parent {
            Some(parent) => shape.insert(ChildOf(parent)),
            None => shape.insert(TableEntity),
        };
    }
}

/// What changes during play: redrawn whenever it changes.
#[derive(Component, Clone)]
pub(super) struct Piece;

/// An outline of a hex from six thin bars.
pub(super) fn ring(
    brush: &mut Brush,
    centre: Vec2,
    radius: f32,
    colour: Color,
    z: f32,
    tag: impl Bundle + Clone,
) {
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
