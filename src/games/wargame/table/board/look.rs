//! The wargame's colours, shared by the board, the picker's previews and
//! the panels, so that a forest looks the same everywhere.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::games::wargame::engine::data::Terrain;

/// The ground colour of each terrain.
pub fn terrain_rgb(terrain: Terrain) -> [u8; 3] {
    match terrain {
        Terrain::Plain => [196, 190, 140],
        Terrain::Forest => [52, 104, 52],
        Terrain::Hill => [176, 132, 72],
        Terrain::Swamp => [96, 128, 106],
        Terrain::Mountains => [120, 114, 110],
        Terrain::Stream => [132, 184, 214],
        Terrain::River => [40, 88, 160],
        Terrain::Fort => [160, 156, 150],
        Terrain::Bunker => [110, 112, 106],
        Terrain::Bridge => [40, 88, 160],
    }
}

pub fn terrain_colour(terrain: Terrain) -> Color {
    let [r, g, b] = terrain_rgb(terrain);
    Color::srgb_u8(r, g, b)
}

/// A terrain's colour lit (`shade` above 1) or in shadow (below 1).
pub fn terrain_shade(terrain: Terrain, shade: f32) -> Color {
    let [r, g, b] = terrain_rgb(terrain).map(|c| (f32::from(c) * shade).min(255.0) as u8);
    Color::srgb_u8(r, g, b)
}

pub fn terrain_egui(terrain: Terrain) -> egui::Color32 {
    let [r, g, b] = terrain_rgb(terrain);
    egui::Color32::from_rgb(r, g, b)
}

/// The colour of a side's blocks: black Thargaton, white Vesania.
pub fn block_colour(seat: usize) -> Color {
    if seat == 0 {
        Color::srgb(0.12, 0.08, 0.05)
    } else {
        Color::srgb(0.95, 0.93, 0.86)
    }
}

/// The side of a block below its top face, in shadow.
pub fn block_edge(seat: usize) -> Color {
    if seat == 0 {
        Color::srgb(0.30, 0.24, 0.18)
    } else {
        Color::srgb(0.72, 0.64, 0.50)
    }
}

/// Where the light catches the top face's upper and left edges.
pub fn block_light(seat: usize) -> Color {
    if seat == 0 {
        Color::srgb(0.24, 0.18, 0.13)
    } else {
        Color::srgb(1.0, 0.99, 0.95)
    }
}

/// A colour of the board's for egui's panels.
pub fn to_egui(colour: Color) -> egui::Color32 {
    let [r, g, b, _] = colour.to_srgba().to_u8_array();
    egui::Color32::from_rgb(r, g, b)
}

pub fn block_egui(seat: usize) -> egui::Color32 {
    to_egui(block_colour(seat))
}

pub fn ink_egui(seat: usize) -> egui::Color32 {
    to_egui(ink_colour(seat))
}

/// Text and marks on a side's blocks.
pub fn ink_colour(seat: usize) -> Color {
    if seat == 0 {
        Color::srgb(0.95, 0.93, 0.86)
    } else {
        Color::srgb(0.10, 0.09, 0.09)
    }
}

/// A block's sticker: ivory paper on the black wood, a deeper parchment
/// on the white (so that it stands off the pale wood), both printed in
/// one dark ink, with a shadowed rim.
pub fn sticker(seat: usize) -> Color {
    if seat == 0 {
        Color::srgb(0.93, 0.89, 0.78)
    } else {
        Color::srgb(0.80, 0.73, 0.58)
    }
}
pub const STICKER_EDGE: Color = Color::srgb(0.45, 0.38, 0.29);
pub const STICKER_INK: Color = Color::srgb(0.16, 0.11, 0.08);

pub const ARROW: Color = Color::srgb(0.98, 0.78, 0.25);
pub const OBJECTIVE: Color = Color::srgb(0.98, 0.78, 0.25);
pub const REACH: Color = Color::srgba(0.35, 0.95, 0.45, 0.45);
pub const TARGET: Color = Color::srgba(0.95, 0.25, 0.20, 0.55);
pub const FIRE_AT: Color = Color::srgba(1.0, 0.55, 0.10, 0.45);
/// The hex a tutorial step points at: a bright double ring.
pub const TUTORIAL: Color = Color::srgb(0.30, 0.85, 1.0);
/// The keyboard's hex cursor: a white double ring.
pub const CURSOR: Color = Color::srgb(1.0, 1.0, 1.0);
pub const SELECTED: Color = Color::srgba(1.0, 0.90, 0.30, 0.55);
pub const HOVER: Color = Color::srgba(1.0, 1.0, 1.0, 0.22);
/// The map's wooden frame and its darker outer edge.
pub const FRAME: Color = Color::srgb(0.36, 0.24, 0.16);
pub const FRAME_EDGE: Color = Color::srgb(0.19, 0.13, 0.09);
/// The rows' numbers and the columns' letters on the frame: paper.
pub const EDGE_LABEL: Color = Color::srgb(0.93, 0.89, 0.81);
