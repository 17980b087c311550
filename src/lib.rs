//! Black & White: four two-player games of bluffing, deduction and command.
//!
//! Reading top-down: `logic_plugin` is everything a game needs to be played
//! (what the headless tests run); `plugin` adds the window, the table, the
//! menus and the sound.

pub mod app_systems;
pub mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod first_start;
pub mod game_log;
pub mod games;
pub mod ids;
pub mod menus;
#[cfg(not(target_arch = "wasm32"))]
pub mod online;
pub mod play_online;
pub mod population;
pub mod replay;
pub mod rules;
pub mod screens;
pub mod session;
pub mod settings;
pub mod wire;

mod audio;
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod web;
#[cfg(target_arch = "wasm32")]
pub mod web_files;

use std::process::ExitCode;

use bevy::prelude::*;

/// Rules, sessions, screens and settings: no window, no drawing, no sound.
pub fn logic_plugin(app: &mut App) {
    app.add_plugins((
        app_systems::plugin,
        session::plugin,
        settings::plugin,
        replay::plugin,
        screens::plugin,
        menus::plugin,
        games::plugin,
        play_online::plugin,
    ));
}

/// The whole application: a window, the tables, egui menus and sound.
pub fn plugin(app: &mut App) {
    let (width, height) = app
        .world()
        .get_resource::<session::Launch>()
        .and_then(|l| l.size)
        .unwrap_or((1280, 720));
    let scenarios = games::wargame::battle::scenario_assets::SOURCE;
    games::wargame::battle::scenario_assets::register_source(app, scenarios, scenarios);
    games::wargame::battle::mods::register_source(app);
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Black & White".into(),
                    resolution: (width, height).into(),
                    fit_canvas_to_parent: true,
                    // The page's own canvas, inside its loading screen.
                    canvas: cfg!(target_arch = "wasm32").then(|| "#game".to_string()),
                    ..default()
                }),
                ..default()
            })
            .set(bevy::log::LogPlugin {
                filter: "wgpu=error,naga=warn,bevy_render=warn".into(),
                ..default()
            }),
    );
    app.add_plugins((
        logic_plugin,
        ui::plugin,
        audio::plugin,
        games::table_plugin,
        games::wargame::battle::scenario_assets::plugin,
        games::wargame::battle::mods::plugin,
    ));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web::plugin);
}

/// What the tiles table lays out and how its tiles move, without a window
/// or a GPU (meshes and materials as plain assets): for headless tests of
/// what the table shows a seat.
pub fn headless_tiles_table(app: &mut App) {
    app.init_asset::<Mesh>()
        .init_asset::<ColorMaterial>()
        .init_asset::<Image>()
        .init_resource::<ui::FreeSpace>()
        .init_resource::<ui::Pointer>()
        .add_message::<audio::Sound>()
        .add_plugins((
            ui::tile::plugin,
            ui::table::plugin,
            ui::headline::plugin,
            games::tiles::table_only_plugin,
        ));
}

/// The wargame's board and blocks as the table draws them, without a window
/// or a GPU: for headless tests of the pieces on the board.
pub fn headless_wargame_board(app: &mut App) {
    app.init_asset::<Mesh>()
        .init_asset::<ColorMaterial>()
        .init_asset::<Image>()
        .add_plugins(games::wargame::table::board_only_plugin);
}

/// Opens the window and plays until it is closed. Without a display, or
/// without a GPU driver, it says so in a line and what to do, and exits
/// with code 3 instead of panicking.
pub fn run(launch: session::Launch) -> ExitCode {
    #[cfg(not(target_arch = "wasm32"))]
    {
        if let Some(missing) = first_start::display_missing() {
            eprintln!("{missing}");
            return ExitCode::from(first_start::EXIT_NO_DISPLAY);
        }
        first_start::explain_a_missing_gpu();
    }
    let mut app = App::new();
    app.insert_resource(launch);
    app.add_plugins(plugin);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
