//! How egui panels share the window: the order they are drawn in, and the
//! free space each layer lays its panels inside.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::settings::Settings;

/// The order egui is drawn in: panels around the table first, then each
/// game's own panels, then windows and overlays on top.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiLayer {
    /// Clears the shared free space for the new frame.
    Start,
    Frame,
    Game,
    Overlay,
}

/// The part of the window that no egui panel covers yet this frame: each
/// layer lays its panels inside it and leaves the rest, so panels drawn by
/// different systems share the window instead of overlapping. Kept in
/// egui's points; `zoom` (the larger-text setting) converts to the
/// window's logical pixels, which Bevy's cursor and camera use.
#[derive(Resource, Debug)]
pub struct FreeSpace {
    rect: Option<egui::Rect>,
    zoom: f32,
}

impl Default for FreeSpace {
    fn default() -> Self {
        FreeSpace {
            rect: None,
            zoom: 1.0,
        }
    }
}

impl FreeSpace {
    /// A root `Ui` over the free space, for panels.
    pub fn ui(&self, ctx: &egui::Context, id: &'static str) -> egui::Ui {
        egui::Ui::new(
            ctx.clone(),
            id.into(),
            egui::UiBuilder::new()
                .layer_id(egui::LayerId::background())
                .max_rect(self.rect.unwrap_or_else(|| ctx.viewport_rect())),
        )
    }

    /// Keeps what `ui` has not used for the next layer.
    pub fn keep_rest(&mut self, ui: &egui::Ui) {
        self.rect = Some(ui.available_rect_before_wrap());
    }

    /// A game's bar along the bottom of the free space, its contents in a
    /// row that wraps onto a second where the window is narrow (so no
    /// button is cut off at 1024 pixels); the rest stays free for the next
    /// layer.
    ///
    /// The bar never grows shorter while the window keeps its size: the
    /// table fits the room above it, and a bar that grew by a row for a
    /// moment and shrank again would make the whole table jump twice
    /// (betting's, as a result came and went).
    pub fn bottom_bar(&mut self, ctx: &egui::Context, id: &'static str, add: impl FnOnce(&mut egui::Ui)) {
        let mut root = self.ui(ctx, id);
        let panel = egui::Id::new(id).with("bar");
        let window = ctx.viewport_rect().size();
        let tallest = egui::Id::new(id).with("tallest");
        let kept = ctx
            .data(|d| d.get_temp::<(egui::Vec2, f32)>(tallest))
            .filter(|(size, _)| *size == window)
            .map_or(0.0, |(_, height)| height);
        let shown = egui::Panel::bottom(panel)
            .min_size(kept.max(72.0))
            .show(&mut root, |ui| {
                ui.add_space(8.0);
                ui.horizontal_wrapped(add);
                ui.add_space(8.0);
            });
        let height = shown.response.rect.height();
        ctx.data_mut(|d| d.insert_temp(tallest, (window, height.max(kept))));
        self.keep_rest(&root);
    }

    /// A game's panel beside the table: on the left in a wide window, at
    /// `width` points; above the table in a narrow one (a phone held
    /// upright), `share` of the window's height, where `add` scrolls.
    pub fn side_panel(
        &mut self,
        ctx: &egui::Context,
        id: &'static str,
        (width, share): (f32, f32),
        add: impl FnOnce(&mut egui::Ui),
    ) {
        let window = ctx.viewport_rect().size();
        let mut root = self.ui(ctx, id);
        let panel = if narrow(window) {
            egui::Panel::top(id).exact_size(window.y * share)
        } else {
            egui::Panel::left(id).exact_size(width)
        };
        panel.resizable(false).show(&mut root, add);
        self.keep_rest(&root);
    }

    /// Logical pixels per egui point (above 1 with larger text).
    pub fn zoom(&self) -> f32 {
        self.zoom
    }

    /// The free space in the window's logical pixels.
    pub fn in_pixels(&self) -> Option<egui::Rect> {
        self.rect.map(|r| {
            egui::Rect::from_min_max(
                (r.min.to_vec2() * self.zoom).to_pos2(),
                (r.max.to_vec2() * self.zoom).to_pos2(),
            )
        })
    }

    /// Whether a window position in logical pixels lies on the free table.
    pub fn contains(&self, position: Vec2) -> bool {
        self.in_pixels()
            .is_none_or(|rect| rect.contains(egui::pos2(position.x, position.y)))
    }
}

/// Adds `add` as one group to a wrapping row (a bottom bar's), on a line
/// of its own where what is left of this one is narrower than `width`
/// points: a group cannot wrap by itself, and would run off the window.
pub fn wrapped_group(ui: &mut egui::Ui, width: f32, add: impl FnOnce(&mut egui::Ui)) {
    if ui.max_rect().right() - ui.cursor().left() < width {
        ui.end_row();
    }
    ui.horizontal(add);
}

/// A window too narrow for panels beside the table (in egui points): a
/// phone held upright, or a small window.
pub fn narrow(window: egui::Vec2) -> bool {
    window.x < 640.0 || window.y > window.x
}

pub(super) fn reset_space(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut space: ResMut<FreeSpace>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let zoom = if settings.large_text { LARGE_TEXT } else { 1.0 };
    if ctx.zoom_factor() != zoom {
        ctx.set_zoom_factor(zoom);
    }
    space.rect = Some(ctx.viewport_rect());
    space.zoom = ctx.zoom_factor();
    Ok(())
}

/// How much larger the larger-text setting draws every egui panel: the
/// HUD, the log, the menus and the rules.
const LARGE_TEXT: f32 = 1.25;
