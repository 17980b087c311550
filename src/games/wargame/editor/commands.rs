//! What the editor's screen asks for, as messages: a change, undo and
//! redo, save, a test battle, the quick balance check, and back to the
//! picker. The screen writes them from clicks, drags and keys; the tests
//! write the same ones.

use std::time::Duration;

use bevy::prelude::*;

use super::editing::Editing;
use super::storage;
use super::trial::Trial;
use crate::game_log::GameLog;
use crate::games::wargame::battle::catalogue::{Catalogue, Entry, Origin};
use crate::games::wargame::battle::mods::ModsFolder;
use crate::games::wargame::engine::scenario::Scenario;
use crate::games::wargame::engine::scenario_edits::{Edit, ScenarioEditor};
use crate::games::wargame::engine::scenario_text::ScenarioText;
use crate::games::wargame::engine::shipped::{self, SHIPPED};
use crate::games::wargame::engine::state::{Setup, Wargame};
use crate::games::wargame::table::setup::picker::EditScenario;
use crate::ids::GameId;
use crate::rules::{Level, Seat};
use crate::screens::Screen;
use crate::session::{Autoplay, Launch, Opponent, Prepared, ReturnTo, StartMatch};
use crate::ui::Chosen;

/// How many games "Try 100 games" plays.
pub const TRIAL_GAMES: u32 = 100;

/// How long the balance check plays each frame.
const TRIAL_SLICE: Duration = Duration::from_millis(12);

#[derive(Message, Debug, Clone, PartialEq)]
pub enum EditorCommand {
    Edit(Edit),
    /// The pointer let go: the next hex painted is a step of undo of its own.
    EndStroke,
    Undo,
    Redo,
    /// Saves the file, playable or as a draft.
    Save,
    /// A battle on the scenario: the person plays `side` against the
    /// Normal computer, or the computer plays both (`None`); back to the
    /// editor after.
    TestPlay(Option<Seat>),
    /// "Try 100 games": Normal against Normal, in the background.
    Try,
    /// Back to the picker; with changes unsaved, only when asked twice.
    Back,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<EditorCommand>()
        .add_message::<EditScenario>()
        .add_systems(Startup, edit_from_command_line)
        .add_systems(Update, open_from_picker.run_if(on_message::<EditScenario>))
        .add_systems(OnEnter(Screen::Editor), back_from_battle)
        .add_systems(
            Update,
            (
                run.run_if(on_message::<EditorCommand>),
                play_trial.run_if(|e: Option<Res<Editing>>| {
                    e.is_some_and(|e| e.trial.as_ref().is_some_and(|t| !t.done()))
                }),
            )
                .run_if(in_state(Screen::Editor).and_then(resource_exists::<Editing>)),
        );
}

/// `--game wargame --edit [--scenario ID]`: the editor at once, on a copy
/// of the scenario or on a new one.
fn edit_from_command_line(
    launch: Option<Res<Launch>>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut log: ResMut<GameLog>,
) {
    let Some(launch) = launch.filter(|l| l.edit && l.game == Some(GameId::Wargame)) else {
        return;
    };
    let number = SHIPPED.len() as u32 + 1;
    let editor = match launch.scenario.as_deref().map(shipped::find) {
        Some(Ok(scenario)) => {
            // A shipped scenario's own file, with its comments.
            let text = SHIPPED
                .iter()
                .filter_map(|(_, text)| ScenarioText::read(text).ok())
                .find(|text| text.scenario == scenario)
                .unwrap_or_else(|| ScenarioText::new(scenario));
            ScenarioEditor::copy_of(text, number)
        }
        Some(Err(e)) => {
            log.notice(format!("{e}; a new scenario instead"));
            ScenarioEditor::blank(number)
        }
        None => ScenarioEditor::blank(number),
    };
    commands.insert_resource(Chosen {
        game: GameId::Wargame,
        opponent: Opponent::Computer(Level::Normal),
    });
    commands.insert_resource(Editing::new(editor, None));
    next.set(Screen::Editor);
}

/// The picker's "New scenario", "Edit a copy" or "Edit".
fn open_from_picker(
    mut opened: MessageReader<EditScenario>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(EditScenario { editor, file }) = opened.read().last() {
        commands.insert_resource(Editing::new(editor.clone(), file.clone()));
        next.set(Screen::Editor);
    }
}

/// A test battle over: the computer stops playing the person's side.
fn back_from_battle(mut commands: Commands) {
    commands.remove_resource::<Autoplay>();
    commands.remove_resource::<ReturnTo>();
}

