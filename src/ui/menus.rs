//! The pause menu, the settings window and the rules window.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::layout::UiLayer;
use super::theme;
use crate::ids::GameId;
use crate::menus::{Menu, RulesReturn};
use crate::rules::Level;
use crate::screens::Screen;
use crate::session::{MatchCommand, MatchOptions, ReturnTo, Watching};
use crate::settings::{AnimationSpeed, Settings, SettingsFile};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            pause.run_if(in_state(Menu::Pause)),
            settings_window.run_if(in_state(Menu::Settings)),
            rules_window.run_if(in_state(Menu::Rules)),
        )
            .in_set(UiLayer::Overlay),
    )
    .add_systems(Update, apply_fullscreen.run_if(resource_changed::<Settings>));
}

/// What covers the table while a menu is open: a see-through dim, or, in a
/// game whose clocks stop under a menu (betting), an opaque cover, so that
/// nobody studies the board with the clock stopped.
pub fn menu_cover(game: Option<GameId>, screen: &Screen) -> egui::Color32 {
    if *screen == Screen::Playing && game.is_some_and(GameId::clocks_stop_under_menus) {
        theme::CURTAIN
    } else {
        egui::Color32::from_black_alpha(170)
    }
}

fn dim(ctx: &egui::Context, options: Option<&MatchOptions>, screen: &Screen) {
    theme::cover(
        ctx,
        "dim",
        egui::Order::Middle,
        menu_cover(options.map(|o| o.game), screen),
    );
}

fn pause(
    mut contexts: EguiContexts,
    mut menu: ResMut<NextState<Menu>>,
    mut rules: ResMut<RulesReturn>,
    mut commands: MessageWriter<MatchCommand>,
    screen: Res<State<Screen>>,
    options: Option<Res<MatchOptions>>,
    watching: Option<Res<Watching>>,
    return_to: Option<Res<ReturnTo>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    dim(ctx, options.as_deref(), screen.get());
    let replay = watching.is_some();
    theme::dialog("Paused").show(ctx, |ui| {
        ui.vertical_centered(|ui| {
            if theme::menu_button(ui, "Resume (Esc)") {
                menu.set(Menu::None);
            }
            let label = if *screen.get() == Screen::Result {
                "Play again"
            } else {
                "Restart"
            };
            if !replay && theme::menu_button(ui, label) {
                commands.write(MatchCommand::PlayAgain);
            }
            if theme::menu_button(ui, "Rules (F1)") {
                rules.open(Menu::Pause, &mut menu);
            }
            if theme::menu_button(ui, "Settings") {
                menu.set(Menu::Settings);
            }
            let quit = if replay {
                "Back to the replays"
            } else if return_to.is_some() {
                "Back to the editor"
            } else {
                "Quit to menu"
            };
            if theme::menu_button(ui, quit) {
                commands.write(MatchCommand::Quit);
            }
        });
        if let Some(game) = options.as_ref().map(|o| o.game) {
            ui.add_space(8.0);
            egui::CollapsingHeader::new("Keys")
                .default_open(true)
                .show(ui, |ui| {
                    egui::Grid::new("keys").spacing([16.0, 4.0]).show(ui, |ui| {
                        let keys = if replay { WATCHING } else { keys_of(game) };
                        for (keys, what) in keys.iter().chain(EVERY_GAME) {
                            ui.strong(*keys);
                            ui.label(*what);
                            ui.end_row();
                        }
                    });
                });
        }
    });
    Ok(())
}

/// Keys while a replay is watched.
const WATCHING: &[(&str, &str)] = &[
    ("Left / Right", "one action back or forward"),
    ("Page Up / Down", "the round before or the next"),
    ("Home / End", "the start or the end"),
    ("Space", "play or pause"),
];

/// Keys that work in every game.
const EVERY_GAME: &[(&str, &str)] = &[
    ("Esc", "this menu; Esc again resumes"),
    ("F1", "the rules, and F1 again to close them"),
    ("Space", "lift the curtain between friends"),
];

