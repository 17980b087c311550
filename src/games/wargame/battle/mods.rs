//! The player's own scenarios: a folder in the user's data directory,
//! mounted as the asset source `mods://` and looked at whenever the
//! platform's file watcher says it changed (every two seconds where there
//! is no watcher), so that a file dropped in or saved again appears in the
//! picker while the game runs. Each file is read by the scenario
//! AssetLoader; a broken one is listed with its message. Its `rulebooks`
//! folder holds the player's own unit cards and commanders, read by the
//! rulebook AssetLoader and kept for the scenarios that name them.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::SystemTime;

use bevy::asset::{AssetLoadFailedEvent, AssetPath, LoadState};
use bevy::prelude::*;

use crate::games::wargame::battle::catalogue::{Catalogue, Entry, Origin};
use crate::games::wargame::battle::folder_watch::{self, FolderWatch};
use crate::games::wargame::battle::scenario_assets;
use crate::games::wargame::battle::scenario_assets::{RulebookFile, ScenarioFile};
use crate::games::wargame::engine::rulebooks;

/// The asset source the player's folder is mounted as.
pub const SOURCE: &str = "mods";

/// How often the folder is looked at without a watcher, in seconds.
const LOOK_EVERY: f32 = 2.0;

/// The player's scenario folder: `scenarios` in the user's data directory
/// (`BLACK_AND_WHITE_DATA_DIR` when set). `None` in the browser.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct ModsFolder(pub Option<PathBuf>);

impl ModsFolder {
    pub fn from_env() -> ModsFolder {
        ModsFolder(crate::settings::data_folder().map(|d| d.join("scenarios")))
    }
}

/// Mounts the player's folder (made if missing) as `mods://`; before the
/// asset plugin.
pub fn register_source(app: &mut App) {
    let folder = app
        .world_mut()
        .get_resource_or_insert_with(ModsFolder::from_env)
        .clone();
    if let Some(path) = &folder.0 {
        if let Err(e) = std::fs::create_dir_all(path.join(rulebooks::FOLDER)) {
            warn!("the scenario folder {} cannot be made: {e}", path.display());
        }
        scenario_assets::register_source(app, SOURCE, &path.to_string_lossy());
    }
}

/// The files seen in the folder: when each was last changed, and its
/// asset; the rulebooks in its `rulebooks` folder the same way.
#[derive(Resource, Default)]
struct Watched {
    files: BTreeMap<String, (SystemTime, Handle<ScenarioFile>)>,
    books: BTreeMap<String, (SystemTime, Handle<RulebookFile>)>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Watched>()
        .add_systems(Startup, watch_folder)
        .add_systems(
            Update,
            (
                look_at_folder,
                keep_rulebooks.run_if(on_message::<AssetEvent<RulebookFile>>),
                // Only when a file came, went, loaded or failed: not every frame.
                list_in_catalogue.run_if(
                    resource_changed::<Watched>
                        .or_else(on_message::<AssetEvent<ScenarioFile>>)
                        .or_else(on_message::<AssetEvent<RulebookFile>>)
                        .or_else(on_message::<AssetLoadFailedEvent<ScenarioFile>>),
                ),
            )
                .chain(),
        );
}

fn watch_folder(mut commands: Commands, folder: Res<ModsFolder>) {
    commands.insert_resource(FolderWatch::start(folder.0.as_deref()));
}

fn look_at_folder(
    time: Res<Time>,
    folder: Res<ModsFolder>,
    watch: Option<Res<FolderWatch>>,
    server: Res<AssetServer>,
    mut watched: ResMut<Watched>,
    mut since: Local<Option<f32>>,
) {
    // The files the watcher named are read again even if their time did
    // not move (an editor may write twice within the clock's second).
    let named = match watch.as_ref().and_then(|w| w.changed()) {
        Some(named) if named.is_empty() && since.is_some() => return,
        Some(named) => named,
        None => {
            // Seconds since the last look; `None` before the first.
            let waited = since.map_or(LOOK_EVERY, |s| s + time.delta_secs());
            if waited < LOOK_EVERY {
                *since = Some(waited);
                return;
            }
            Vec::new()
        }
    };
    *since = Some(0.0);
    let Some(path) = &folder.0 else { return };
    let watched = &mut *watched;
    look_at(path, rulebooks::FOLDER, &named, &server, &mut watched.books);
    look_at(path, "", &named, &server, &mut watched.files);
}

