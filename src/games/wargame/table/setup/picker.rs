//! The wargame's new-game dialog: the scenarios by type with a preview of
//! the map, the victory conditions and the special tokens; the side, the
//! commanders and the opponent; the saved battle to resume; and the way
//! into the scenario editor (a new scenario, a copy, the player's own).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::games::wargame::battle::catalogue::{Catalogue, Entry, Origin, SECTIONS};
use crate::games::wargame::battle::mods::ModsFolder;
use crate::games::wargame::battle::save::{ResumeBattle, SaveFile, SavedBattle};
use crate::games::wargame::engine::scenario::Scenario;
use crate::games::wargame::engine::scenario_edits::ScenarioEditor;
use crate::games::wargame::engine::scenario_text::ScenarioText;
use crate::games::wargame::engine::state::{Setup, Wargame};
use crate::games::wargame::table::setup::preview::map_preview;
use crate::ids::GameId;
use crate::rules::{Level, Seat};
use crate::screens::Screen;
use crate::session::{Opponent, Prepared, StartMatch};
use crate::ui::{Chosen, FreeSpace, UiLayer, theme};

/// "New scenario", "Edit a copy" or "Edit": the scenario editor opens on
/// it, and saves over `file` (the player's own file it came from). The
/// editor, which reads it, registers it.
#[derive(Message, Debug, Clone)]
pub struct EditScenario {
    pub editor: ScenarioEditor,
    pub file: Option<String>,
}

/// What the dialog has chosen so far.
#[derive(Resource, Debug, Clone)]
pub struct Picked {
    /// Index into the catalogue.
    pub entry: usize,
    pub side: Seat,
    pub commanders: bool,
    /// The entry the opponent and commanders were last defaulted for: a
    /// tutorial starts against the Easy computer and without commanders
    /// (as the rulebook suggests for first games), so that a newcomer's
    /// first battle can be won; the player may still choose otherwise.
    pub opponent_for: Option<usize>,
}

impl Default for Picked {
    fn default() -> Self {
        Picked {
            entry: 0,
            side: 0,
            commanders: true,
            opponent_for: None,
        }
    }
}

/// The saved battle as the dialog found it on opening.
#[derive(Resource, Debug)]
struct SavedOnOpening(Result<Option<SavedBattle>, String>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Picked>()
        .add_systems(OnEnter(Screen::NewGame), look_for_save)
        .add_systems(
            EguiPrimaryContextPass,
            picker
                .run_if(in_state(Screen::NewGame))
                .run_if(|chosen: Option<Res<Chosen>>| chosen.is_some_and(|c| c.game == GameId::Wargame))
                .run_if(resource_exists::<SavedOnOpening>)
                .in_set(UiLayer::Frame),
        );
}

fn look_for_save(mut commands: Commands, file: Res<SaveFile>) {
    commands.insert_resource(SavedOnOpening(file.load()));
}

