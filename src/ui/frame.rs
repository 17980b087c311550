//! The frame around a game: the top bar and the log. A table that needs
//! the window's whole height (the wargame's board) asks for `FrameColumns`:
//! in a wide window the title and the bar's buttons then stand at the top
//! of the log's column, or of a slim column of their own while the log is
//! folded, and no bar runs across the table.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::layout::{FreeSpace, UiLayer, narrow};
use super::theme;
use crate::game_log::{GameLog, LineTag};
use crate::menus::{Menu, RulesReturn};
use crate::rules::Seat;
use crate::screens::Screen;
use crate::session::{CoinFlip, MatchOptions, Watching};

/// Present while a table wants the frame in columns beside it rather than
/// in a bar across it (in wide windows; a narrow one keeps the bar).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct FrameColumns;

/// Which lines the log shows where its lines tell each side's acts: all,
/// the reader's own, or the other side's (the table's own lines, such as
/// a round's start, always).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum LogFilter {
    #[default]
    All,
    Mine,
    Theirs,
    /// Attacks, shots, hits, losses and retreats, whoever's.
    Combat,
}

impl LogFilter {
    pub fn keeps(self, tag: LineTag, reader: Option<Seat>) -> bool {
        match (self, tag.side, reader) {
            (LogFilter::Combat, ..) => tag.combat,
            (LogFilter::All, ..) | (_, None, _) | (_, _, None) => true,
            (LogFilter::Mine, Some(side), Some(reader)) => side == reader,
            (LogFilter::Theirs, Some(side), Some(reader)) => side != reader,
        }
    }
}

/// The log line under the pointer, if any: a table may point at what it
/// tells (the wargame rings the hexes it names).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct HoveredLogLine(pub Option<String>);

/// Room kept free at the bottom of the log's column, in egui points, for
/// a window that stands there (the tutorial's step), so that it covers no
/// line of the log. Whoever draws there sets it each frame.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct LogReserve(pub f32);

/// Whether the frame stands in columns in a window of this size.
fn in_columns(columns: Option<Res<FrameColumns>>, window: egui::Vec2) -> bool {
    columns.is_some() && !narrow(window)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LogOpen>()
        .init_resource::<LogReserve>()
        .init_resource::<HoveredLogLine>()
        .init_resource::<LogFilter>()
        .add_systems(
            Update,
            toggle_log_key
                .run_if(in_state(Screen::Playing).or_else(in_state(Screen::Result)))
                .run_if(in_state(Menu::None)),
        )
        .add_systems(
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
    mut log: ResMut<LogOpen>,
    columns: Option<Res<FrameColumns>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let window = ctx.viewport_rect().size();
    let fold = LogFold {
        frame_columns: columns.is_some(),
        window,
    };
    if in_columns(columns, window) {
        return Ok(());
    }
    let mut root = space.ui(ctx, "top-bar");
    egui::Panel::top("game-bar").show(&mut root, |ui| {
        // On a phone the buttons come first, so that a long title wraps
        // under them instead of pushing them off the edge.
        if narrow(window) {
            ui.horizontal_wrapped(|ui| {
                bar_buttons(ui, fold, &mut menu, &mut rules, &mut log);
                ui.label(
                    egui::RichText::new(options.game.title())
                        .family(theme::display_family(ui.ctx()))
                        .size(17.0),
                );
            });
            return;
        }
        ui.horizontal(|ui| {
            ui.label(
                egui::RichText::new(options.game.title())
                    .family(theme::display_family(ui.ctx()))
                    .size(20.0),
            );
            ui.label(subtitle(&options, watching.as_deref()));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                bar_buttons(ui, fold, &mut menu, &mut rules, &mut log);
            });
        });
    });
    space.keep_rest(&root);
    Ok(())
}

/// Who plays, under the title: the opponent, or a replay's players and date.
fn subtitle(options: &MatchOptions, watching: Option<&Watching>) -> String {
    match watching {
        Some(watching) => format!(
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
        ),
        None => format!("against {}", options.opponent.label()),
    }
}

