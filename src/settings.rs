//! Player settings, kept across runs in a RON file in the user's config
//! folder. A missing or corrupt file gives the defaults and a warning; it
//! never stops the game.

use std::path::PathBuf;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::game_log::GameLog;
use crate::rules::Level;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnimationSpeed {
    Slow,
    Normal,
    Fast,
    /// No animation and no pauses: for tests and the impatient.
    Instant,
}

impl AnimationSpeed {
    pub const ALL: [AnimationSpeed; 4] = [
        AnimationSpeed::Slow,
        AnimationSpeed::Normal,
        AnimationSpeed::Fast,
        AnimationSpeed::Instant,
    ];

    /// How long animations take relative to Normal.
    pub fn factor(self) -> f32 {
        match self {
            AnimationSpeed::Slow => 1.6,
            AnimationSpeed::Normal => 1.0,
            AnimationSpeed::Fast => 0.5,
            AnimationSpeed::Instant => 0.0,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            AnimationSpeed::Slow => "Slow",
            AnimationSpeed::Normal => "Normal",
            AnimationSpeed::Fast => "Fast",
            AnimationSpeed::Instant => "Instant",
        }
    }
}

#[derive(Resource, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub colour_counter: bool,
    pub lamp_ranges: bool,
    pub default_difficulty: Level,
    pub animation_speed: AnimationSpeed,
    /// 0.0 to 1.0.
    pub volume: f32,
    pub fullscreen: bool,
    /// Every egui panel (HUD, log, menus, rules) drawn a quarter larger.
    pub large_text: bool,
    /// The online server's address ("Play online").
    pub server: String,
    /// The online game this player holds a seat in, kept so that closing
    /// the app mid-game does not lose the seat: "Resume" takes it back.
    pub online_seat: Option<OnlineSeat>,
    /// The account signed in on a server, kept so that the next start is
    /// signed in too (the server keeps only the session's hash).
    pub online_account: Option<OnlineAccount>,
}

/// An account's session on a server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnlineAccount {
    pub server: String,
    pub name: String,
    pub session: String,
}

/// A seat in an online game: where it is played, and the token that takes
/// it back (the server keeps only its hash).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnlineSeat {
    pub server: String,
    pub code: String,
    pub game: crate::ids::GameId,
    pub token: String,
}

/// Where `black-and-white serve` listens on this machine.
pub const DEFAULT_SERVER: &str = "ws://localhost:7480";

impl Default for Settings {
    fn default() -> Self {
        Settings {
            colour_counter: true,
            lamp_ranges: true,
            default_difficulty: Level::Normal,
            animation_speed: AnimationSpeed::Normal,
            volume: 0.7,
            fullscreen: false,
            large_text: false,
            server: DEFAULT_SERVER.into(),
            online_seat: None,
            online_account: None,
        }
    }
}

impl Settings {
    /// The pause after a move before the computer answers, in seconds.
    pub fn pause_seconds(&self) -> f32 {
        0.8 * self.animation_speed.factor()
    }

    /// Reads settings from RON text; the error says what to fix.
    pub fn from_ron(text: &str) -> Result<Settings, String> {
        let settings: Settings = ron::from_str(text).map_err(|e| e.to_string())?;
        if settings.default_difficulty == Level::Random {
            return Err("default_difficulty must be Easy, Normal or Hard".into());
        }
        if !(0.0..=1.0).contains(&settings.volume) {
            return Err(format!("volume must be from 0.0 to 1.0, not {}", settings.volume));
        }
        Ok(settings)
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).expect("settings serialize")
    }
}

/// Where settings are kept natively. Insert it before the plugins to choose
/// another file (the tests do); by default it is `settings.ron` in the
/// user's config folder, or in `BLACK_AND_WHITE_CONFIG_DIR` when that is set.
/// In the browser the settings live in its local storage instead.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct SettingsFile(pub Option<PathBuf>);

impl Default for SettingsFile {
    fn default() -> Self {
        SettingsFile(store::default_file())
    }
}

impl SettingsFile {
    /// Another file kept beside the settings (a saved battle): in the same
    /// folder natively, under its own key in the browser.
    pub fn beside(&self, name: &str) -> SettingsFile {
        SettingsFile(self.0.as_ref().map(|p| p.with_file_name(name)))
    }

    /// The file's text; `None` when there is none yet.
    pub fn read(&self) -> Result<Option<String>, String> {
        store::read(self)
    }

    pub fn write(&self, text: &str) -> Result<(), String> {
        store::write(self, text)
    }

    pub fn remove(&self) {
        store::remove(self);
    }

    /// Where it is kept, for messages.
    pub fn name(&self) -> String {
        store::name(self)
    }
}

