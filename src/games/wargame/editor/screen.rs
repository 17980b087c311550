//! The editor's screen: the commands along the top, the tools and terrain
//! on the left, the board in the middle, the scenario's fields, its
//! problems, the picker's preview and the balance check on the right (on a
//! phone upright: the board above, the rest below it). Every tool and
//! command has a key (`keys`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::canvas;
use super::commands::{EditorCommand, TRIAL_GAMES};
use super::editing::{Editing, Tool};
use super::keys::KEYS;
use crate::games::wargame::engine::data::Terrain;
use crate::games::wargame::engine::rulebooks::{self, plain_id};
use crate::games::wargame::engine::scenario::{Goal, ScenarioKind};
use crate::games::wargame::engine::scenario_edits::Edit;
use crate::games::wargame::table::setup::preview::map_preview;
use crate::screens::Screen;
use crate::ui::{FreeSpace, UiLayer, theme};

const PROBLEM: egui::Color32 = egui::Color32::from_rgb(240, 140, 110);
const GOOD: egui::Color32 = egui::Color32::from_rgb(150, 210, 140);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        editor_screen
            .run_if(in_state(Screen::Editor))
            .run_if(resource_exists::<Editing>)
            .in_set(UiLayer::Frame),
    );
}

fn editor_screen(
    mut contexts: EguiContexts,
    space: Res<FreeSpace>,
    mut editing: ResMut<Editing>,
    mut commands: MessageWriter<EditorCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut out = Vec::new();
    let narrow = crate::ui::narrow(ctx.viewport_rect().size());
    let mut root = space.ui(ctx, "scenario-editor");
    egui::Panel::top("editor-commands")
        .frame(egui::Frame::side_top_panel(&root.ctx().global_style()).inner_margin(8.0))
        .show(&mut root, |ui| top_bar(ui, &editing, &mut out));
    if narrow {
        egui::CentralPanel::default().show(&mut root, |ui| {
            let board = egui::vec2(ui.available_width(), ui.available_height() * 0.45);
            ui.allocate_ui(board, |ui| canvas::board(ui, &editing, &mut out));
            ui.separator();
            egui::ScrollArea::vertical()
                .id_salt("editor-narrow")
                .show(ui, |ui| {
                    tools(ui, &mut editing, &mut out, true);
                    ui.separator();
                    fields(ui, &mut editing, &mut out);
                });
        });
    } else {
        egui::Panel::left("editor-tools")
            .exact_size(190.0)
            .show(&mut root, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("editor-tools")
                    .show(ui, |ui| tools(ui, &mut editing, &mut out, false));
            });
        egui::Panel::right("editor-fields")
            .exact_size(340.0)
            .show(&mut root, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("editor-fields")
                    .show(ui, |ui| fields(ui, &mut editing, &mut out));
            });
        egui::CentralPanel::default().show(&mut root, |ui| canvas::board(ui, &editing, &mut out));
    }
    commands.write_batch(out);
    Ok(())
}

fn top_bar(ui: &mut egui::Ui, editing: &Editing, out: &mut Vec<EditorCommand>) {
    let editor = &editing.editor;
    ui.horizontal_wrapped(|ui| {
        let star = if editor.unsaved { " *" } else { "" };
        ui.heading(
            egui::RichText::new(format!("Editor: {}{star}", editor.scenario().label()))
                .size(22.0)
                .color(theme::ACCENT),
        );
        ui.add_space(12.0);
        if ui.button("Back (Esc)").clicked() {
            out.push(EditorCommand::Back);
        }
        if ui
            .add_enabled(editor.can_undo(), egui::Button::new("Undo"))
            .clicked()
        {
            out.push(EditorCommand::Undo);
        }
        if ui
            .add_enabled(editor.can_redo(), egui::Button::new("Redo"))
            .clicked()
        {
            out.push(EditorCommand::Redo);
        }
        if ui.button(egui::RichText::new("Save (Ctrl+S)").strong()).clicked() {
            out.push(EditorCommand::Save);
        }
        #[cfg(target_arch = "wasm32")]
        {
            if ui.button("Download").clicked()
                && let Err(e) = crate::web_files::download(&editor.file_name(), &editor.file_text())
            {
                warn!("download: {e}");
            }
            if ui.button("Open file…").clicked() {
                crate::web_files::open_scenario_file();
            }
        }
        let playable = editor.playable();
        let why = "Fix the problems listed first";
        ui.add_enabled_ui(playable, |ui| {
            if ui.button("Play it (T)").on_disabled_hover_text(why).clicked() {
                out.push(EditorCommand::TestPlay(Some(0)));
            }
            if ui
                .button("Watch the computer (P)")
                .on_disabled_hover_text(why)
                .clicked()
            {
                out.push(EditorCommand::TestPlay(None));
            }
            let running = editing.trial.as_ref().is_some_and(|t| !t.done());
            if ui
                .add_enabled(!running, egui::Button::new(format!("Try {TRIAL_GAMES} games")))
                .on_disabled_hover_text(why)
                .clicked()
            {
                out.push(EditorCommand::Try);
            }
        });
    });
    match &editing.message {
        Some((text, true)) => {
            ui.colored_label(PROBLEM, text);
        }
        Some((text, false)) => {
            ui.colored_label(GOOD, text);
        }
        None => {
            ui.label(egui::RichText::new(KEYS).small().weak());
        }
    }
}