/// The menu, the rules and the log's fold, the same on every table.
fn bar_buttons(
    ui: &mut egui::Ui,
    fold: LogFold,
    menu: &mut NextState<Menu>,
    rules: &mut RulesReturn,
    log: &mut LogOpen,
) {
    if ui.button("Menu (Esc)").clicked() {
        menu.set(Menu::Pause);
    }
    if ui.button("Rules (F1)").clicked() {
        rules.open(Menu::None, menu);
    }
    let label = if fold.is_open(*log) {
        "Hide log (L)"
    } else {
        "Log (L)"
    };
    if ui.button(label).clicked() {
        log.toggle(fold.window, fold.frame_columns);
    }
}

/// Whether the log is open: the player's choice once made (the Log button
/// or L), until then open in a wide window and folded in a narrow one,
/// where the table needs the room and the log sits under it. A card table
/// (one without `FrameColumns`) also starts with it folded in a window
/// narrower than `CARD_TABLE_BESIDE_LOG`, where the log would shrink its
/// pieces under a finger's width.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct LogOpen(pub Option<bool>);

/// The narrowest window, in egui points, where a card table beside the log
/// keeps its smallest touch target (betting's rack tile, 45 units) 44
/// pixels across: the felt's 950 units at 0.98 of a pixel, and the log.
const CARD_TABLE_BESIDE_LOG: f32 = 1240.0;

impl LogOpen {
    pub fn is_open(self, window: egui::Vec2, frame_columns: bool) -> bool {
        self.0
            .unwrap_or(!narrow(window) && (frame_columns || window.x >= CARD_TABLE_BESIDE_LOG))
    }

    fn toggle(&mut self, window: egui::Vec2, frame_columns: bool) {
        self.0 = Some(!self.is_open(window, frame_columns));
    }
}

/// What the log's default fold depends on: the window, and whether the
/// table stands beside the frame's columns.
#[derive(Debug, Clone, Copy)]
struct LogFold {
    window: egui::Vec2,
    frame_columns: bool,
}

impl LogFold {
    fn is_open(self, log: LogOpen) -> bool {
        log.is_open(self.window, self.frame_columns)
    }
}

/// The log's share of a narrow window's height.
const LOG_HEIGHT_SHARE: f32 = 0.28;

fn toggle_log_key(
    keys: Res<ButtonInput<KeyCode>>,
    window: Option<Single<&Window>>,
    mut open: ResMut<LogOpen>,
    columns: Option<Res<FrameColumns>>,
) {
    if keys.just_pressed(KeyCode::KeyL)
        && let Some(window) = window
    {
        open.toggle(egui::vec2(window.width(), window.height()), columns.is_some());
    }
}

/// The log's width beside a table that takes the window's height, in
/// logical pixels: narrower, for the table's width.
const COLUMN_LOG_WIDTH: f32 = 260.0;

/// The width of the slim column that holds the frame's buttons while the
/// log is folded, in logical pixels.
const BUTTON_COLUMN_WIDTH: f32 = 120.0;

