//! The map's painted hexes: a picture of each terrain made in code when a
//! board first needs it (no download, no licence question), a few
//! variants of each so that a wood of six hexes is not six copies, with
//! the light from the top left baked in (a lit rim there, a shaded one at
//! the bottom right) and a quiet line where two hexes meet.
//!
//! A picture covers the hex mesh's square of UVs: pixel (0, 0) is the top
//! left of the hex's circumscribed square, and a point is measured in hex
//! radii from the centre, y up.

use bevy::asset::RenderAssetUsages;
use bevy::math::{Vec2, Vec3};
use bevy::prelude::Image;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use super::look;
use crate::games::wargame::engine::data::Terrain;

/// Pixels across a picture: sharp at the board's largest zoom on 1280x720.
const SIZE: usize = 160;
/// Pictures of each terrain; a hex takes one by its place.
pub(super) const VARIANTS: u32 = 3;
/// The light's direction over the table: from the top left, above.
const LIGHT: Vec3 = Vec3::new(-0.55, 0.55, 0.63);

/// The picture of `terrain` in its variant `variant`.
pub(super) fn terrain_image(terrain: Terrain, variant: u32) -> Image {
    let painter = Painter::new(terrain, variant);
    let mut data = Vec::with_capacity(SIZE * SIZE * 4);
    for row in 0..SIZE {
        for column in 0..SIZE {
            let p = Vec2::new(
                2.0 * (column as f32 + 0.5) / SIZE as f32 - 1.0,
                1.0 - 2.0 * (row as f32 + 0.5) / SIZE as f32,
            );
            let colour = painter.lit(p);
            data.extend(colour.to_array().map(|c| (c.clamp(0.0, 1.0) * 255.0) as u8));
            data.push(255);
        }
    }
    Image::new(
        Extent3d {
            width: SIZE as u32,
            height: SIZE as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// Which picture a hex at (column, row) takes.
pub(super) fn variant_at(column: i32, row: i32) -> u32 {
    (hash(7, column, row) * VARIANTS as f32) as u32
}

/// A tree's crown, a reed, a peak: something placed on a picture.
#[derive(Clone, Copy)]
struct Spot {
    at: Vec2,
    size: f32,
    tint: f32,
}

struct Painter {
    terrain: Terrain,
    seed: u32,
    spots: Vec<Spot>,
}

impl Painter {
    fn new(terrain: Terrain, variant: u32) -> Painter {
        let seed = terrain as u32 * 101 + variant * 7 + 1;
        let mut spots = match terrain {
            Terrain::Forest => scatter(seed, 0.62, 0.34, 0.18, 0.26),
            Terrain::Swamp => scatter(seed, 0.7, 0.22, 0.0, 0.0),
            Terrain::Mountains => scatter(seed, 0.45, 0.5, 0.5, 0.7),
            Terrain::Hill => scatter(seed, 0.25, 0.9, 0.0, 0.0),
            _ => Vec::new(),
        };
        // Back to front: a spot lower on the picture lies over one above it.
        spots.sort_by(|a, b| b.at.y.total_cmp(&a.at.y));
        Painter { terrain, seed, spots }
    }

    /// The colour at `p` with the hex's lit and shaded rims and its line.
    fn lit(&self, p: Vec2) -> Vec3 {
        let colour = self.ground(p);
        let (norm, outward) = hex_norm(p);
        let rim = smoothstep(0.82, 1.0, norm);
        let facing = outward.dot(LIGHT.truncate().normalize());
        let mut shade = 1.0 + 0.16 * rim * facing;
        if norm > 0.965 {
            shade *= 0.78;
        }
        colour * shade
    }

    fn ground(&self, p: Vec2) -> Vec3 {
        let base = rgb(look::terrain_rgb(self.terrain));
        let grain = 1.0 + 0.05 * (fbm(self.seed, p * 3.0) - 0.5) + 0.04 * (hash_point(self.seed, p) - 0.5);
        match self.terrain {
            Terrain::Plain => base * grain * tufts(self.seed, p),
            Terrain::Forest => self.forest(p, base * 0.78 * grain),
            Terrain::Hill => self.hill(p, base, grain),
            Terrain::Mountains => self.mountains(p, base, grain),
            Terrain::Swamp => self.swamp(p, base * grain),
            Terrain::Stream => stream(p, self.seed, grain),
            Terrain::River => water(p, base, grain),
            Terrain::Bridge => bridge(p, base, grain),
            Terrain::Fort => fort(p, grain),
            Terrain::Bunker => bunker(p, grain),
        }
    }

    /// Crowns lit as domes, each with its shadow on what lies below.
    fn forest(&self, p: Vec2, ground: Vec3) -> Vec3 {
        let mut colour = ground;
        for (i, spot) in self.spots.iter().enumerate() {
            let shadow = p - spot.at - Vec2::new(0.07, -0.07);
            if shadow.length() < spot.size {
                colour *= 0.62;
            }
            let d = (p - spot.at) / spot.size;
            if d.length() < 1.0 {
                let dome = Vec3::new(d.x, d.y, (1.0 - d.length_squared()).sqrt());
                let light = 0.55 + 0.6 * dome.dot(LIGHT.normalize()).max(0.0);
                let leaves = 0.85 + 0.3 * fbm(self.seed + i as u32, p * 14.0);
                let green = Vec3::new(0.16, 0.38, 0.15) * (0.85 + 0.3 * spot.tint);
                colour = green * light * leaves;
            }
        }
        colour
    }

    /// A rounded rise, lit from the top left, with contour lines.
    fn hill(&self, p: Vec2, base: Vec3, grain: f32) -> Vec3 {
        let height = |q: Vec2| {
            self.spots
                .iter()
                .map(|s| (-(q - s.at).length_squared() / (0.35 * s.size)).exp() * (0.7 + 0.3 * s.tint))
                .fold(0.0, f32::max)
                + 0.12 * fbm(self.seed, q * 2.5)
        };
        let h = height(p);
        let light = relief(&height, p, 1.6);
        let contour = if (h * 5.0).fract() < 0.07 { 0.86 } else { 1.0 };
        base * grain * light * contour
    }

    /// Peaks with ridges, shaded hard, with snow on the tops.
    fn mountains(&self, p: Vec2, base: Vec3, grain: f32) -> Vec3 {
        let height = |q: Vec2| {
            self.spots
                .iter()
                .map(|s| (1.0 - (q - s.at).length() / s.size).max(0.0) * (0.8 + 0.4 * s.tint))
                .fold(0.0, f32::max)
                + 0.1 * fbm(self.seed, q * 5.0)
        };
        let h = height(p);
        let light = relief(&height, p, 0.45).clamp(0.55, 1.3);
        let rock = base * grain * light;
        let snow = smoothstep(0.78, 0.86, h);
        rock.lerp(Vec3::new(0.94, 0.95, 0.97) * light.min(1.1), snow)
    }

    /// Grass with pools of still water and reeds.
    fn swamp(&self, p: Vec2, ground: Vec3) -> Vec3 {
        let pool = fbm(self.seed + 3, p * 2.2);
        let mut colour = if pool > 0.56 {
            Vec3::new(0.27, 0.40, 0.44) * (1.0 + 0.3 * smoothstep(0.56, 0.7, pool))
        } else if pool > 0.53 {
            ground * 0.8
        } else {
            ground
        };
        for spot in &self.spots {
            let d = p - spot.at;
            let lean = 0.25 * (spot.tint - 0.5);
            if (d.x - lean * d.y).abs() < 0.014 && d.y > 0.0 && d.y < 0.13 {
                colour = Vec3::new(0.18, 0.30, 0.16);
            }
        }
        colour
    }
}

/// Grass tufts on a field: small darker flecks.
fn tufts(seed: u32, p: Vec2) -> f32 {
    if fbm(seed + 11, p * 9.0) > 0.68 { 0.9 } else { 1.0 }
}

/// Field with a winding stream across it, banks of earth either side.
fn stream(p: Vec2, seed: u32, grain: f32) -> Vec3 {
    let phase = (seed % 7) as f32;
    let middle = 0.14 * (p.x * 2.3 + phase).sin();
    let half = 0.27 + 0.03 * (p.x * 5.0 + phase).sin();
    let off = (p.y - middle).abs();
    let field = rgb(look::terrain_rgb(Terrain::Plain)) * grain * tufts(seed, p);
    if off < half {
        let water = rgb(look::terrain_rgb(Terrain::Stream));
        let ripple = if ((p.x * 3.0 + p.y * 9.0 + 0.4 * (p.x * 7.0).sin()).fract()) < 0.12 {
            1.12
        } else {
            1.0
        };
        water * grain * ripple * (0.92 + 0.12 * (1.0 - off / half))
    } else if off < half + 0.06 {
        Vec3::new(0.48, 0.42, 0.30) * grain
    } else {
        field
    }
}

/// Deep water with the current's lines.
fn water(p: Vec2, base: Vec3, grain: f32) -> Vec3 {
    let line = ((p.y + 0.06 * (p.x * 6.0).sin()) * 7.0).fract();
    let ripple = if line < 0.08 { 1.28 } else { 1.0 };
    base * grain * ripple
}

/// The river with a wooden deck across it, its planks and rails.
fn bridge(p: Vec2, base: Vec3, grain: f32) -> Vec3 {
    let deck = 0.3;
    if p.x.abs() < deck {
        let wood = Vec3::new(0.55, 0.38, 0.20) * grain;
        if p.x.abs() > deck - 0.05 {
            wood * if p.x < 0.0 { 1.15 } else { 0.7 }
        } else if (p.y * 8.0).fract() < 0.1 {
            wood * 0.7
        } else {
            wood
        }
    } else if p.x > deck && p.x < deck + 0.07 {
        water(p, base, grain) * 0.6
    } else {
        water(p, base, grain)
    }
}

/// A star fort: walls round a yard with a bastion at each corner, lit on
/// the top and left, its shadow on the field to the bottom right.
fn fort(p: Vec2, grain: f32) -> Vec3 {
    let inside = |q: Vec2, shrink: f32| {
        let square = q.x.abs().max(q.y.abs()) < 0.4 - shrink;
        let bastion = [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
            .into_iter()
            .any(|(sx, sy)| {
                let c = Vec2::new(sx, sy) * 0.4;
                (q.x - c.x).abs() + (q.y - c.y).abs() < 0.22 - shrink
            });
        square || bastion
    };
    let field = Vec3::new(0.62, 0.62, 0.50) * grain;
    if inside(p, 0.1) {
        let yard = Vec3::new(0.74, 0.70, 0.60) * grain;
        let paving = if (p.x * 10.0).fract() < 0.08 || (p.y * 10.0).fract() < 0.08 {
            0.92
        } else {
            1.0
        };
        yard * paving
    } else if inside(p, 0.0) {
        let stone = rgb(look::terrain_rgb(Terrain::Fort)) * grain;
        // The wall's outer faces: lit where they face the light.
        let lit = inside(p + Vec2::new(0.05, -0.05), 0.0);
        stone * if lit { 1.18 } else { 0.72 }
    } else if inside(p + Vec2::new(-0.07, 0.07), 0.0) {
        field * 0.62
    } else {
        field
    }
}

/// A concrete bunker with its firing slit, half sunk in the field.
fn bunker(p: Vec2, grain: f32) -> Vec3 {
    let rounded = |q: Vec2| {
        let d = Vec2::new((q.x.abs() - 0.36).max(0.0), (q.y.abs() - 0.2).max(0.0));
        d.length() < 0.08
    };
    let field = Vec3::new(0.50, 0.52, 0.42) * grain;
    if rounded(p) {
        let concrete = Vec3::new(0.62, 0.62, 0.58) * grain;
        let slit = p.x.abs() < 0.26 && (p.y - 0.05).abs() < 0.035;
        if slit {
            Vec3::splat(0.08)
        } else if !rounded(p + Vec2::new(-0.05, 0.05)) {
            concrete * 1.15
        } else if !rounded(p + Vec2::new(0.05, -0.05)) {
            concrete * 0.7
        } else {
            concrete
        }
    } else if rounded(p + Vec2::new(-0.08, 0.08)) {
        field * 0.6
    } else {
        field
    }
}

/// How a height field at `p` is lit: 1 where it is flat, more where it
/// faces the light, less where it faces away. `steep` scales the slopes.
fn relief(height: &impl Fn(Vec2) -> f32, p: Vec2, steep: f32) -> f32 {
    let e = 0.01;
    let dx = (height(p + Vec2::X * e) - height(p - Vec2::X * e)) / (2.0 * e);
    let dy = (height(p + Vec2::Y * e) - height(p - Vec2::Y * e)) / (2.0 * e);
    let normal = Vec3::new(-dx * steep, -dy * steep, 1.0).normalize();
    let light = LIGHT.normalize();
    normal.dot(light).max(0.0) / light.z
}

/// Spots scattered inside the hex (no closer than `gap` to each other
/// where room allows), `within` hex radii of its centre, sized between
/// `small` and `large`.
fn scatter(seed: u32, within: f32, gap: f32, small: f32, large: f32) -> Vec<Spot> {
    let mut spots: Vec<Spot> = Vec::new();
    for i in 0..200 {
        let at = Vec2::new(hash(seed, i, 0) * 2.0 - 1.0, hash(seed, i, 1) * 2.0 - 1.0) * within;
        if hex_norm(at).0 > within || spots.iter().any(|s| s.at.distance(at) < gap) {
            continue;
        }
        let tint = hash(seed, i, 2);
        spots.push(Spot {
            at,
            size: small + (large - small) * tint,
            tint,
        });
    }
    spots
}

/// How far `p` is toward the hex's edge (0 at the centre, 1 on it) and
/// the outward normal of the nearest edge. The hex is pointy-topped: its
/// edges face 0, 60, 120 degrees and their opposites.
fn hex_norm(p: Vec2) -> (f32, Vec2) {
    let apothem = 3f32.sqrt() / 2.0;
    (0..6)
        .map(|i| {
            let normal = Vec2::from_angle(i as f32 * std::f32::consts::TAU / 6.0);
            (p.dot(normal) / apothem, normal)
        })
        .fold(
            (f32::MIN, Vec2::X),
            |best, next| if next.0 > best.0 { next } else { best },
        )
}

fn smoothstep(from: f32, to: f32, x: f32) -> f32 {
    let t = ((x - from) / (to - from)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn rgb([r, g, b]: [u8; 3]) -> Vec3 {
    Vec3::new(f32::from(r), f32::from(g), f32::from(b)) / 255.0
}

/// A number in [0, 1) for a lattice point, the same every run.
fn hash(seed: u32, x: i32, y: i32) -> f32 {
    let mut h = seed
        .wrapping_mul(0x9E37_79B9)
        .wrapping_add((x as u32).wrapping_mul(0x85EB_CA6B))
        .wrapping_add((y as u32).wrapping_mul(0xC2B2_AE35));
    h ^= h >> 16;
    h = h.wrapping_mul(0x7FEB_352D);
    h ^= h >> 15;
    h = h.wrapping_mul(0x846C_A68B);
    h ^= h >> 16;
    (h >> 8) as f32 / (1u32 << 24) as f32
}

/// Fine grain: a number per pixel-sized cell.
fn hash_point(seed: u32, p: Vec2) -> f32 {
    let cell = p * SIZE as f32 / 2.0;
    hash(seed + 5, cell.x as i32, cell.y as i32)
}

/// Smooth value noise in [0, 1].
fn noise(seed: u32, p: Vec2) -> f32 {
    let cell = p.floor();
    let f = p - cell;
    let (x, y) = (cell.x as i32, cell.y as i32);
    let u = f * f * (Vec2::splat(3.0) - 2.0 * f);
    let top = hash(seed, x, y) + (hash(seed, x + 1, y) - hash(seed, x, y)) * u.x;
    let bottom = hash(seed, x, y + 1) + (hash(seed, x + 1, y + 1) - hash(seed, x, y + 1)) * u.x;
    top + (bottom - top) * u.y
}

/// Three octaves of value noise, in [0, 1].
fn fbm(seed: u32, p: Vec2) -> f32 {
    (noise(seed, p) * 4.0 + noise(seed + 1, p * 2.0) * 2.0 + noise(seed + 2, p * 4.0)) / 7.0
}