/// The user's data folder (`BLACK_AND_WHITE_DATA_DIR` when set): the
/// player's scenarios and the replays. `None` in the browser, which keeps
/// what it keeps in its storage.
pub fn data_folder() -> Option<PathBuf> {
    #[cfg(not(target_arch = "wasm32"))]
    return match std::env::var_os("BLACK_AND_WHITE_DATA_DIR") {
        Some(dir) => Some(PathBuf::from(dir)),
        None => dirs::data_dir().map(|d| d.join("black-and-white")),
    };
    #[cfg(target_arch = "wasm32")]
    None
}

/// The stored settings, or the defaults and why they were not used.
pub fn load(file: &SettingsFile) -> (Settings, Option<String>) {
    match store::read(file) {
        Ok(Some(text)) => match Settings::from_ron(&text) {
            Ok(settings) => (settings, None),
            Err(e) => (
                Settings::default(),
                Some(format!(
                    "{} is not valid ({e}); using the defaults",
                    store::name(file)
                )),
            ),
        },
        Ok(None) => (Settings::default(), None),
        Err(e) => (Settings::default(), Some(format!("{e}; using the defaults"))),
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod store {
    use std::path::PathBuf;

    use super::SettingsFile;

    pub fn default_file() -> Option<PathBuf> {
        let dir = match std::env::var_os("BLACK_AND_WHITE_CONFIG_DIR") {
            Some(dir) => Some(PathBuf::from(dir)),
            None => dirs::config_dir().map(|d| d.join("black-and-white")),
        };
        dir.map(|d| d.join("settings.ron"))
    }

    pub fn name(file: &SettingsFile) -> String {
        file.0
            .as_ref()
            .map_or("the settings".into(), |p| p.display().to_string())
    }

    pub fn read(file: &SettingsFile) -> Result<Option<String>, String> {
        let path = file
            .0
            .as_ref()
            .ok_or("no config folder on this system; settings will not be kept")?;
        match std::fs::read_to_string(path) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("could not read {} ({e})", path.display())),
        }
    }

    pub fn write(file: &SettingsFile, text: &str) -> Result<(), String> {
        let path = file.0.as_ref().ok_or("no config folder on this system")?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn remove(file: &SettingsFile) {
        if let Some(path) = &file.0 {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// In the browser: the page's local storage, under one key.
#[cfg(target_arch = "wasm32")]
mod store {
    use std::path::PathBuf;

    use super::SettingsFile;

    pub fn default_file() -> Option<PathBuf> {
        Some(PathBuf::from("settings.ron"))
    }

    /// Each file is a key of its own: `black-and-white/settings.ron`.
    fn key(file: &SettingsFile) -> String {
        let name = file
            .0
            .as_ref()
            .and_then(|p| p.file_name())
            .map_or("settings.ron".into(), |n| n.to_string_lossy().into_owned());
        format!("black-and-white/{name}")
    }

    pub fn name(file: &SettingsFile) -> String {
        format!("the browser's storage ({})", key(file))
    }

    fn storage() -> Result<web_sys::Storage, String> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| "this browser keeps no local storage; nothing will be kept".into())
    }

    pub fn read(file: &SettingsFile) -> Result<Option<String>, String> {
        storage()?
            .get_item(&key(file))
            .map_err(|_| "the browser refused to read its storage".into())
    }

    pub fn write(file: &SettingsFile, text: &str) -> Result<(), String> {
        storage()?
            .set_item(&key(file), text)
            .map_err(|_| "the browser refused to store it".into())
    }

    pub fn remove(file: &SettingsFile) {
        if let Ok(storage) = storage() {
            let _ = storage.remove_item(&key(file));
        }
    }
}

fn save(settings: &Settings, file: &SettingsFile) -> Result<(), String> {
    store::write(file, &settings.to_ron())
}

pub(super) fn plugin(app: &mut App) {
    let file = app.world_mut().get_resource_or_init::<SettingsFile>().clone();
    let (settings, warning) = load(&file);
    if let Some(warning) = &warning {
        warn!("settings: {warning}");
        app.init_resource::<GameLog>()
            .world_mut()
            .resource_mut::<GameLog>()
            .notice(format!("Settings: {warning}"));
    }
    app.insert_resource(settings)
        .add_systems(Update, save_changes.run_if(resource_changed::<Settings>));
}

fn save_changes(
    settings: Res<Settings>,
    file: Res<SettingsFile>,
    mut log: ResMut<GameLog>,
    mut first: Local<bool>,
) {
    // The first change is the insertion at start-up: nothing to save.
    if !*first {
        *first = true;
        return;
    }
    if let Err(e) = save(&settings, &file) {
        warn!("settings not saved: {e}");
        log.notice(format!("Settings not saved: {e}"));
    }
}
