//! The title screen, the game list, the new-game dialog and the frame of the
//! result screen.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::layout::{FreeSpace, UiLayer};
use super::theme;
use crate::game_log::GameLog;
use crate::ids::GameId;
use crate::menus::Menu;
use crate::play_online::{Online, Stage};
use crate::replay::Shelf;
use crate::rules::Level;
use crate::screens::Screen;
use crate::session::{
    Launch, MatchCommand, MatchOptions, MatchResult, OpenReplay, Opponent, ReturnTo, StartMatch,
};
use crate::settings::Settings;

/// The game picked in the list, for the new-game dialog.
#[derive(Resource, Debug, Clone, Copy)]
pub struct Chosen {
    pub game: GameId,
    pub opponent: Opponent,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, open_new_game_from_command_line);
    app.add_systems(
        EguiPrimaryContextPass,
        (
            title.run_if(in_state(Screen::Title)),
            game_list.run_if(in_state(Screen::GameList)),
            new_game.run_if(
                in_state(Screen::NewGame)
                    .and_then(|c: Option<Res<Chosen>>| c.is_some_and(|c| c.game != GameId::Wargame)),
            ),
            result_frame.run_if(in_state(Screen::Result).and_then(resource_exists::<MatchResult>)),
        )
            .in_set(UiLayer::Frame)
            .run_if(in_state(Menu::None).or_else(in_state(Menu::Rules))),
    );
}

/// `--game GAME --new-game`: the game's new-game dialog at once.
fn open_new_game_from_command_line(
    mut commands: Commands,
    launch: Option<Res<Launch>>,
    settings: Res<Settings>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(launch) = launch.filter(|l| l.new_game) else {
        return;
    };
    let Some(game) = launch.game else { return };
    commands.insert_resource(Chosen {
        game,
        opponent: launch
            .opponent
            .unwrap_or(Opponent::Computer(settings.default_difficulty)),
    });
    next.set(Screen::NewGame);
}

fn title(
    mut contexts: EguiContexts,
    space: Res<FreeSpace>,
    mut next: ResMut<NextState<Screen>>,
    mut menu: ResMut<NextState<Menu>>,
    log: Res<GameLog>,
    keys: Res<ButtonInput<KeyCode>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let mut root = space.ui(contexts.ctx_mut()?, "title");
    egui::CentralPanel::no_frame().show(&mut root, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() * 0.08);
            ui.label(
                egui::RichText::new("Black & White")
                    .size(72.0)
                    .family(theme::display_family(ui.ctx()))
                    .color(egui::Color32::WHITE),
            );
            ui.label(
                egui::RichText::new("bluffing, deduction and command for two")
                    .size(22.0)
                    .italics(),
            );
            ui.add_space(24.0);
            super::game_pictures::rows(ui);
            ui.add_space(16.0);
            if theme::default_button(ui, "Play (Enter)") || keys.just_pressed(KeyCode::Enter) {
                next.set(Screen::GameList);
            }
            if theme::menu_button(ui, "Replays (R)") || keys.just_pressed(KeyCode::KeyR) {
                next.set(Screen::Replays);
            }
            if theme::menu_button(ui, "Settings (S)") || keys.just_pressed(KeyCode::KeyS) {
                menu.set(Menu::Settings);
            }
            if theme::menu_button(ui, "Play online (O)") || keys.just_pressed(KeyCode::KeyO) {
                next.set(Screen::Online);
            }
            #[cfg(not(target_arch = "wasm32"))]
            if theme::menu_button(ui, "Quit") {
                exit.write(AppExit::Success);
            }
            #[cfg(target_arch = "wasm32")]
            let _ = &mut exit;
            for notice in &log.notices {
                ui.add_space(12.0);
                ui.colored_label(theme::WARNING, notice);
            }
        });
    });
    Ok(())
}