pub(super) fn log_panel(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    log: Res<GameLog>,
    mut open: ResMut<LogOpen>,
    columns: Option<Res<FrameColumns>>,
    options: Res<MatchOptions>,
    watching: Option<Res<Watching>>,
    mut menu: ResMut<NextState<Menu>>,
    mut rules: ResMut<RulesReturn>,
    reserve: Res<LogReserve>,
    mut filter: ResMut<LogFilter>,
    mut hovered: ResMut<HoveredLogLine>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let window = ctx.viewport_rect().size();
    let fold = LogFold {
        frame_columns: columns.is_some(),
        window,
    };
    let columns = in_columns(columns, window);
    if !fold.is_open(*open) {
        if columns {
            let mut root = space.ui(ctx, "log-root");
            egui::Panel::right("frame-buttons")
                .exact_size(BUTTON_COLUMN_WIDTH / ctx.zoom_factor())
                .resizable(false)
                .show(&mut root, |ui| {
                    ui.with_layout(egui::Layout::top_down_justified(egui::Align::Min), |ui| {
                        bar_buttons(ui, fold, &mut menu, &mut rules, &mut open);
                    });
                });
            space.keep_rest(&root);
        }
        return Ok(());
    }
    let mut root = space.ui(ctx, "log-root");
    let panel = if narrow(window) {
        egui::Panel::bottom("log").exact_size(window.y * LOG_HEIGHT_SHARE)
    } else {
        // As wide in the window at any text size: the tables keep clear of it.
        let width = if columns { COLUMN_LOG_WIDTH } else { LOG_WIDTH };
        egui::Panel::right("log").exact_size(width / ctx.zoom_factor())
    };
    panel.resizable(false).show(&mut root, |ui| {
        if columns {
            ui.add_space(4.0);
            ui.horizontal_wrapped(|ui| {
                bar_buttons(ui, fold, &mut menu, &mut rules, &mut open);
            });
            ui.label(
                egui::RichText::new(options.game.title())
                    .family(theme::display_family(ui.ctx()))
                    .size(18.0),
            );
            ui.label(subtitle(&options, watching.as_deref()));
            ui.separator();
        }
        ui.heading("Log");
        if log.has_sides() && log.reader().is_some() {
            // Wrapped: four choices are wider than the column at a larger
            // text size, and a row that does not wrap widens the panel.
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 4.0;
                ui.spacing_mut().button_padding.x = 6.0;
                for (choice, label) in [
                    (LogFilter::All, "All"),
                    (LogFilter::Mine, "Mine"),
                    (LogFilter::Theirs, "Theirs"),
                    (LogFilter::Combat, "Combat"),
                ] {
                    if ui.selectable_label(*filter == choice, label).clicked() {
                        *filter = choice;
                    }
                }
            });
        }
        ui.separator();
        egui::ScrollArea::vertical()
            .max_height((ui.available_height() - reserve.0).max(60.0))
            .stick_to_bottom(true)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for notice in &log.notices {
                    ui.colored_label(egui::Color32::from_rgb(240, 180, 90), notice);
                }
                let reader = log.reader();
                let mut under_pointer = None;
                for (line, tag) in log.shown_tagged().filter(|(_, tag)| filter.keeps(*tag, reader)) {
                    let response = match tag.side {
                        Some(side) => {
                            ui.horizontal_top(|ui| {
                                side_mark(ui, side);
                                ui.add(egui::Label::new(line).wrap());
                            })
                            .response
                        }
                        None => ui.label(line),
                    };
                    if response.hovered() {
                        under_pointer = Some(line.to_string());
                    }
                }
                hovered.set_if_neq(HoveredLogLine(under_pointer));
            });
    });
    space.keep_rest(&root);
    Ok(())
}

/// A side's mark before its lines in the log: a small square of its
/// colour (ebony for the first seat, maple for the second), framed so that
/// the dark one shows on the dark page.
fn side_mark(ui: &mut egui::Ui, side: Seat) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(10.0, 18.0), egui::Sense::hover());
    let square = egui::Rect::from_center_size(rect.center() + egui::vec2(0.0, 1.0), egui::vec2(10.0, 10.0));
    let (fill, frame) = if side == 0 {
        (
            egui::Color32::from_rgb(31, 20, 13),
            egui::Color32::from_rgb(150, 130, 110),
        )
    } else {
        (
            egui::Color32::from_rgb(242, 237, 219),
            egui::Color32::from_rgb(184, 163, 128),
        )
    };
    ui.painter().rect_filled(square, 2.0, fill);
    ui.painter().rect_stroke(
        square,
        2.0,
        egui::Stroke::new(1.0, frame),
        egui::StrokeKind::Inside,
    );
}

/// Where a game's table is centred: left of the log panel.
pub const TABLE_CENTER_X: f32 = -LOG_WIDTH / 2.0;
