//! The scenarios a player may pick: the 22 that ship with the game, in the
//! picker's order (tutorials first, then by type and number).

use bevy::prelude::*;

use super::scenario::{SHIPPED, Scenario, ScenarioKind};

/// Where a scenario came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    Shipped,
}

#[derive(Debug, Clone)]
pub struct Entry {
    pub origin: Origin,
    /// The file name, for messages.
    pub file: String,
    /// The scenario, or what is wrong with the file.
    pub scenario: Result<Scenario, String>,
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
            })
            .collect();
        entries.sort_by_key(|e| e.scenario.as_ref().map(order).unwrap_or((9, 0)));
        Catalogue { entries }
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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Catalogue>();
}
