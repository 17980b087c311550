//! Pictures of the card tables' pieces, made in code when a table first
//! needs them (no download, no licence question), as docs/art-direction.md
//! describes them: a tile's or a card's body with rounded corners and a
//! bevel lit from the top left, its back in its own colour with a fine
//! border (and, for bidding's cards, a brass lattice), the soft shadow
//! under a piece, a chip seen from the side with its edge stripes, and the
//! felt's weave.
//!
//! Pictures are drawn at twice the table's units, so that they stay sharp
//! when the table is drawn larger than its units.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageSampler, ImageSamplerDescriptor};
use bevy::math::{Vec2, Vec3};
use bevy::prelude::{Color, Image};
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Picture pixels per table unit.
const DENSITY: f32 = 2.0;
/// The light over the table, from the top left (y up).
const LIGHT: Vec2 = Vec2::new(-std::f32::consts::FRAC_1_SQRT_2, std::f32::consts::FRAC_1_SQRT_2);
/// The bevel's width, in table units.
const BEVEL: f32 = 2.5;
/// How far a shadow's edge fades, in table units.
const SHADOW_BLUR: f32 = 4.0;

/// What is drawn on a piece's body inside its bevel.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Marking {
    /// A face: the plain body, for the number drawn over it.
    Face,
    /// A back: a fine border inset from the edge, in `ink`.
    Border { ink: Color },
    /// A card's back: the border and a diagonal lattice, both in `ink`.
    Lattice { ink: Color },
}

/// A piece's body of `size` table units: `fill` with a faint light
/// toward the top left, corners rounded by 12% of the width, a bevel
/// lighter at the top left and darker at the bottom right, and `marking`.
pub fn body(size: Vec2, fill: Color, marking: Marking) -> Image {
    let radius = 0.12 * size.x;
    let fill = to_rgb(fill);
    picture(size, |p| {
        let d = rounded_box(p, size / 2.0, radius);
        let alpha = coverage(d);
        if alpha <= 0.0 {
            return [0.0; 4];
        }
        // Toward the top left a little lighter, as the light falls.
        let across = (p / size).dot(LIGHT);
        let mut colour = fill * (1.0 + 0.05 * across) + Vec3::splat(0.01 * across);
        let inside = -d;
        if inside < BEVEL {
            let normal = rounded_box_normal(p, size / 2.0, radius);
            let lit = normal.dot(LIGHT);
            let edge = 1.0 - inside / BEVEL;
            colour += Vec3::splat(0.22 * lit * edge);
            colour *= 1.0 + 0.35 * lit.min(0.0) * edge;
        }
        let ink = match marking {
            Marking::Face => None,
            Marking::Border { ink } | Marking::Lattice { ink } => Some(to_rgb(ink)),
        };
        if let Some(ink) = ink {
            let inset = 0.11 * size.x;
            let line = (inside - inset).abs();
            let mut strength = (1.0 - line / 0.8).clamp(0.0, 1.0);
            if let Marking::Lattice { .. } = marking
                && inside > inset
            {
                // Diagonals both ways, 9 units apart, a unit wide.
                let spacing = 9.0;
                let a = ((p.x + p.y) / spacing).fract().abs();
                let b = ((p.x - p.y) / spacing).fract().abs();
                let near = |f: f32| (0.5 - (f - 0.5).abs()) * spacing;
                let on = (1.0 - near(a).min(near(b)) / 0.6).clamp(0.0, 1.0);
                strength = strength.max(0.8 * on);
            }
            colour = colour.lerp(ink, strength);
        }
        [colour.x, colour.y, colour.z, alpha]
    })
}

/// The soft shadow a piece of `size` casts: the same rounded shape in
/// black at 35%, its edge fading over a few units. The picture is larger
/// than the piece by the fade on every side: draw it at `shadow_size`.
pub fn shadow(size: Vec2) -> Image {
    let radius = 0.12 * size.x;
    picture(shadow_size(size), |p| {
        let d = rounded_box(p, size / 2.0, radius);
        let alpha = 0.35 * (1.0 - smoothstep(-SHADOW_BLUR, SHADOW_BLUR, d));
        [0.0, 0.0, 0.0, alpha]
    })
}

/// The size at which a piece's shadow picture is drawn.
pub fn shadow_size(size: Vec2) -> Vec2 {
    size + Vec2::splat(2.0 * SHADOW_BLUR)
}

/// A chip's size in table units: its width, and its height seen from the
/// side with its top face.
pub const CHIP: Vec2 = Vec2::new(38.0, 18.0);
/// A chip's thickness as seen from the side.
pub const CHIP_THICKNESS: f32 = 3.5;