fn game_list(
    mut contexts: EguiContexts,
    space: Res<FreeSpace>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    settings: Res<Settings>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Title);
    }
    let ctx = contexts.ctx_mut()?;
    let narrow = super::layout::narrow(ctx.viewport_rect().size());
    let mut root = space.ui(ctx, "game-list");
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.inner_margin(if narrow { 16.0 } else { 40.0 }))
        .show(&mut root, |ui| {
            // One column in the middle of the window, not a list along its
            // left edge with the right half empty.
            let width = ui.available_width().min(880.0);
            let left = ((ui.available_width() - width) / 2.0).max(0.0);
            let column = egui::Rect::from_min_size(
                ui.cursor().min + egui::vec2(left, 0.0),
                egui::vec2(width, ui.available_height()),
            );
            ui.scope_builder(egui::UiBuilder::new().max_rect(column), |ui| {
                ui.heading(egui::RichText::new("Choose a game").size(40.0));
                ui.add_space(16.0);
                // Scrolls where a short window (a phone on its side) lacks room.
                egui::ScrollArea::vertical().show(ui, |ui| {
                    for (index, game) in GameId::ALL.into_iter().enumerate() {
                        let shortcut =
                            [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3, KeyCode::Digit4][index];
                        let play = keys.just_pressed(shortcut) || game_entry(ui, index, game, narrow);
                        if play {
                            commands.insert_resource(Chosen {
                                game,
                                opponent: Opponent::Computer(settings.default_difficulty),
                            });
                            next.set(Screen::NewGame);
                        }
                        ui.add_space(10.0);
                    }
                    ui.add_space(10.0);
                    if ui.button("Back").clicked() {
                        next.set(Screen::Title);
                    }
                });
            });
        });
    Ok(())
}

/// One game in the list: its picture, drawn from its table, its name and
/// what it is, and its Play button (beside them where there is room,
/// under them on a phone, where it would cover the text). Whether Play
/// was pressed.
fn game_entry(ui: &mut egui::Ui, index: usize, game: GameId, narrow: bool) -> bool {
    let mut play = false;
    egui::Frame::group(ui.style())
        .fill(egui::Color32::from_rgba_unmultiplied(0, 0, 0, 150))
        .inner_margin(if narrow { 10.0 } else { 16.0 })
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            let about = |ui: &mut egui::Ui| {
                ui.label(
                    egui::RichText::new(format!("{}. {}", index + 1, game.title()))
                        .size(24.0)
                        .strong(),
                );
                ui.label(game.pitch());
            };
            let button =
                || egui::Button::new(egui::RichText::new("Play").size(20.0)).min_size(egui::vec2(96.0, 44.0));
            ui.horizontal(|ui| {
                super::game_pictures::show(ui, game);
                ui.add_space(8.0);
                if narrow {
                    ui.vertical(|ui| {
                        about(ui);
                        play |= ui.add(button()).clicked();
                    });
                } else {
                    ui.vertical(|ui| {
                        ui.set_max_width(ui.available_width() - 120.0);
                        about(ui);
                    });
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        play |= ui.add(button()).clicked();
                    });
                }
            });
        });
    play
}

fn new_game(
    mut contexts: EguiContexts,
    mut chosen: ResMut<Chosen>,
    mut next: ResMut<NextState<Screen>>,
    mut start: MessageWriter<StartMatch>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::GameList);
    }
    let mut go = keys.just_pressed(KeyCode::Enter);
    // The window fits its title: "Black and White" and "Black and White
    // II" must not both read "New game: Black and W…".
    egui::Window::new(format!("New game: {}", chosen.game.title()))
        .collapsible(false)
        .resizable(false)
        .min_width(440.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(contexts.ctx_mut()?, |ui| {
            ui.label("Opponent");
            for level in Level::PLAYABLE {
                ui.radio_value(
                    &mut chosen.opponent,
                    Opponent::Computer(level),
                    format!("Computer — {}", level.label()),
                );
            }
            ui.radio_value(&mut chosen.opponent, Opponent::Friend, "Friend on this screen");
            ui.add_space(8.0);
            let start = match chosen.game {
                GameId::Betting => "Both players set up at once, in secret.",
                _ => "A coin flip decides who goes first.",
            };
            ui.label(egui::RichText::new(start).italics());
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                go |= ui
                    .add(
                        egui::Button::new(egui::RichText::new("Start (Enter)").size(20.0).strong())
                            .selected(true),
                    )
                    .clicked();
                if ui.button("Back").clicked() {
                    next.set(Screen::GameList);
                }
            });
        });
    if go {
        start.write(StartMatch {
            game: chosen.game,
            opponent: chosen.opponent,
            seed: None,
        });
    }
    Ok(())
}

