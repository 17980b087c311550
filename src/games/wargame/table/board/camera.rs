//! The camera on the board: the board fitted into the part of the window
//! the panels leave (their largest since the layout last changed), then
//! the player's pan and zoom (`input` changes those); reset when the game
//! is left.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::games::wargame::engine::state::{Phase, Wargame};
use crate::games::wargame::table::board::layout::{BoardLayout, SidePanelOpen, actions_beside};
use crate::ids::GameId;
use crate::screens::{ActiveGame, InGame};
use crate::session::Shown;
use crate::ui::frame::LogOpen;
use crate::ui::{FreeSpace, fit_camera};

/// How the camera looks at the board.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub(super) struct View {
    pub(super) pan: Vec2,
    pub(super) zoom: f32,
}

impl Default for View {
    fn default() -> Self {
        View {
            pan: Vec2::ZERO,
            zoom: 1.0,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<View>()
        .init_resource::<PanelMargins>()
        .init_resource::<SidePanelOpen>()
        .add_systems(
            Update,
            aim_camera.run_if(
                resource_exists::<BoardLayout>.and_then(in_state(ActiveGame::Playing(GameId::Wargame))),
            ),
        )
        .add_systems(OnExit(InGame), (reset_view, reset_camera));
}

fn reset_view(mut view: ResMut<View>, mut margins: ResMut<PanelMargins>) {
    *view = View::default();
    *margins = PanelMargins::default();
}

/// The margins the panels have taken around the board, the largest seen
/// since the window last changed size. The board is fitted inside them, so
/// a bar that grows when a block is activated does not rescale the board
/// under the pointer (a quick second click would miss), and one that
/// shrinks again does not bring it back: the board keeps its place once
/// the panels have shown their largest.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
struct PanelMargins {
    /// What the margins were seen for.
    panels: Panels,
    /// Left, right, top and bottom, in logical pixels.
    widest: [f32; 4],
}

/// What the panels around the board depend on: the window's size, whether
/// armies are being built (its panels are not the battle's) and the side
/// panel's and the log's folds. A change to any lays the board out afresh.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Panels {
    window: Vec2,
    building: bool,
    side: SidePanelOpen,
    log: bool,
}

/// Room kept below the board from the start for the action bar at its
/// tallest (a status of two lines over the aid card and a hex's choices as
/// buttons on two rows), in egui points.
const ACTION_BAR_ROOM: f32 = 170.0;

impl PanelMargins {
    /// Takes in this frame's free space; the rectangle to fit the board in.
    fn fit_into(&mut self, panels: Panels, free: egui::Rect, bar_room: f32) -> egui::Rect {
        let window = panels.window;
        let now = [
            free.min.x,
            window.x - free.max.x,
            free.min.y,
            window.y - free.max.y,
        ];
        if self.panels != panels {
            *self = PanelMargins {
                panels,
                widest: [0.0, 0.0, 0.0, bar_room],
            };
        }
        for (widest, now) in self.widest.iter_mut().zip(now) {
            *widest = widest.max(now);
        }
        let [left, right, top, bottom] = self.widest;
        egui::Rect::from_min_max(
            egui::pos2(left, top),
            egui::pos2(
                (window.x - right).max(left + 1.0),
                (window.y - bottom).max(top + 1.0),
            ),
        )
    }
}

/// Fits the board (with its felt) into the part of the window the panels
/// leave free at their largest, then applies the player's pan and zoom: a
/// panel that grows never hides a row of the board.
fn aim_camera(
    view: Res<View>,
    shown: Res<Shown<Wargame>>,
    board: Res<BoardLayout>,
    space: Res<FreeSpace>,
    folds: (Res<SidePanelOpen>, Res<LogOpen>),
    mut margins: ResMut<PanelMargins>,
    window: Single<&Window>,
    camera: Single<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let Some(free) = space.in_pixels() else { return };
    let size = window.size();
    if size.x <= 0.0 || size.y <= 0.0 || free.width() <= 0.0 || free.height() <= 0.0 {
        return;
    }
    let points = egui::vec2(size.x, size.y) / space.zoom();
    let (side, log) = folds;
    let panels = Panels {
        window: size,
        building: shown.view.phase == Phase::Building,
        side: *side,
        log: log.is_open(points, true),
    };
    // The actions stand under the board only where the side panel does not
    // hold them: then room is kept for them from the start.
    let bar_room = if panels.building || !actions_beside(points, *side) {
        ACTION_BAR_ROOM * space.zoom()
    } else {
        0.0
    };
    let free = margins.fit_into(panels, free, bar_room);
    let room = board.room();
    fit_camera(
        camera.into_inner(),
        size,
        free,
        room.size(),
        room.center(),
        (view.zoom, view.pan),
    );
}

/// Leaving the wargame gives the other tables the camera as it was.
fn reset_camera(camera: Single<(&mut Transform, &mut Projection), With<Camera2d>>) {
    let (mut transform, mut projection) = camera.into_inner();
    transform.translation.x = 0.0;
    transform.translation.y = 0.0;
    if let Projection::Orthographic(ortho) = &mut *projection {
        ortho.scale = 1.0;
    }
}
