//! Presentation shared by every game: the camera, the egui theme, the
//! screens and menus, the frame around a game, the curtain, screenshots.

mod curtain;
pub mod frame;
pub mod key_presses;
pub use key_presses::KeyPresses;
mod menus;
pub use menus::menu_cover;
mod knowledge;
mod online;
pub mod pointer;
pub use pointer::Pointer;
pub mod replays;
pub mod reveal;
mod screens;
pub use screens::Chosen;
mod screenshot;
pub mod table;
pub mod theme;
pub mod tile;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

use crate::rules::{Knowledge, Playable};
use crate::session::{Narrated, Shown};
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

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .configure_sets(
            EguiPrimaryContextPass,
            (UiLayer::Start, UiLayer::Frame, UiLayer::Game, UiLayer::Overlay).chain(),
        )
        .insert_resource(ClearColor(theme::TABLE_EDGE))
        .init_resource::<FreeSpace>()
        .add_systems(
            EguiPrimaryContextPass,
            (reset_space, theme::apply_style).in_set(UiLayer::Start),
        )
        .add_systems(Startup, spawn_camera)
        .add_plugins((
            screens::plugin,
            replays::plugin,
            online::plugin,
            pointer::plugin,
            frame::plugin,
            menus::plugin,
            screenshot::plugin,
            table::plugin,
            tile::plugin,
        ));
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
    pub fn bottom_bar(&mut self, ctx: &egui::Context, id: &'static str, add: impl FnOnce(&mut egui::Ui)) {
        let mut root = self.ui(ctx, id);
        egui::Panel::bottom(egui::Id::new(id).with("bar"))
            .min_size(72.0)
            .show(&mut root, |ui| {
                ui.add_space(8.0);
                ui.horizontal_wrapped(add);
                ui.add_space(8.0);
            });
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

/// Points the camera so that `room` (in table units, around `centre`)
/// fills the part `free` of a window of `window` logical pixels, then
/// `zoom` times farther and moved by `pan`: the card tables' felt and the
/// wargame's board are both fitted so into the room their panels leave.
pub fn fit_camera(
    camera: (Mut<Transform>, Mut<Projection>),
    window: Vec2,
    free: egui::Rect,
    room: Vec2,
    centre: Vec2,
    (zoom, pan): (f32, Vec2),
) {
    // World units per logical pixel at scale 1 (the projection shows at
    // least the 1280 x 720 table).
    let per_pixel = (TABLE_SIZE.x / window.x).max(TABLE_SIZE.y / window.y);
    let fit = (room.x / (free.width() * per_pixel)).max(room.y / (free.height() * per_pixel));
    let scale = fit * zoom;
    let offset = Vec2::new(free.center().x - window.x / 2.0, window.y / 2.0 - free.center().y);
    let target = centre - offset * per_pixel * scale + pan;
    let (mut transform, mut projection) = camera;
    if transform.translation.truncate() != target {
        transform.translation.x = target.x;
        transform.translation.y = target.y;
    }
    if let Projection::Orthographic(ortho) = &mut *projection
        && ortho.scale != scale
    {
        ortho.scale = scale;
    }
}

fn reset_space(mut contexts: EguiContexts, settings: Res<Settings>, mut space: ResMut<FreeSpace>) -> Result {
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

/// The table is laid out on a 1280 x 720 board that the camera fits into
/// the window, whatever its size.
pub const TABLE_SIZE: Vec2 = Vec2::new(1280.0, 720.0);

/// Where a game's table is centred: left of the log panel.
pub const TABLE_CENTER_X: f32 = -frame::LOG_WIDTH / 2.0;

fn spawn_camera(mut commands: Commands) {
    // Bevy lays out 2D text only for cameras that saw a sprite-class entity
    // in the last frame, and a text changed on a frame without one is never
    // laid out until it changes again. Under the curtain every table entity
    // is hidden, so labels set as it lifted (betting's slot numbers and chip
    // counts) stayed blank. A plain sprite is not of that class in Bevy
    // 0.20 (a probe of the camera's visible entities showed none under the
    // curtain); a Text2d is, so this blank one keeps the camera seeing one.
    commands.spawn((
        Text2d::new(" "),
        bevy::camera::visibility::NoFrustumCulling,
        Transform::from_xyz(0.0, 0.0, -10.0),
    ));
    commands.spawn((
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: bevy::camera::ScalingMode::AutoMin {
                min_width: TABLE_SIZE.x,
                min_height: TABLE_SIZE.y,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
}

/// The egui parts every game shares, for game `G`: the curtain, and the
/// knowledge panel beside a replay.
pub fn session_ui<G: Playable + Narrated + Knowledge>(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        curtain::curtain_overlay::<G>
            .run_if(resource_exists::<Shown<G>>)
            .in_set(UiLayer::Overlay),
    )
    .add_systems(
        EguiPrimaryContextPass,
        knowledge::panel::<G>
            .run_if(in_state(crate::screens::Screen::Playing))
            .run_if(resource_exists::<crate::session::Watching>.and_then(resource_exists::<Shown<G>>))
            .after(replays::watch_bar)
            .in_set(UiLayer::Frame),
    );
}