fn tools(ui: &mut egui::Ui, editing: &mut Editing, out: &mut Vec<EditorCommand>, narrow: bool) {
    ui.strong("Tool");
    ui.horizontal_wrapped(|ui| {
        for (tool, label) in [
            (Tool::Brush, "Brush (B)"),
            (Tool::Fill, "Fill (F)"),
            (Tool::Arrows, "Arrows (A)"),
            (Tool::FirstRow(0), "Black's first row (R)"),
            (Tool::FirstRow(1), "White's first row (R)"),
        ] {
            if ui.selectable_label(editing.tool == tool, label).clicked() {
                editing.tool = tool;
            }
        }
    });
    ui.add_space(6.0);
    ui.strong("Terrain");
    // Each swatch stays beside its name: one per row in the side panel,
    // three to a row under the board on a narrow screen.
    let per_row = if narrow { 3 } else { 1 };
    egui::Grid::new("editor-terrain").show(ui, |ui| {
        for (n, terrain) in Terrain::ALL.into_iter().enumerate() {
            ui.horizontal(|ui| {
                let (swatch, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
                ui.painter().rect_filled(
                    swatch,
                    3.0,
                    crate::games::wargame::table::board::look::terrain_egui(terrain),
                );
                let label = format!("{} {terrain:?}", (n + 1) % 10);
                if ui.selectable_label(editing.terrain == terrain, label).clicked() {
                    editing.terrain = terrain;
                    if !matches!(editing.tool, Tool::Brush | Tool::Fill) {
                        editing.tool = Tool::Brush;
                    }
                }
            });
            if (n + 1) % per_row == 0 {
                ui.end_row();
            }
        }
    });
    ui.label(
        egui::RichText::new("Trenches and abatis are dug during a battle (the building phase), not painted.")
            .small()
            .weak(),
    );
    ui.add_space(6.0);
    ui.strong("Board");
    let (mut columns, mut rows) = editing.editor.size();
    let (was_columns, was_rows) = (columns, rows);
    ui.horizontal(|ui| {
        ui.label("Columns");
        ui.add(egui::DragValue::new(&mut columns).range(1..=16));
    });
    ui.horizontal(|ui| {
        ui.label("Rows");
        ui.add(egui::DragValue::new(&mut rows).range(1..=16));
    });
    if (columns, rows) != (was_columns, was_rows) {
        out.push(EditorCommand::Edit(Edit::Resize { columns, rows }));
    }
}

fn fields(ui: &mut egui::Ui, editing: &mut Editing, out: &mut Vec<EditorCommand>) {
    let s = editing.editor.scenario().clone();
    let mut edit = |e: Edit| out.push(EditorCommand::Edit(e));
    ui.strong("Scenario");
    let mut name = s.name.clone();
    ui.horizontal(|ui| {
        ui.label("Title");
        if ui.text_edit_singleline(&mut name).changed() {
            edit(Edit::Name(name.clone()));
        }
    });
    ui.horizontal(|ui| {
        ui.label("Number");
        let mut number = s.number;
        if ui.add(egui::DragValue::new(&mut number).range(1..=99)).changed() {
            edit(Edit::Number(number));
        }
        ui.label("Type");
        egui::ComboBox::from_id_salt("kind")
            .selected_text(s.kind.label())
            .show_ui(ui, |ui| {
                for kind in [
                    ScenarioKind::Skirmish,
                    ScenarioKind::Defense,
                    ScenarioKind::Domination,
                    ScenarioKind::BehindEnemyLines,
                    ScenarioKind::Tutorial,
                ] {
                    if ui.selectable_label(s.kind == kind, kind.label()).clicked() {
                        edit(Edit::Kind(kind));
                    }
                }
            });
    });
    let mut about = s.about.clone();
    ui.label("Description");
    if ui
        .add(
            egui::TextEdit::multiline(&mut about)
                .desired_rows(2)
                .desired_width(f32::INFINITY),
        )
        .changed()
    {
        edit(Edit::About(about));
    }
    ui.add_space(6.0);
    for seat in [0, 1] {
        let side = *s.side(seat);
        ui.strong(if seat == 0 {
            "Black Thargaton"
        } else {
            "White Vesania"
        });
        ui.horizontal(|ui| {
            ui.label("Goal");
            let (mut kind, mut amount) = match side.goal {
                Goal::Points(n) => (0, n),
                Goal::Forts(n) => (1, n),
                Goal::Lead(n) => (2, n),
            };
            let names = ["points", "forts held", "units on arrows"];
            let was = (kind, amount);
            ui.add(egui::DragValue::new(&mut amount).range(1..=200));
            egui::ComboBox::from_id_salt(("goal", seat))
                .selected_text(names[kind])
                .show_ui(ui, |ui| {
                    for (n, name) in names.iter().enumerate() {
                        ui.selectable_value(&mut kind, n, *name);
                    }
                });
            if (kind, amount) != was {
                if kind != was.0 {
                    // Each goal's usual amount, as the rulebook's types have it.
                    amount = [15, 1, 3][kind];
                }
                let goal = [Goal::Points(amount), Goal::Forts(amount), Goal::Lead(amount)][kind];
                edit(Edit::Goal { seat, goal });
            }
        });
        ui.horizontal(|ui| {
            ui.label("Tokens a turn");
            let mut tokens = side.tokens;
            if ui.add(egui::DragValue::new(&mut tokens).range(1..=6)).changed() {
                edit(Edit::Tokens { seat, tokens });
            }
            ui.label("First row");
            let mut row = side.first_row;
            let last = s.map.len().saturating_sub(1) as i32;
            if ui.add(egui::DragValue::new(&mut row).range(0..=last)).changed() {
                edit(Edit::FirstRow { seat, row });
            }
        });
    }
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        ui.label("Rounds");
        let mut turns = s.turn_limit;
        if ui.add(egui::DragValue::new(&mut turns).range(1..=50)).changed() {
            edit(Edit::TurnLimit(turns));
        }
        ui.label("Army points");
        let mut budget = s.budget;
        if ui.add(egui::DragValue::new(&mut budget).range(1..=60)).changed() {
            edit(Edit::Budget(budget));
        }
    });
    let books = rulebooks::names();
    if s.rulebook.is_some() || !books.is_empty() {
        ui.horizontal(|ui| {
            ui.label("Rulebook");
            let shown = s.rulebook.clone().unwrap_or_else(|| "the shipped cards".into());
            egui::ComboBox::from_id_salt("rulebook")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    if ui
                        .selectable_label(s.rulebook.is_none(), "the shipped cards")
                        .clicked()
                    {
                        edit(Edit::Rulebook(None));
                    }
                    for name in &books {
                        if ui
                            .selectable_label(s.rulebook.as_ref() == Some(name), name)
                            .clicked()
                        {
                            edit(Edit::Rulebook(Some(name.clone())));
                        }
                    }
                });
        });
    }
    // The lists name a book's cards by their ids in the book.
    let book = s.book();
    let units: Vec<(String, String)> = book
        .units
        .iter()
        .map(|u| {
            (
                plain_id(&u.id).to_string(),
                format!("{:?}: {} ({})", u.faction, u.name, u.cost),
            )
        })
        .collect();
    let commanders: Vec<(String, String)> = book
        .commanders
        .iter()
        .map(|c| {
            (
                plain_id(&c.id).to_string(),
                format!("{:?}: {}", c.faction, c.name),
            )
        })
        .collect();
    ui.collapsing("Units armies may buy", |ui| {
        let mut every = s.units.is_none();
        if ui.checkbox(&mut every, "Every unit").changed() {
            edit(Edit::Units(
                (!every).then(|| units.iter().map(|(id, _)| id.clone()).collect()),
            ));
        }
        if let Some(list) = chosen(ui, s.units.as_deref(), &units) {
            edit(Edit::Units(Some(list)));
        }
    });
    ui.collapsing("Commanders", |ui| {
        let mode = match &s.commanders {
            None => 0,
            Some(c) if c.is_empty() => 1,
            Some(_) => 2,
        };
        let mut picked = mode;
        ui.horizontal(|ui| {
            ui.radio_value(&mut picked, 0, "Every one");
            ui.radio_value(&mut picked, 1, "None");
            ui.radio_value(&mut picked, 2, "Chosen");
        });
        if picked != mode {
            edit(Edit::Commanders(match picked {
                0 => None,
                1 => Some(Vec::new()),
                _ => Some(commanders.iter().map(|(id, _)| id.clone()).collect()),
            }));
        }
        let list = s.commanders.as_deref().filter(|c| !c.is_empty());
        if let Some(list) = chosen(ui, list, &commanders) {
            edit(Edit::Commanders(Some(list)));
        }
    });
    ui.separator();
    problems(ui, editing);
    balance(ui, editing);
    if let Ok(map) = s.validate() {
        ui.separator();
        ui.strong("In the picker");
        ui.label(egui::RichText::new(s.label()).size(18.0));
        ui.label(egui::RichText::new(s.kind.label()).italics());
        ui.label(&s.about);
        map_preview(ui, &s, &map, ui.available_width().min(220.0));
    }
}