/// What "Play again" does after this game: an online game still connected
/// is played again by a rematch (offered, waited for, or accepted).
fn play_again_label(options: Option<&MatchOptions>, online: &Online) -> &'static str {
    let connected = online.stage == Stage::Over && online.is_connected();
    if options.is_none_or(|options| options.opponent != Opponent::Online) || !connected {
        return "Play again (Enter)";
    }
    match online.rematch {
        None => "Rematch (Enter)",
        Some(offer) if offer.mine => "Rematch offered…",
        Some(_) => "Accept the rematch (Enter)",
    }
}

fn result_frame(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    result: Res<MatchResult>,
    mut commands: MessageWriter<MatchCommand>,
    keys: Res<ButtonInput<KeyCode>>,
    shelf: Res<Shelf>,
    mut open: MessageWriter<OpenReplay>,
    mut log: ResMut<GameLog>,
    online: Res<Online>,
    options: Option<Res<MatchOptions>>,
    return_to: Option<Res<ReturnTo>>,
) -> Result {
    let again = play_again_label(options.as_deref(), &online);
    let menu = if return_to.is_some() {
        "Back to the editor"
    } else {
        "Menu"
    };
    if keys.just_pressed(KeyCode::Enter) {
        commands.write(MatchCommand::PlayAgain);
    }
    let mut root = space.ui(contexts.ctx_mut()?, "result-root");
    // On a phone the buttons take a row of their own under the result,
    // which they would cover beside it.
    let narrow = super::layout::narrow(root.ctx().viewport_rect().size());
    egui::Panel::top("result")
        .frame(egui::Frame::side_top_panel(&root.ctx().global_style()).inner_margin(12.0))
        .show(&mut root, |ui| {
            let what_happened = |ui: &mut egui::Ui| {
                ui.label(
                    egui::RichText::new(&result.headline)
                        .size(30.0)
                        .strong()
                        .color(theme::ACCENT),
                );
                ui.label(format!(
                    "   {} {} – {} {}",
                    result.names[0], result.outcome.score[0], result.outcome.score[1], result.names[1]
                ));
                // Secret while the game ran: with the moves it replays it.
                ui.label(egui::RichText::new(format!("   game seed {}", result.seed)).weak())
                    .on_hover_text("The seed the computer's choices and the random fills came from.");
            };
            let mut buttons = |ui: &mut egui::Ui| {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button(menu).clicked() {
                        commands.write(MatchCommand::Quit);
                    }
                    if ui.button(egui::RichText::new(again).strong()).clicked() {
                        commands.write(MatchCommand::PlayAgain);
                    }
                    if let Some(name) = &result.replay
                        && (ui.button("Watch the replay (W)").clicked() || keys.just_pressed(KeyCode::KeyW))
                    {
                        super::replays::open_kept(&shelf, name, 0, &mut open, &mut log);
                    }
                });
            };
            if narrow {
                ui.horizontal_wrapped(what_happened);
                ui.horizontal(buttons);
            } else {
                ui.horizontal(|ui| {
                    what_happened(ui);
                    buttons(ui);
                });
            }
            // The game as it went: a click opens the replay at that action.
            if let Some(step) = super::replays::chart(ui, &result.standings, None, &result.names, 44.0)
                && let Some(name) = &result.replay
            {
                super::replays::open_kept(&shelf, name, step, &mut open, &mut log);
            }
        });
    space.keep_rest(&root);
    Ok(())
}