fn picker(
    mut contexts: EguiContexts,
    space: Res<FreeSpace>,
    catalogue: Res<Catalogue>,
    folder: Res<ModsFolder>,
    mut picked: ResMut<Picked>,
    mut chosen: ResMut<Chosen>,
    saved: Res<SavedOnOpening>,
    mut commands: Commands,
    mut start: MessageWriter<StartMatch>,
    mut resume: MessageWriter<ResumeBattle>,
    mut edit: MessageWriter<EditScenario>,
    mut next: ResMut<NextState<Screen>>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::GameList);
    }
    if keys.just_pressed(KeyCode::ArrowDown) {
        picked.entry = (picked.entry + 1).min(catalogue.entries.len().saturating_sub(1));
    }
    if keys.just_pressed(KeyCode::ArrowUp) {
        picked.entry = picked.entry.saturating_sub(1);
    }
    picked.entry = picked.entry.min(catalogue.entries.len().saturating_sub(1));
    if picked.opponent_for != Some(picked.entry)
        && let Some(Ok(scenario)) = catalogue.entries.get(picked.entry).map(|e| &e.scenario)
    {
        picked.opponent_for = Some(picked.entry);
        let tutorial = scenario.kind == crate::games::wargame::engine::scenario::ScenarioKind::Tutorial;
        if tutorial && matches!(chosen.opponent, Opponent::Computer(_)) {
            chosen.opponent = Opponent::Computer(Level::Easy);
        }
        picked.commanders = scenario.commanders_by_default();
    }
    let mut go = keys.just_pressed(KeyCode::Enter);
    let mut opening = None;
    #[cfg(target_arch = "wasm32")]
    if keys.just_pressed(KeyCode::KeyO) {
        crate::web_files::open_scenario_file();
    }
    let ctx = contexts.ctx_mut()?;
    let narrow = crate::ui::narrow(ctx.viewport_rect().size());
    let mut root = space.ui(ctx, "wargame-picker");
    egui::CentralPanel::default()
        .frame(
            egui::Frame::NONE
                .inner_margin(if narrow { 10.0 } else { 24.0 })
                .fill(egui::Color32::from_black_alpha(120)),
        )
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                let title = if narrow {
                    "Choose a battle"
                } else {
                    "Black & White: choose a battle"
                };
                ui.heading(egui::RichText::new(title).size(if narrow { 24.0 } else { 32.0 }));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("Back (Esc)").clicked() {
                        next.set(Screen::GameList);
                    }
                });
            });
            match &saved.0 {
                Ok(Some(battle)) => {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(format!("Saved battle: {}", battle.describe()));
                        if ui.button(egui::RichText::new("Resume").strong()).clicked() {
                            resume.write(ResumeBattle);
                        }
                    });
                }
                Ok(None) => {}
                Err(e) => {
                    ui.colored_label(egui::Color32::from_rgb(240, 180, 90), e);
                }
            }
            ui.separator();
            if keys.just_pressed(KeyCode::KeyN) && !ui.ctx().egui_wants_keyboard_input() {
                opening = Some((ScenarioEditor::blank(next_number(&catalogue)), None));
            }
            let mut card = |ui: &mut egui::Ui, picked: &mut Picked, chosen: &mut Chosen| {
                let entry = &catalogue.entries[picked.entry];
                if let Some(open) = edit_buttons(ui, &catalogue, entry) {
                    opening = Some(open);
                }
                match &entry.scenario {
                    Ok(scenario) => scenario_card(ui, scenario, picked, chosen),
                    Err(e) => {
                        ui.heading(&entry.file);
                        ui.colored_label(
                            egui::Color32::from_rgb(240, 140, 110),
                            format!("This scenario cannot be played:\n{e}"),
                        );
                        false
                    }
                }
            };
            if narrow {
                // A phone upright: the list above, the chosen battle below.
                let list = egui::vec2(ui.available_width(), ui.available_height() * 0.4);
                ui.allocate_ui(list, |ui| scenario_list(ui, &catalogue, &folder, &mut picked));
                ui.separator();
                go |= card(ui, &mut picked, &mut chosen);
            } else {
                ui.columns(2, |columns| {
                    scenario_list(&mut columns[0], &catalogue, &folder, &mut picked);
                    go |= card(&mut columns[1], &mut picked, &mut chosen);
                });
            }
        });
    if let Some((editor, file)) = opening {
        edit.write(EditScenario { editor, file });
        return Ok(());
    }
    if go && let Ok(scenario) = &catalogue.entries[picked.entry].scenario {
        commands.insert_resource(Prepared::<Wargame> {
            config: Setup::with_commanders(scenario, picked.commanders),
            human: picked.side,
        });
        start.write(StartMatch {
            game: GameId::Wargame,
            opponent: chosen.opponent,
            seed: None,
        });
    }
    Ok(())
}

fn scenario_list(ui: &mut egui::Ui, catalogue: &Catalogue, folder: &ModsFolder, picked: &mut Picked) {
    egui::ScrollArea::vertical()
        .id_salt("scenarios")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for section in SECTIONS {
                let title = match section {
                    crate::games::wargame::engine::scenario::ScenarioKind::Tutorial => {
                        "Tutorials — new players start here".to_string()
                    }
                    kind => kind.label().to_string(),
                };
                ui.label(
                    egui::RichText::new(title)
                        .strong()
                        .size(20.0)
                        .color(theme::ACCENT),
                );
                for (index, entry) in catalogue.entries.iter().enumerate() {
                    let Ok(s) = &entry.scenario else { continue };
                    if s.kind != section || entry.origin != Origin::Shipped {
                        continue;
                    }
                    let label = format!(
                        "{}  ({}x{}, {} rounds)",
                        s.label(),
                        columns_of(s),
                        s.map.len(),
                        s.turn_limit
                    );
                    if ui.selectable_label(picked.entry == index, label).clicked() {
                        picked.entry = index;
                    }
                }
                ui.add_space(6.0);
            }
            ui.label(
                egui::RichText::new("Your scenarios (mods)")
                    .strong()
                    .size(20.0)
                    .color(theme::ACCENT),
            );
            match &folder.0 {
                Some(path) => {
                    ui.label(egui::RichText::new(format!("Drop .ron files in {}", path.display())).small());
                }
                None => {
                    ui.label(egui::RichText::new("Open a .ron file from your disk.").small());
                }
            }
            #[cfg(target_arch = "wasm32")]
            if ui.button("Open scenario file… (O)").clicked() {
                crate::web_files::open_scenario_file();
            }
            for (index, entry) in catalogue.entries.iter().enumerate() {
                let Ok(s) = &entry.scenario else { continue };
                if entry.origin == Origin::Shipped {
                    continue;
                }
                let label = format!("[mod] {}  ({})", s.label(), entry.file);
                if ui.selectable_label(picked.entry == index, label).clicked() {
                    picked.entry = index;
                }
            }
            ui.add_space(6.0);
            let broken: Vec<(usize, &str)> = catalogue
                .entries
                .iter()
                .enumerate()
                .filter(|(_, e)| e.scenario.is_err())
                .map(|(i, e)| (i, e.file.as_str()))
                .collect();
            if !broken.is_empty() {
                ui.label(egui::RichText::new("Cannot be played").strong().size(20.0));
                for (index, file) in broken {
                    let text = egui::RichText::new(format!("⚠ {file}"))
                        .color(egui::Color32::from_rgb(240, 140, 110));
                    if ui.selectable_label(picked.entry == index, text).clicked() {
                        picked.entry = index;
                    }
                }
            }
        });
}