/// A checkbox for each of `all` (id, label) when a list is chosen: the new
/// list when one is ticked or unticked.
fn chosen(ui: &mut egui::Ui, list: Option<&[String]>, all: &[(String, String)]) -> Option<Vec<String>> {
    let list = list?;
    let mut changed = None;
    for (id, label) in all {
        let mut on = list.contains(id);
        if ui.checkbox(&mut on, label).changed() {
            changed = Some(
                all.iter()
                    .map(|(other, _)| other.clone())
                    .filter(|other| if other == id { on } else { list.contains(other) })
                    .collect(),
            );
        }
    }
    changed
}

/// The live check: every problem, a click rings its hex.
fn problems(ui: &mut egui::Ui, editing: &mut Editing) {
    let flaws = editing.editor.flaws();
    if flaws.is_empty() {
        ui.colored_label(GOOD, "Ready to play: no problems.");
        return;
    }
    ui.colored_label(
        PROBLEM,
        format!("{} problem(s): save as a draft, fix before playing", flaws.len()),
    );
    for flaw in &flaws {
        let at = editing.editor.hex_of(flaw);
        let text = match at {
            Some(at) => format!("⚠ {} — {}", at.pair(), flaw.message),
            None => format!("⚠ {}", flaw.message),
        };
        if ui
            .selectable_label(
                at.is_some() && editing.ring == at,
                egui::RichText::new(text).color(PROBLEM),
            )
            .clicked()
        {
            editing.ring = at;
        }
    }
}

/// "Try 100 games": its progress, then white's score.
fn balance(ui: &mut egui::Ui, editing: &Editing) {
    let Some(trial) = &editing.trial else { return };
    ui.separator();
    ui.strong(format!("Balance: Normal against Normal, {} games", trial.games));
    ui.add(
        egui::ProgressBar::new(trial.played as f32 / trial.games as f32)
            .text(format!("{} of {}", trial.played, trial.games)),
    );
    if let Some((rate, margin)) = trial.white_score() {
        let verdict = if rate - margin > 0.5 {
            "white is favoured"
        } else if rate + margin < 0.5 {
            "black is favoured"
        } else {
            "no side is clearly favoured"
        };
        ui.label(format!(
            "White scores {rate:.2} ± {margin:.2} (a win 1, a draw ½){}",
            if trial.done() {
                format!(": {verdict}.")
            } else {
                " so far.".into()
            }
        ));
    }
}
