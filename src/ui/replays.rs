//! The replays: the list of kept games (newest first: open, delete), the
//! bar over a replay being watched (steps, rounds, play and speed, whose
//! eyes, the game's chart as a scrubber), and the chart itself, which the
//! result screen shows too.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::layout::{FreeSpace, UiLayer};
use super::theme;
use crate::game_log::GameLog;
use crate::menus::Menu;
use crate::replay::Shelf;
use crate::replay::shelf::Listing;
use crate::rules::Seat;
use crate::screens::Screen;
use crate::session::{Eyes, OpenReplay, WatchCommand, Watching};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ListState>()
        .add_systems(OnEnter(Screen::Replays), refresh)
        .add_systems(
            EguiPrimaryContextPass,
            (
                list.run_if(in_state(Screen::Replays)),
                watch_bar
                    .run_if(in_state(Screen::Playing).and_then(resource_exists::<Watching>))
                    .after(super::frame::log_panel),
            )
                .in_set(UiLayer::Frame)
                .run_if(in_state(Menu::None).or_else(in_state(Menu::Rules))),
        );
}

/// The list as read when the screen opened, and a delete waiting for its
/// confirmation.
#[derive(Resource, Debug, Default)]
struct ListState {
    listing: Listing,
    confirm: Option<String>,
    error: Option<String>,
}

fn refresh(shelf: Res<Shelf>, mut state: ResMut<ListState>) {
    state.listing = shelf.list();
    state.confirm = None;
    state.error = None;
}

/// Opens a kept replay at a step, or says why it cannot be read.
pub fn open_kept(
    shelf: &Shelf,
    name: &str,
    at: usize,
    open: &mut MessageWriter<OpenReplay>,
    log: &mut GameLog,
) {
    match shelf
        .read(name)
        .and_then(|text| Ok((crate::replay::file::game_of(&text)?, text)))
    {
        Ok((game, text)) => {
            open.write(OpenReplay {
                game,
                text,
                at,
                eyes: None,
            });
        }
        Err(e) => log.notice(format!("{name} cannot be opened: {e}")),
    }
}