/// A number no scenario has yet, for a new one.
fn next_number(catalogue: &Catalogue) -> u32 {
    let highest = catalogue
        .entries
        .iter()
        .filter_map(|e| e.scenario.as_ref().ok())
        .map(|s| s.number)
        .max()
        .unwrap_or(0);
    (highest + 1).min(99)
}

/// "New scenario", "Edit a copy" of any scenario, and "Edit" of the
/// player's own (a draft that cannot be played yet too): the scenario to
/// open in the editor, and the file it is saved over.
fn edit_buttons(
    ui: &mut egui::Ui,
    catalogue: &Catalogue,
    entry: &Entry,
) -> Option<(ScenarioEditor, Option<String>)> {
    let read = ScenarioText::read(&entry.text);
    let mut open = None;
    ui.horizontal_wrapped(|ui| {
        if ui.button("New scenario (N)").clicked() {
            open = Some((ScenarioEditor::blank(next_number(catalogue)), None));
        }
        match &read {
            Ok(text) => {
                if ui.button("Edit a copy").clicked() {
                    let editor = ScenarioEditor::copy_of(text.clone(), next_number(catalogue));
                    open = Some((editor, None));
                }
                if entry.origin != Origin::Shipped && ui.button("Edit").clicked() {
                    open = Some((ScenarioEditor::new(text.clone()), Some(entry.file.clone())));
                }
            }
            Err(problem) => {
                ui.label(
                    egui::RichText::new(format!("The editor cannot open it: {problem}"))
                        .small()
                        .weak(),
                );
            }
        }
    });
    open
}

fn columns_of(s: &Scenario) -> usize {
    s.map.first().map_or(0, |row| row.split_whitespace().count())
}

/// The chosen scenario's card and the options; true when Start is pressed.
fn scenario_card(ui: &mut egui::Ui, scenario: &Scenario, picked: &mut Picked, chosen: &mut Chosen) -> bool {
    let mut go = false;
    egui::ScrollArea::vertical()
        .id_salt("card")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            // Start stands beside the title, where a short window still
            // shows it (below the card's options it fell off at 720 pixels);
            // under it in a narrow one, which has no room beside.
            let start =
                egui::Button::new(egui::RichText::new("Start (Enter)").size(19.0).strong()).selected(true);
            let title = egui::RichText::new(scenario.label()).size(26.0);
            if crate::ui::narrow(ui.ctx().viewport_rect().size()) {
                ui.heading(title);
                go = ui.add(start).clicked();
            } else {
                ui.horizontal(|ui| {
                    ui.heading(title);
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        go = ui.add(start).clicked();
                    });
                });
            }
            ui.label(egui::RichText::new(scenario.kind.label()).italics());
            ui.label(&scenario.about);
            if let Ok(map) = scenario.validate() {
                let width = ui.available_width().min(250.0);
                map_preview(ui, scenario, &map, width);
            }
            for seat in [0, 1] {
                let side = scenario.side(seat);
                ui.label(format!(
                    "{}: {}; {} special tokens a turn; first row {}.",
                    if seat == 0 {
                        "Black Thargaton"
                    } else {
                        "White Vesania"
                    },
                    side.goal.describe(),
                    side.tokens,
                    side.first_row
                ));
            }
            ui.label(format!(
                "{} points for each army; {}.",
                scenario.budget,
                if scenario.turn_limit > 0 {
                    format!("{} rounds at most", scenario.turn_limit)
                } else {
                    "no round limit".into()
                }
            ));
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Your side");
                ui.radio_value(&mut picked.side, 0, "Black Thargaton");
                ui.radio_value(&mut picked.side, 1, "White Vesania");
            });
            let allowed = scenario.commanders.as_ref().is_none_or(|c| !c.is_empty());
            ui.add_enabled_ui(allowed, |ui| {
                ui.checkbox(
                    &mut picked.commanders,
                    "Commanders (off for your first games, as the rulebook suggests)",
                );
            });
            if !allowed {
                ui.label(egui::RichText::new("This scenario is played without commanders.").italics());
            }
            ui.horizontal(|ui| {
                ui.label("Opponent");
                for level in Level::PLAYABLE {
                    ui.radio_value(&mut chosen.opponent, Opponent::Computer(level), level.label());
                }
                ui.radio_value(&mut chosen.opponent, Opponent::Friend, "Friend on this screen");
            });
            if scenario.kind == crate::games::wargame::engine::scenario::ScenarioKind::Tutorial {
                ui.label(
                    egui::RichText::new(
                        "Tutorials start against the Easy computer: win one, then try Normal.",
                    )
                    .italics(),
                );
            }
        });
    go
}
