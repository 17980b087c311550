//! Where finished games are kept: `replays/` in the user's data folder
//! natively, the browser's storage on the web (the newest `WEB_KEEPS`).
//! The list reads each file's first and last lines only; a file that cannot
//! be read is listed as such and left alone.

use std::path::PathBuf;

use bevy::prelude::*;
use serde_json::Value;

use super::file::{self, Player};
use crate::ids::GameId;
use crate::rules::Outcome;

/// How many replays the browser keeps: its storage is a few megabytes.
pub const WEB_KEEPS: usize = 50;

/// One kept replay, as the list shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The file's name: the key to open or delete it.
    pub name: String,
    pub game: GameId,
    pub date: String,
    pub players: [Player; 2],
    pub outcome: Outcome,
    pub steps: usize,
}

impl Entry {
    /// The opponent as the list names it: "Computer (Hard)", "Friend".
    pub fn opponent(&self) -> String {
        let computer = self.players.iter().find_map(|p| p.computer);
        match computer {
            Some(level) if self.players.iter().all(|p| p.computer.is_some()) => {
                format!("Computer against computer ({})", level.label())
            }
            Some(level) => format!("Computer ({})", level.label()),
            None => "Friend".into(),
        }
    }

    /// "You win 5–4", "Player 2 wins 36–24", "Drawn 4–4".
    pub fn result(&self) -> String {
        result_line(&self.players, &self.outcome)
    }
}

/// How a game came out, the winner's score first.
pub fn result_line(players: &[Player; 2], outcome: &Outcome) -> String {
    let [a, b] = outcome.score;
    match outcome.winner {
        Some(w) => {
            let name = &players[w].name;
            let verb = if name == "You" { "win" } else { "wins" };
            format!("{name} {verb} {}–{}", outcome.score[w], outcome.score[1 - w])
        }
        None => format!("Drawn {a}–{b}"),
    }
}

/// The entry a replay's text makes, without playing it.
pub fn entry(name: &str, text: &str) -> Result<Entry, String> {
    let game = file::game_of(text)?;
    let first: Value =
        serde_json::from_str(text.lines().next().unwrap_or_default()).map_err(|e| e.to_string())?;
    let players: [Player; 2] =
        serde_json::from_value(first["players"].clone()).map_err(|e| format!("line 1: players: {e}"))?;
    let last = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default();
    let end: Value = serde_json::from_str(last).map_err(|e| format!("the last line: {e}"))?;
    if end["type"] != "end" {
        return Err("the file ends before the game does".into());
    }
    let outcome = Outcome {
        winner: end["winner"].as_u64().map(|w| w as usize).filter(|&w| w < 2),
        score: serde_json::from_value(end["score"].clone())
            .map_err(|e| format!("the last line: score: {e}"))?,
    };
    Ok(Entry {
        name: name.into(),
        game,
        date: first["date"].as_str().unwrap_or_default().into(),
        players,
        outcome,
        steps: text.lines().filter(|l| l.contains("\"type\":\"step\"")).count(),
    })
}

/// The kept replays: a folder natively, the browser's storage on the web.
#[derive(Resource, Debug, Clone)]
pub struct Shelf {
    /// The folder natively; `None` in the browser (and natively on a
    /// system without a data folder, where nothing is kept).
    folder: Option<PathBuf>,
}

impl Default for Shelf {
    fn default() -> Self {
        Shelf {
            folder: crate::settings::data_folder().map(|d| d.join("replays")),
        }
    }
}

/// The list, newest first, and the files that could not be read.
#[derive(Debug, Default)]
pub struct Listing {
    pub entries: Vec<Entry>,
    pub unreadable: Vec<String>,
}

impl Shelf {
    /// A shelf on this folder (tests).
    pub fn at(folder: PathBuf) -> Shelf {
        Shelf { folder: Some(folder) }
    }

    /// A file name for a replay of `game` ended at `date`.
    pub fn name_for(game: GameId, date: &str, seed: u64) -> String {
        let stamp: String = date.chars().map(|c| if c == ':' { '-' } else { c }).collect();
        format!("{stamp}-{}-{:04x}.jsonl", game.id(), seed & 0xffff)
    }

    /// Keeps a replay; `Ok(Some(notice))` when older ones made room.
    pub fn keep(&self, name: &str, text: &str) -> Result<Option<String>, String> {
        store::keep(self, name, text)
    }