/// Every game's own keys, as the README lists them: everything a game
/// asks can be done from the keyboard.
fn keys_of(game: GameId) -> &'static [(&'static str, &'static str)] {
    match game {
        GameId::Tiles => &[("0-8", "pick a tile"), ("Enter", "play the picked tile")],
        GameId::Bidding => &[
            ("0-9, Backspace", "type the amount"),
            ("+ / - or Up / Down", "one more, one less"),
            ("Enter", "Bid, then Enter again to Seal"),
            ("Backspace", "change a bid before it is sealed"),
        ],
        GameId::Betting => &[
            ("Left / Right", "setup: choose a slot"),
            ("0-9", "setup: put that tile in the slot"),
            ("Up / Down", "setup: add or take a chip"),
            ("Backspace", "setup: lift the tile"),
            ("R", "setup: fill the gaps at random"),
            ("Enter", "setup: lock the board"),
            ("M / F / C", "match, fold, choose the chips a match takes"),
            ("Space", "move on from a result"),
        ],
        GameId::Wargame => &[
            (
                "N / Shift+N",
                "the cursor to the next / last hex where you can act",
            ),
            ("Shift+Arrows", "the cursor one hex that way"),
            (
                "Enter",
                "click the cursor's hex (activate, move, attack, pick up)",
            ),
            ("Backspace", "right-click it (take a block off while building)"),
            ("Ctrl+Enter", "deploy the army"),
            ("1-9", "the action bar's buttons"),
            ("O", "choose the commander's order"),
            ("A-D", "the aid card's options"),
            ("Space", "end the activation"),
            ("E", "end the turn"),
            ("U or Ctrl+Z", "undo a move that revealed nothing"),
            ("T", "the tutorial's Next"),
            ("Arrows, + / -, Home", "pan, zoom, reset the view"),
        ],
    }
}

/// Where a closed window returns to: the pause menu inside a game.
fn back(screen: &Screen) -> Menu {
    match screen {
        Screen::Playing | Screen::Result => Menu::Pause,
        _ => Menu::None,
    }
}

fn settings_window(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    file: Res<SettingsFile>,
    mut menu: ResMut<NextState<Menu>>,
    screen: Res<State<Screen>>,
    options: Option<Res<MatchOptions>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    dim(ctx, options.as_deref(), screen.get());
    let mut edited = settings.clone();
    theme::dialog("Settings").show(ctx, |ui| {
        ui.checkbox(
            &mut edited.colour_counter,
            "Colour counter: the opponent's tiles left by colour",
        );
        ui.checkbox(
            &mut edited.lamp_ranges,
            "Lamp ranges: the points band beside the opponent's lamps",
        );
        ui.horizontal(|ui| {
            ui.label("Default difficulty");
            for level in Level::PLAYABLE {
                ui.radio_value(&mut edited.default_difficulty, level, level.label());
            }
        });
        ui.horizontal(|ui| {
            ui.label("Animation speed");
            for speed in AnimationSpeed::ALL {
                ui.radio_value(&mut edited.animation_speed, speed, speed.label());
            }
        });
        ui.add(egui::Slider::new(&mut edited.volume, 0.0..=1.0).text("Sound volume"));
        ui.checkbox(
            &mut edited.large_text,
            "Larger text: the HUD, the log, the menus and the rules",
        );
        #[cfg(not(target_arch = "wasm32"))]
        ui.checkbox(&mut edited.fullscreen, "Fullscreen");
        ui.separator();
        // In the browser the settings live in its storage, not a file.
        if let Some(path) = file.0.as_ref().filter(|_| cfg!(not(target_arch = "wasm32"))) {
            ui.label(egui::RichText::new(format!("Kept in {}", path.display())).small());
        }
        ui.horizontal(|ui| {
            if ui.button("Defaults").clicked() {
                edited = Settings::default();
            }
            if ui.button("Close").clicked() {
                menu.set(back(screen.get()));
            }
        });
    });
    if edited != *settings {
        *settings = edited;
    }
    Ok(())
}

fn rules_window(
    mut contexts: EguiContexts,
    options: Option<Res<MatchOptions>>,
    mut menu: ResMut<NextState<Menu>>,
    rules: Res<RulesReturn>,
    screen: Res<State<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    dim(ctx, options.as_deref(), screen.get());
    let game = options.map(|o| o.game).unwrap_or(GameId::Tiles);
    egui::Window::new(format!("Rules: {}", game.title()))
        .collapsible(false)
        .default_size([640.0, 520.0])
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().max_height(480.0).show(ui, |ui| {
                for paragraph in game.rules_text().split("\n\n") {
                    if let Some(heading) = paragraph.strip_prefix("# ") {
                        ui.heading(heading);
                    } else {
                        ui.label(paragraph.replace('\n', " "));
                    }
                    ui.add_space(4.0);
                }
            });
            if ui.button("Close (F1 or Esc)").clicked() {
                rules.close(&mut menu);
            }
        });
    Ok(())
}

fn apply_fullscreen(settings: Res<Settings>, mut windows: Query<&mut Window>) {
    use bevy::window::{MonitorSelection, WindowMode};
    for mut window in &mut windows {
        let mode = if settings.fullscreen {
            WindowMode::BorderlessFullscreen(MonitorSelection::Current)
        } else {
            WindowMode::Windowed
        };
        if window.mode != mode {
            window.mode = mode;
        }
    }
}
