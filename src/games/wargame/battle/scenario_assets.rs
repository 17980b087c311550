//! Scenario files as Bevy assets: everything in the `scenarios/` folder
//! (the asset source `scenarios://`), so that a file dropped there is
//! picked up; and the rulebooks of the player's own. A broken file loads
//! too, as its message, so the picker can show what is wrong instead of
//! hiding it.

use bevy::asset::io::{AssetSourceBuilder, Reader};
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;

use crate::games::wargame::engine::data::Rulebook;
use crate::games::wargame::engine::rulebooks;
use crate::games::wargame::engine::scenario::Scenario;

/// The asset source the scenario folder is mounted as.
pub const SOURCE: &str = "scenarios";

/// One scenario file: the scenario, or what is wrong with it.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct ScenarioFile {
    pub scenario: Result<Scenario, String>,
    /// The file's text (empty when it is not UTF-8), for the editor.
    pub text: String,
}

#[derive(Default, TypePath)]
pub struct ScenarioLoader;

/// Reading the file itself failed.
#[derive(Debug)]
pub struct ReadError(std::io::Error);

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "could not read the scenario file: {}", self.0)
    }
}

impl std::error::Error for ReadError {}

impl AssetLoader for ScenarioLoader {
    type Asset = ScenarioFile;
    type Settings = ();
    type Error = ReadError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _context: &mut LoadContext<'_>,
    ) -> Result<ScenarioFile, ReadError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await.map_err(ReadError)?;
        let (scenario, text) = match String::from_utf8(bytes) {
            Ok(text) => (Scenario::parse(&text), text),
            Err(_) => (Err("the file is not UTF-8 text".into()), String::new()),
        };
        Ok(ScenarioFile { scenario, text })
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// A rulebook file of the player's own (`rulebooks/NAME.ron` in their
/// folder): the book read, or what is wrong with it.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct RulebookFile {
    /// The name scenarios use: the file's name without `.ron`.
    pub name: String,
    pub book: Result<Rulebook, String>,
}

/// Reads a rulebook file. It claims no extension, so that a `.ron` file
/// loaded by its extension alone is a scenario; a rulebook is loaded by
/// its type.
#[derive(Default, TypePath)]
pub struct RulebookLoader;

impl AssetLoader for RulebookLoader {
    type Asset = RulebookFile;
    type Settings = ();
    type Error = ReadError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        context: &mut LoadContext<'_>,
    ) -> Result<RulebookFile, ReadError> {
        let name = context
            .path()
            .path()
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await.map_err(ReadError)?;
        let book = match String::from_utf8(bytes) {
            Ok(text) => rulebooks::read(&name, &text),
            Err(_) => Err("the file is not UTF-8 text".into()),
        };
        Ok(RulebookFile { name, book })
    }

    fn extensions(&self) -> &[&str] {
        &[]
    }
}

/// Mounts `folder` as the asset source `source` (the game's own folder,
/// `scenarios`, as `scenarios://`); must run before the asset plugin is
/// added.
pub fn register_source(app: &mut App, source: &'static str, folder: &str) {
    app.register_asset_source(source, AssetSourceBuilder::platform_default(folder, None));
}

/// The asset type and its loader; after the asset plugin.
pub fn plugin(app: &mut App) {
    app.init_asset::<ScenarioFile>()
        .init_asset::<RulebookFile>()
        .register_asset_loader(RulebookLoader)
        .register_asset_loader(ScenarioLoader);
}