fn list(
    mut contexts: EguiContexts,
    space: Res<FreeSpace>,
    shelf: Res<Shelf>,
    mut state: ResMut<ListState>,
    mut next: ResMut<NextState<Screen>>,
    mut open: MessageWriter<OpenReplay>,
    mut log: ResMut<GameLog>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Title);
    }
    // Enter watches the newest; in the browser O opens a file.
    if keys.just_pressed(KeyCode::Enter)
        && let Some(newest) = state.listing.entries.first()
    {
        log.notices.clear();
        open_kept(&shelf, &newest.name, 0, &mut open, &mut log);
    }
    #[cfg(target_arch = "wasm32")]
    if keys.just_pressed(KeyCode::KeyO) {
        crate::web_files::open_replay_file();
    }
    let mut root = space.ui(contexts.ctx_mut()?, "replays");
    let state = &mut *state;
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.inner_margin(40.0))
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                ui.heading(egui::RichText::new("Replays").size(40.0));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("Back (Esc)").clicked() {
                        next.set(Screen::Title);
                    }
                });
            });
            ui.label(format!(
                "Every finished game is kept, newest first, in {}.",
                shelf.place()
            ));
            #[cfg(target_arch = "wasm32")]
            if ui.button("Open replay file… (O)").clicked() {
                crate::web_files::open_replay_file();
            }
            #[cfg(not(target_arch = "wasm32"))]
            ui.label(
                egui::RichText::new("A replay file from elsewhere: black-and-white --replay FILE").weak(),
            );
            for notice in log.notices.iter().chain(&state.error) {
                ui.colored_label(theme::WARNING, notice);
            }
            ui.add_space(12.0);
            if state.listing.entries.is_empty() {
                ui.label(egui::RichText::new("No replays yet: finish a game and it appears here.").italics());
            }
            let mut deleted = None;
            egui::ScrollArea::vertical()
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    egui::Grid::new("replay-list")
                        .striped(true)
                        .spacing([18.0, 8.0])
                        .show(ui, |ui| {
                            for heading in ["Game", "Date", "Opponent", "Result", "Length", ""] {
                                ui.strong(heading);
                            }
                            ui.end_row();
                            for entry in &state.listing.entries {
                                ui.label(entry.game.title());
                                ui.label(entry.date.replace('T', " ").trim_end_matches('Z'));
                                ui.label(entry.opponent());
                                ui.label(entry.result());
                                ui.label(format!("{} actions", entry.steps));
                                ui.horizontal(|ui| {
                                    let watch = if entry == &state.listing.entries[0] {
                                        "Watch (Enter)"
                                    } else {
                                        "Watch"
                                    };
                                    if ui.button(egui::RichText::new(watch).strong()).clicked() {
                                        log.notices.clear();
                                        open_kept(&shelf, &entry.name, 0, &mut open, &mut log);
                                    }
                                    #[cfg(target_arch = "wasm32")]
                                    if ui.button("Download").clicked() {
                                        let saved = shelf
                                            .read(&entry.name)
                                            .and_then(|text| crate::web_files::download(&entry.name, &text));
                                        if let Err(e) = saved {
                                            state.error =
                                                Some(format!("{} was not downloaded: {e}", entry.name));
                                        }
                                    }
                                    if state.confirm.as_ref() == Some(&entry.name) {
                                        if ui.button("Really delete").clicked() {
                                            deleted = Some(entry.name.clone());
                                        }
                                        if ui.button("Keep").clicked() {
                                            state.confirm = None;
                                        }
                                    } else if ui.button("Delete").clicked() {
                                        state.confirm = Some(entry.name.clone());
                                    }
                                });
                                ui.end_row();
                            }
                        });
                    for unreadable in &state.listing.unreadable {
                        ui.colored_label(theme::WARNING, format!("Cannot be read: {unreadable}"));
                    }
                });
            if let Some(name) = deleted {
                match shelf.delete(&name) {
                    Ok(()) => {
                        state.listing = shelf.list();
                        state.error = None;
                    }
                    Err(e) => state.error = Some(format!("{name} was not deleted: {e}")),
                }
                state.confirm = None;
            }
        });
    Ok(())
}

fn eyes_label(eyes: Eyes, names: &[String; 2]) -> String {
    match eyes {
        Eyes::Seat(seat) => format!("{}'s view", names[seat]),
        Eyes::Everything => "Everything".into(),
    }
}

