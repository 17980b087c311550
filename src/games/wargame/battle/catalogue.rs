//! The scenarios a player may pick: the 22 that ship with the game, in the
//! picker's order (tutorials first, then by type and number), then the
//! player's own (their folder, or files opened in the browser).

use bevy::prelude::*;

use crate::games::wargame::engine::scenario::{Scenario, ScenarioKind};
use crate::games::wargame::engine::shipped::SHIPPED;
use crate::play_online::{OwnScenario, OwnScenarios};

/// Where a scenario came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    Shipped,
    /// From the player's scenario folder.
    Mod,
    /// Opened from the player's disk in the browser.
    Opened,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub origin: Origin,
    /// The file name, for messages.
    pub file: String,
    /// The scenario, or what is wrong with the file.
    pub scenario: Result<Scenario, String>,
    /// The file's text, for the editor's "Edit a copy" (empty when it is
    /// not text).
    pub text: String,
}

#[derive(Resource, Debug, Clone)]
pub struct Catalogue {
    pub entries: Vec<Entry>,
}

impl Default for Catalogue {
    fn default() -> Self {
        let mut entries: Vec<Entry> = SHIPPED
            .iter()
            .map(|(file, text)| Entry {
                origin: Origin::Shipped,
                file: file.to_string(),
                scenario: Scenario::parse(text),
                text: text.to_string(),
            })
            .collect();
        entries.sort_by_key(|e| e.scenario.as_ref().map(order).unwrap_or((9, 0)));
        Catalogue { entries }
    }
}

impl Catalogue {
    /// Replaces the entries from `origin`, keeping the shipped ones first so
    /// that their places in the list do not move.
    pub fn set(&mut self, origin: Origin, entries: Vec<Entry>) {
        let current: Vec<&Entry> = self.entries.iter().filter(|e| e.origin == origin).collect();
        if current.len() == entries.len() && current.iter().zip(&entries).all(|(a, b)| *a == b) {
            return;
        }
        self.entries.retain(|e| e.origin != origin);
        self.entries.extend(entries);
    }

    /// Adds one entry from `origin`, replacing one of the same file name.
    pub fn add(&mut self, entry: Entry) {
        self.entries
            .retain(|e| !(e.origin == entry.origin && e.file == entry.file));
        self.entries.push(entry);
    }
}

/// The picker's sections, tutorials first.
pub const SECTIONS: [ScenarioKind; 5] = [
    ScenarioKind::Tutorial,
    ScenarioKind::Skirmish,
    ScenarioKind::Defense,
    ScenarioKind::Domination,
    ScenarioKind::BehindEnemyLines,
];

fn order(s: &Scenario) -> (usize, u32) {
    let section = SECTIONS
        .iter()
        .position(|k| *k == s.kind)
        .unwrap_or(SECTIONS.len());
    (section, s.number)
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Catalogue>()
        .init_resource::<OwnScenarios>()
        .add_systems(Update, offer_online.run_if(resource_changed::<Catalogue>));
}

/// The player's own scenarios that pass the checks, as "Play online" may
/// send them: each as the text of its file.
fn offer_online(catalogue: Res<Catalogue>, mut own: ResMut<OwnScenarios>) {
    own.0 = catalogue
        .entries
        .iter()
        .filter(|entry| entry.origin != Origin::Shipped)
        .filter_map(|entry| {
            let scenario = entry.scenario.as_ref().ok()?;
            let text = ron::ser::to_string_pretty(scenario, ron::ser::PrettyConfig::default()).ok()?;
            Some(OwnScenario {
                name: scenario.name.clone(),
                text,
            })
        })
        .collect();
}