#[allow(clippy::too_many_arguments)]
fn run(
    mut commands: MessageReader<EditorCommand>,
    mut editing: ResMut<Editing>,
    folder: Option<Res<ModsFolder>>,
    mut catalogue: ResMut<Catalogue>,
    mut next: ResMut<NextState<Screen>>,
    mut start: MessageWriter<StartMatch>,
    mut world: Commands,
) {
    for command in commands.read() {
        let editing = &mut *editing;
        let warned = std::mem::take(&mut editing.warned);
        match command {
            EditorCommand::Edit(edit) => {
                editing.message = editing
                    .editor
                    .apply(edit.clone())
                    .err()
                    .map(|e| (format!("Not changed: {e}"), true));
            }
            EditorCommand::EndStroke => editing.editor.end_stroke(),
            EditorCommand::Undo => {
                if !editing.editor.undo() {
                    editing.message = Some(("Nothing to undo.".into(), false));
                }
            }
            EditorCommand::Redo => {
                if !editing.editor.redo() {
                    editing.message = Some(("Nothing to redo.".into(), false));
                }
            }
            EditorCommand::Save => {
                let result = save(editing, folder.as_deref(), &mut catalogue);
                editing.message = Some(match result {
                    Ok(said) => (said, false),
                    Err(e) => (format!("Not saved: {e}"), true),
                });
            }
            EditorCommand::TestPlay(side) => match playable(editing) {
                Ok(scenario) => {
                    world.insert_resource(Prepared::<Wargame> {
                        config: Setup::with_commanders(&scenario, scenario.commanders_by_default()),
                        human: side.unwrap_or(0),
                    });
                    world.insert_resource(ReturnTo(Screen::Editor));
                    if side.is_none() {
                        world.insert_resource(Autoplay { left: u32::MAX });
                    }
                    start.write(StartMatch {
                        game: GameId::Wargame,
                        opponent: Opponent::Computer(Level::Normal),
                        seed: None,
                    });
                }
                Err(e) => editing.message = Some((e, true)),
            },
            EditorCommand::Try => match playable(editing) {
                Ok(scenario) => {
                    let seed = u64::from(editing.editor.scenario().number) * 7919 + 1;
                    editing.trial = Some(Trial::new(&scenario, TRIAL_GAMES, seed));
                }
                Err(e) => editing.message = Some((e, true)),
            },
            EditorCommand::Back if editing.editor.unsaved && !warned => {
                editing.warned = true;
                editing.message = Some((
                    "Changes not saved: Save (Ctrl+S) keeps them; Back (Esc) again leaves without them."
                        .into(),
                    true,
                ));
            }
            EditorCommand::Back => next.set(Screen::NewGame),
        }
    }
}

/// The scenario if it can be played, or what to fix first.
fn playable(editing: &Editing) -> Result<Scenario, String> {
    let flaws = editing.editor.flaws();
    match flaws.first() {
        None => Ok(editing.editor.scenario().clone()),
        Some(first) => Err(format!(
            "Fix {} first: {}",
            if flaws.len() == 1 {
                "this problem".to_string()
            } else {
                format!("the {} problems listed", flaws.len())
            },
            first.message
        )),
    }
}

/// Saves to the player's folder (in the browser: the page's storage) and
/// lists the file in the picker at once; what was done.
fn save(
    editing: &mut Editing,
    folder: Option<&ModsFolder>,
    catalogue: &mut Catalogue,
) -> Result<String, String> {
    let wanted = editing.editor.file_name();
    // A file opened from the folder is saved over; a new one, or one
    // renamed, takes a name no other file has.
    let file = match &editing.file {
        Some(file) if *file == wanted => wanted,
        _ => storage::free_name(
            |name| {
                Some(name) != editing.file.as_deref()
                    && catalogue
                        .entries
                        .iter()
                        .any(|e| e.origin != Origin::Shipped && e.file == name)
            },
            &wanted,
        ),
    };
    let text = editing.editor.file_text();
    let (origin, place) = match folder.and_then(|f| f.0.as_deref()) {
        Some(path) => (
            Origin::Mod,
            storage::save_in_folder(path, &file, &editing.editor)?,
        ),
        None => (Origin::Opened, keep_in_browser(&file, &text)?),
    };
    let playable = editing.editor.playable();
    catalogue.add(Entry {
        origin,
        file: file.clone(),
        scenario: Scenario::parse(&text),
        text,
    });
    editing.file = Some(file);
    editing.editor.unsaved = false;
    Ok(if playable {
        format!("Saved in {place}: it is in the picker under Your scenarios.")
    } else {
        format!("Saved as a draft in {place}: fix the problems listed before it can be played.")
    })
}

#[cfg(target_arch = "wasm32")]
fn keep_in_browser(file: &str, text: &str) -> Result<String, String> {
    crate::web_files::keep_scenario(file, text)?;
    Ok(format!(
        "the browser's storage ({file}); Download keeps a copy on your disk"
    ))
}

#[cfg(not(target_arch = "wasm32"))]
fn keep_in_browser(_file: &str, _text: &str) -> Result<String, String> {
    Err("there is no scenario folder on this system (set BLACK_AND_WHITE_DATA_DIR)".into())
}

fn play_trial(mut editing: ResMut<Editing>) {
    if let Some(trial) = &mut editing.trial {
        trial.work(TRIAL_SLICE);
    }
}