/// The bar over a replay: where it is, the buttons and keys to move, whose
/// eyes, and the chart to click a step on.
pub(super) fn watch_bar(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    watching: Res<Watching>,
    mut commands: MessageWriter<WatchCommand>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let mut root = space.ui(contexts.ctx_mut()?, "watch-root");
    let names = watching.about.players.clone().map(|p| p.name);
    egui::Panel::top("watch-bar").show(&mut root, |ui| {
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            let mut button = |ui: &mut egui::Ui, text: &str, hint: &str, command: WatchCommand| {
                if ui
                    .button(egui::RichText::new(text).size(18.0))
                    .on_hover_text(hint)
                    .clicked()
                {
                    commands.write(command);
                }
            };
            button(ui, "⏮", "To the start (Home)", WatchCommand::To(0));
            button(ui, "⏪", "The round before (Page Up)", WatchCommand::Round(-1));
            button(ui, "◀", "One action back (Left)", WatchCommand::Step(-1));
            let play = if watching.playing { "⏸" } else { "▶" };
            button(ui, play, "Play or pause (Space)", WatchCommand::PlayPause);
            button(ui, "▶|", "One action forward (Right)", WatchCommand::Step(1));
            button(ui, "⏩", "The next round (Page Down)", WatchCommand::Round(1));
            button(ui, "⏭", "To the end (End)", WatchCommand::To(usize::MAX));
            let round = watching.rounds[watching.step];
            ui.label(
                egui::RichText::new(format!(
                    "Action {} of {} · {} {round}",
                    watching.step,
                    watching.steps,
                    round_word(watching.game)
                ))
                .strong(),
            );
            let mut speed = watching.speed;
            if ui
                .add(
                    egui::Slider::new(&mut speed, 0.5..=10.0)
                        .logarithmic(true)
                        .suffix(" a second"),
                )
                .on_hover_text("How fast Play moves on")
                .changed()
            {
                commands.write(WatchCommand::Speed(speed));
            }
            ui.separator();
            let mut eyes = watching.eyes;
            for choice in [Eyes::Seat(0), Eyes::Seat(1), Eyes::Everything] {
                ui.radio_value(&mut eyes, choice, eyes_label(choice, &names));
            }
            if eyes != watching.eyes {
                commands.write(WatchCommand::Eyes(eyes));
            }
            ui.separator();
            if ui.button("Back to replays").clicked() {
                next.set(Screen::Replays);
            }
        });
        if let Some(step) = chart(ui, &watching.standings, Some(watching.step), &names, 56.0) {
            commands.write(WatchCommand::To(step));
        }
        ui.add_space(4.0);
    });
    space.keep_rest(&root);
    Ok(())
}

/// What a round is called in a game, for the bar.
fn round_word(game: crate::ids::GameId) -> &'static str {
    match game {
        crate::ids::GameId::Betting => "slot",
        crate::ids::GameId::Wargame => "turn",
        _ => "round",
    }
}

/// The two sides' scores step by step as two lines, with the step shown
/// marked; a click or drag on it gives the step under the pointer.
pub fn chart(
    ui: &mut egui::Ui,
    standings: &[[i64; 2]],
    marked: Option<usize>,
    names: &[String; 2],
    height: f32,
) -> Option<usize> {
    let width = ui.available_width().min(900.0);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, egui::Color32::from_rgba_unmultiplied(0, 0, 0, 120));
    let steps = standings.len().saturating_sub(1).max(1);
    let top = standings.iter().flatten().copied().max().unwrap_or(0).max(1);
    let inner = rect.shrink(6.0);
    let at = |step: usize, value: i64| {
        egui::pos2(
            inner.left() + inner.width() * step as f32 / steps as f32,
            inner.bottom() - inner.height() * value as f32 / top as f32,
        )
    };
    for (seat, colour) in [(0 as Seat, theme::SEAT_COLOURS[0]), (1, theme::SEAT_COLOURS[1])] {
        let points: Vec<egui::Pos2> = standings
            .iter()
            .enumerate()
            .map(|(i, s)| at(i, s[seat]))
            .collect();
        painter.add(egui::Shape::line(points, egui::Stroke::new(2.0, colour)));
        let last = standings.last().map_or(0, |s| s[seat]);
        painter.text(
            egui::pos2(inner.left() + 4.0, inner.top() + 12.0 * seat as f32),
            egui::Align2::LEFT_TOP,
            format!("{} {last}", names[seat]),
            egui::FontId::proportional(11.0),
            colour,
        );
    }
    if let Some(step) = marked {
        let x = at(step, 0).x;
        painter.line_segment(
            [egui::pos2(x, rect.top()), egui::pos2(x, rect.bottom())],
            egui::Stroke::new(1.5, theme::ACCENT),
        );
    }
    let response = response.on_hover_text("The score as the game went: click to watch from that action");
    let pointer = response
        .interact_pointer_pos()
        .filter(|_| response.clicked() || response.dragged())?;
    let fraction = ((pointer.x - inner.left()) / inner.width()).clamp(0.0, 1.0);
    Some((fraction * steps as f32).round() as usize)
}