    pub fn list(&self) -> Listing {
        let mut listing = Listing::default();
        for (name, text) in store::all(self) {
            match text.and_then(|t| entry(&name, &t)) {
                Ok(entry) => listing.entries.push(entry),
                Err(e) => listing.unreadable.push(format!("{name}: {e}")),
            }
        }
        listing
            .entries
            .sort_by(|a, b| b.date.cmp(&a.date).then(b.name.cmp(&a.name)));
        listing
    }

    pub fn read(&self, name: &str) -> Result<String, String> {
        store::read(self, name)
    }

    pub fn delete(&self, name: &str) -> Result<(), String> {
        store::delete(self, name)
    }

    /// Where replays are kept, for messages.
    pub fn place(&self) -> String {
        match &self.folder {
            Some(folder) => folder.display().to_string(),
            None if cfg!(target_arch = "wasm32") => "the browser's storage".into(),
            None => "nowhere (this system has no data folder)".into(),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod store {
    use super::Shelf;

    fn folder(shelf: &Shelf) -> Result<&std::path::Path, String> {
        shelf
            .folder
            .as_deref()
            .ok_or_else(|| "this system has no data folder; replays are not kept".into())
    }

    /// A name from the list or the program: never a path.
    fn checked(name: &str) -> Result<&str, String> {
        let plain = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
        (plain && !name.starts_with('.'))
            .then_some(name)
            .ok_or_else(|| format!("`{name}` is not a replay's name"))
    }

    pub fn keep(shelf: &Shelf, name: &str, text: &str) -> Result<Option<String>, String> {
        let folder = folder(shelf)?;
        std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let path = folder.join(checked(name)?);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(None)
    }

    pub fn all(shelf: &Shelf) -> Vec<(String, Result<String, String>)> {
        let Ok(folder) = folder(shelf) else {
            return Vec::new();
        };
        let Ok(dir) = std::fs::read_dir(folder) else {
            return Vec::new();
        };
        dir.flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "jsonl"))
            .map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let text = read(shelf, &name);
                (name, text)
            })
            .collect()
    }

    pub fn read(shelf: &Shelf, name: &str) -> Result<String, String> {
        let path = folder(shelf)?.join(checked(name)?);
        let size = std::fs::metadata(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .len();
        if size > super::file::SIZE_LIMIT as u64 {
            return Err(format!(
                "{size} bytes; a replay is at most {}",
                super::file::SIZE_LIMIT
            ));
        }
        std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn delete(shelf: &Shelf, name: &str) -> Result<(), String> {
        let path = folder(shelf)?.join(checked(name)?);
        std::fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// In the browser: each replay under its own key beside the settings, and
/// an index of their names, newest last.
#[cfg(target_arch = "wasm32")]
mod store {
    use super::{Shelf, WEB_KEEPS};
    use crate::settings::SettingsFile;

    fn index() -> SettingsFile {
        SettingsFile::default().beside("replays.json")
    }

    fn names() -> Vec<String> {
        index()
            .read()
            .ok()
            .flatten()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default()
    }

    fn slot(name: &str) -> SettingsFile {
        SettingsFile::default().beside(&format!("replay-{name}"))
    }

    fn write_index(names: &[String]) -> Result<(), String> {
        index().write(&serde_json::to_string(names).expect("names serialize"))
    }

    pub fn keep(_: &Shelf, name: &str, text: &str) -> Result<Option<String>, String> {
        let mut names = names();
        names.retain(|n| n != name);
        let mut dropped = 0;
        // The oldest go first: beyond the newest 50, and while the
        // browser's storage is full.
        while names.len() >= WEB_KEEPS {
            slot(&names.remove(0)).remove();
            dropped += 1;
        }
        while slot(name).write(text).is_err() {
            if names.is_empty() {
                return Err("the browser's storage is full even without older replays".into());
            }
            slot(&names.remove(0)).remove();
            dropped += 1;
        }
        names.push(name.into());
        write_index(&names)?;
        Ok((dropped > 0).then(|| {
            format!("The browser keeps the newest {WEB_KEEPS} replays: {dropped} older one(s) were dropped.")
        }))
    }

    pub fn all(_: &Shelf) -> Vec<(String, Result<String, String>)> {
        names()
            .into_iter()
            .map(|name| {
                let text = slot(&name)
                    .read()
                    .and_then(|t| t.ok_or_else(|| "missing from storage".into()));
                (name, text)
            })
            .collect()
    }

    pub fn read(_: &Shelf, name: &str) -> Result<String, String> {
        slot(name)
            .read()?
            .ok_or_else(|| format!("{name} is not in the browser's storage"))
    }

    pub fn delete(_: &Shelf, name: &str) -> Result<(), String> {
        slot(name).remove();
        let mut names = names();
        names.retain(|n| n != name);
        write_index(&names)
    }
}