/// A chip seen from above and a little from the side: its top face in
/// `face`, its edge below in `edge` with a paper-coloured stripe every
/// sixth of the way round, so that a stack shows its height by its stripes.
pub fn chip(face: Color, edge: Color, stripe: Color) -> Image {
    let (face, edge, stripe) = (to_rgb(face), to_rgb(edge), to_rgb(stripe));
    let radii = Vec2::new(CHIP.x / 2.0 - 0.5, (CHIP.y - CHIP_THICKNESS) / 2.0 - 0.5);
    let half = CHIP_THICKNESS / 2.0;
    picture(CHIP, |p| {
        let top = ellipse(p - Vec2::Y * half, radii);
        let bottom = ellipse(p + Vec2::Y * half, radii);
        let in_band = p.x.abs() < radii.x && p.y <= half && p.y >= -half;
        if top <= 1.0 {
            // The top face: a lighter ring inside its rim, as a chip's inlay.
            let ring = (top.sqrt() - 0.72).abs();
            let colour = if ring < 0.06 {
                face.lerp(stripe, 0.55)
            } else {
                face
            };
            let lit = 1.0 + 0.05 * (p.x / radii.x) * LIGHT.x;
            let alpha = coverage((top.sqrt() - 1.0) * radii.y);
            let colour = colour * lit;
            return [colour.x, colour.y, colour.z, alpha];
        }
        if bottom <= 1.0 || in_band {
            // The edge: where round it is, from its front.
            let around = (p.x / radii.x).clamp(-1.0, 1.0).asin();
            let sixth = (around / (std::f32::consts::PI / 3.0) + 0.5).rem_euclid(1.0);
            let colour = if (sixth - 0.5).abs() < 0.14 { stripe } else { edge };
            // Darker toward its right, away from the light.
            let colour = colour * (1.0 - 0.18 * (p.x / radii.x).max(0.0));
            let alpha = if bottom <= 1.0 {
                coverage((bottom.sqrt() - 1.0) * radii.y).max(f32::from(in_band))
            } else {
                1.0
            };
            return [colour.x, colour.y, colour.z, alpha];
        }
        [0.0; 4]
    })
}

/// Tiles across the felt's picture; the felt repeats it.
pub const FELT_TILE: f32 = 96.0;

/// The felt's weave: a square of noise near white that repeats without a
/// seam, to be tinted the felt's colour and repeated over the cloth.
pub fn felt_weave() -> Image {
    let size = Vec2::splat(FELT_TILE);
    let mut image = picture(size, |p| {
        let cells = 12.0;
        let q = (p / size + 0.5) * cells;
        let coarse = periodic_noise(q, cells as i32, 3);
        let fine = periodic_noise(q * 4.0, 4 * cells as i32, 11);
        // A faint weave: threads across and down.
        let threads = 0.5 + 0.5 * ((p.x * 2.1).sin() * (p.y * 2.1).sin());
        let value = 0.92 + 0.06 * coarse + 0.05 * fine + 0.03 * threads;
        [value, value, value, 1.0]
    });
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        ..ImageSamplerDescriptor::linear()
    });
    image
}

/// A picture of `size` table units, each pixel's colour (linear-ish RGB and
/// alpha in 0..1) from `paint` at its centre, in table units from the
/// picture's centre, y up.
fn picture(size: Vec2, paint: impl Fn(Vec2) -> [f32; 4]) -> Image {
    let width = (size.x * DENSITY).round() as usize;
    let height = (size.y * DENSITY).round() as usize;
    let mut data = Vec::with_capacity(width * height * 4);
    for row in 0..height {
        for column in 0..width {
            let p = Vec2::new(
                (column as f32 + 0.5) / DENSITY - size.x / 2.0,
                size.y / 2.0 - (row as f32 + 0.5) / DENSITY,
            );
            let [r, g, b, a] = paint(p);
            data.extend([r, g, b, a].map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8));
        }
    }
    Image::new(
        Extent3d {
            width: width as u32,
            height: height as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// A colour's sRGB components, which the pictures are written in.
fn to_rgb(colour: Color) -> Vec3 {
    let srgba = colour.to_srgba();
    Vec3::new(srgba.red, srgba.green, srgba.blue)
}

/// The signed distance from `p` to a box of half-size `half` with corners
/// rounded by `radius`: negative inside.
fn rounded_box(p: Vec2, half: Vec2, radius: f32) -> f32 {
    let q = p.abs() - half + Vec2::splat(radius);
    q.max(Vec2::ZERO).length() + q.x.max(q.y).min(0.0) - radius
}

/// The outward direction of the nearest edge of that box.
fn rounded_box_normal(p: Vec2, half: Vec2, radius: f32) -> Vec2 {
    let q = p.abs() - half + Vec2::splat(radius);
    let local = if q.x > 0.0 && q.y > 0.0 {
        q.normalize()
    } else if q.x > q.y {
        Vec2::X
    } else {
        Vec2::Y
    };
    local * p.signum()
}

/// Where `p` lies against an ellipse of `radii`: under 1 inside.
fn ellipse(p: Vec2, radii: Vec2) -> f32 {
    (p / radii).length_squared()
}

/// How much of a pixel a shape covers whose signed distance at its centre
/// is `d` table units: a soft edge a pixel wide.
fn coverage(d: f32) -> f32 {
    (0.5 - d * DENSITY).clamp(0.0, 1.0)
}

fn smoothstep(low: f32, high: f32, x: f32) -> f32 {
    let t = ((x - low) / (high - low)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Value noise in -1..1 that repeats every `period` cells.
fn periodic_noise(q: Vec2, period: i32, seed: u32) -> f32 {
    let cell = q.floor();
    let f = q - cell;
    let f = f * f * (Vec2::splat(3.0) - 2.0 * f);
    let corner = |dx: i32, dy: i32| {
        let x = (cell.x as i32 + dx).rem_euclid(period);
        let y = (cell.y as i32 + dy).rem_euclid(period);
        hash(seed, x, y) * 2.0 - 1.0
    };
    let top = corner(0, 0) + (corner(1, 0) - corner(0, 0)) * f.x;
    let bottom = corner(0, 1) + (corner(1, 1) - corner(0, 1)) * f.x;
    top + (bottom - top) * f.y
}

/// A number in 0..1 from a seed and a cell.
fn hash(seed: u32, x: i32, y: i32) -> f32 {
    let mut h = seed
        .wrapping_mul(0x9E37_79B9)
        .wrapping_add((x as u32).wrapping_mul(0x85EB_CA6B))
        .wrapping_add((y as u32).wrapping_mul(0xC2B2_AE35));
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    (h & 0xFFFF) as f32 / 65535.0
}
