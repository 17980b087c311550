//! The frame around a game: the top bar and the log.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{FreeSpace, UiLayer};
use crate::menus::{Menu, RulesReturn};
use crate::screens::Screen;
use crate::session::{CoinFlip, GameLog, MatchOptions, Watching};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            top_bar.run_if(in_state(Screen::Playing)),
            log_panel.run_if(in_state(Screen::Playing).or_else(in_state(Screen::Result))),
        )
            .chain()
            .run_if(resource_exists::<MatchOptions>)
            .in_set(UiLayer::Frame),
    )
    .add_systems(
        EguiPrimaryContextPass,
        coin_flip_banner
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<CoinFlip>))
            .in_set(UiLayer::Overlay),
    );
}

/// The coin flip, large over the table (and over the curtain) for a moment.
fn coin_flip_banner(mut contexts: EguiContexts, flip: Res<CoinFlip>, time: Res<Time>) -> Result {
    if time.elapsed_secs() > flip.until {
        return Ok(());
    }
    egui::Area::new(egui::Id::new("coin-flip"))
        .order(egui::Order::Tooltip)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 90.0])
        .interactable(false)
        .show(contexts.ctx_mut()?, |ui| {
            egui::Frame::popup(ui.style()).inner_margin(18.0).show(ui, |ui| {
                ui.label(
                    egui::RichText::new(&flip.text)
                        .size(30.0)
                        .strong()
                        .color(super::theme::ACCENT),
                );
            });
        });
    Ok(())
}

/// The width of the log panel in logical pixels; the tables keep clear of it.
pub const LOG_WIDTH: f32 = 290.0;

pub(super) fn top_bar(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    options: Res<MatchOptions>,
    mut menu: ResMut<NextState<Menu>>,
    mut rules: ResMut<RulesReturn>,
    watching: Option<Res<Watching>>,
) -> Result {
    let mut root = space.ui(contexts.ctx_mut()?, "top-bar");
    egui::Panel::top("game-bar").show(&mut root, |ui| {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(options.game.title()).strong().size(20.0));
            match &watching {
                Some(watching) => ui.label(format!(
                    "replay: {}, {}",
                    watching
                        .about
                        .players
                        .iter()
                        .map(|p| match p.computer {
                            Some(level) => format!("{} ({})", p.name, level.label()),
                            None => p.name.clone(),
                        })
                        .collect::<Vec<_>>()
                        .join(" against "),
                    watching.about.date.replace('T', " ").trim_end_matches('Z')
                )),
                None => ui.label(format!("against {}", options.opponent.label())),
            };
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.button("Menu (Esc)").clicked() {
                    menu.set(Menu::Pause);
                }
                if ui.button("Rules (F1)").clicked() {
                    rules.open(Menu::None, &mut menu);
                }
            });
        });
    });
    space.keep_rest(&root);
    Ok(())
}

pub(super) fn log_panel(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    log: Res<GameLog>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // As wide in the window at any text size: the tables keep clear of it.
    let width = LOG_WIDTH / ctx.zoom_factor();
    let mut root = space.ui(ctx, "log-root");
    egui::Panel::right("log")
        .exact_size(width)
        .resizable(false)
        .show(&mut root, |ui| {
            ui.heading("Log");
            ui.separator();
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for notice in &log.notices {
                        ui.colored_label(egui::Color32::from_rgb(240, 180, 90), notice);
                    }
                    for line in log.shown() {
                        ui.label(line);
                    }
                });
        });
    space.keep_rest(&root);
    Ok(())
}