/// The `.ron` files in `path` (or its `under` folder): each new one loaded
/// as an `A`, each changed or named by the watcher read again, each gone
/// forgotten.
fn look_at<A: Asset>(
    path: &std::path::Path,
    under: &str,
    named: &[PathBuf],
    server: &AssetServer,
    files: &mut BTreeMap<String, (SystemTime, Handle<A>)>,
) {
    let Ok(dir) = std::fs::read_dir(path.join(under)) else {
        files.clear();
        return;
    };
    let mut seen: BTreeMap<String, SystemTime> = BTreeMap::new();
    for file in dir.flatten() {
        let name = file.file_name().to_string_lossy().into_owned();
        if !name.ends_with(".ron") {
            continue;
        }
        let changed = file
            .metadata()
            .and_then(|m| m.modified())
            .unwrap_or(SystemTime::UNIX_EPOCH);
        seen.insert(name, changed);
    }
    if files.keys().any(|name| !seen.contains_key(name)) {
        files.retain(|name, _| seen.contains_key(name));
    }
    for (name, changed) in seen {
        let relative = if under.is_empty() {
            name.clone()
        } else {
            format!("{under}/{name}")
        };
        let asset = AssetPath::from(relative).with_source(SOURCE);
        let named_again = named.iter().any(|p| folder_watch::names(p, &name));
        match files.get(&name) {
            Some((when, _)) if *when == changed && !named_again => {}
            Some(_) => {
                files.get_mut(&name).expect("just seen").0 = changed;
                server.reload(asset);
            }
            None => {
                let handle = server.load::<A>(asset);
                files.insert(name, (changed, handle));
            }
        }
    }
}

/// A rulebook read (or read again): kept for the battles that name it,
/// and the player's scenarios read again, so that those on it can be
/// played.
fn keep_rulebooks(
    mut events: MessageReader<AssetEvent<RulebookFile>>,
    books: Res<Assets<RulebookFile>>,
    watched: Res<Watched>,
    server: Res<AssetServer>,
) {
    let mut kept = false;
    for event in events.read() {
        if let AssetEvent::LoadedWithDependencies { id } | AssetEvent::Modified { id } = event
            && let Some(RulebookFile { name, book: Ok(book) }) = books.get(*id)
        {
            rulebooks::keep(name, book.clone());
            kept = true;
        }
    }
    if kept {
        for (_, handle) in watched.files.values() {
            if let Some(path) = handle.path() {
                server.reload(path.clone());
            }
        }
    }
}

fn list_in_catalogue(
    watched: Res<Watched>,
    files: Res<Assets<ScenarioFile>>,
    books: Res<Assets<RulebookFile>>,
    server: Res<AssetServer>,
    mut catalogue: ResMut<Catalogue>,
) {
    // A rulebook that cannot be read is listed with what is wrong.
    let broken_books = watched.books.iter().filter_map(|(name, (_, handle))| {
        let problem = match books.get(handle) {
            Some(RulebookFile { book: Err(e), .. }) => e.clone(),
            Some(_) => return None,
            None => match server.load_state(handle) {
                LoadState::Failed(e) => e.to_string(),
                _ => return None,
            },
        };
        Some(Entry {
            origin: Origin::Mod,
            file: format!("{}/{name}", rulebooks::FOLDER),
            scenario: Err(format!("this rulebook cannot be used: {problem}")),
            text: String::new(),
        })
    });
    let mods: Vec<Entry> = watched
        .files
        .iter()
        .filter_map(|(name, (_, handle))| {
            let (scenario, text) = match files.get(handle) {
                Some(file) => (file.scenario.clone(), file.text.clone()),
                None => match server.load_state(handle) {
                    LoadState::Failed(e) => (Err(e.to_string()), String::new()),
                    _ => return None,
                },
            };
            Some(Entry {
                origin: Origin::Mod,
                file: name.clone(),
                scenario,
                text,
            })
        })
        .chain(broken_books)
        .collect();
    catalogue.set(Origin::Mod, mods);
}
