//! Presentation shared by every game: the camera, the egui theme, the
//! screens and menus, the frame around a game, the curtain, screenshots.

mod camera;
mod curtain;
pub mod frame;
pub mod frame_times;
mod game_pictures;
pub mod headline;
pub mod key_presses;
mod knowledge;
mod layout;
mod menus;
mod online;
pub mod piece_art;
pub mod pointer;
pub mod replays;
pub mod reveal;
mod screens;
mod screenshot;
mod session_ui;
pub mod table;
pub mod theme;
pub mod tile;

use bevy::prelude::*;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};

pub use camera::{TABLE_SIZE, fit_camera};
pub use frame::{FrameColumns, TABLE_CENTER_X};
pub use key_presses::{Chord, KeyPresses};
pub use layout::{FreeSpace, UiLayer, narrow, wrapped_group};
pub use menus::menu_cover;
pub use pointer::Pointer;
pub use screens::Chosen;
pub use session_ui::session_ui;

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
            (layout::reset_space, theme::apply_style).in_set(UiLayer::Start),
        )
        .add_systems(Startup, (camera::spawn_camera, theme::load_table_font))
        .add_plugins((
            screens::plugin,
            replays::plugin,
            online::plugin,
            pointer::plugin,
            frame::plugin,
            menus::plugin,
            screenshot::plugin,
            frame_times::plugin,
            table::plugin,
            headline::plugin,
            tile::plugin,
        ));
}
