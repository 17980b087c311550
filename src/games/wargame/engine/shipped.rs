//! The scenarios that come with the game, read and checked, and a
//! scenario named on the command line by its number or its file.

use super::scenario::Scenario;
use super::state::{Setup, Wargame};
use crate::rules::Configure;

/// The 22 scenarios that ship with the game, compiled in for the referee,
/// the tests and the browser; the folder copy is what the table loads.
pub const SHIPPED: [(&str, &str); 22] = [
    (
        "01-border-skirmish.ron",
        include_str!("../../../../scenarios/01-border-skirmish.ron"),
    ),
    (
        "02-the-orchard.ron",
        include_str!("../../../../scenarios/02-the-orchard.ron"),
    ),
    (
        "03-river-crossing.ron",
        include_str!("../../../../scenarios/03-river-crossing.ron"),
    ),
    (
        "04-marsh-ambush.ron",
        include_str!("../../../../scenarios/04-marsh-ambush.ron"),
    ),
    (
        "05-twin-hills.ron",
        include_str!("../../../../scenarios/05-twin-hills.ron"),
    ),
    (
        "06-the-old-fort.ron",
        include_str!("../../../../scenarios/06-the-old-fort.ron"),
    ),
    (
        "07-fort-on-the-ford.ron",
        include_str!("../../../../scenarios/07-fort-on-the-ford.ron"),
    ),
    (
        "08-mountain-pass.ron",
        include_str!("../../../../scenarios/08-mountain-pass.ron"),
    ),
    (
        "09-forest-stronghold.ron",
        include_str!("../../../../scenarios/09-forest-stronghold.ron"),
    ),
    (
        "10-the-bunker-line.ron",
        include_str!("../../../../scenarios/10-the-bunker-line.ron"),
    ),
    (
        "11-three-forts.ron",
        include_str!("../../../../scenarios/11-three-forts.ron"),
    ),
    (
        "12-the-crossroads.ron",
        include_str!("../../../../scenarios/12-the-crossroads.ron"),
    ),
    (
        "13-river-forts.ron",
        include_str!("../../../../scenarios/13-river-forts.ron"),
    ),
    (
        "14-highland-holds.ron",
        include_str!("../../../../scenarios/14-highland-holds.ron"),
    ),
    (
        "15-the-five-keeps.ron",
        include_str!("../../../../scenarios/15-the-five-keeps.ron"),
    ),
    (
        "16-the-breakout.ron",
        include_str!("../../../../scenarios/16-the-breakout.ron"),
    ),
    (
        "17-through-the-marsh.ron",
        include_str!("../../../../scenarios/17-through-the-marsh.ron"),
    ),
    (
        "18-the-long-valley.ron",
        include_str!("../../../../scenarios/18-the-long-valley.ron"),
    ),
    (
        "19-bridges-at-dawn.ron",
        include_str!("../../../../scenarios/19-bridges-at-dawn.ron"),
    ),
    (
        "20-the-forest-road.ron",
        include_str!("../../../../scenarios/20-the-forest-road.ron"),
    ),
    (
        "21-tutorial-first-contact.ron",
        include_str!("../../../../scenarios/21-tutorial-first-contact.ron"),
    ),
    (
        "22-tutorial-hold-the-line.ron",
        include_str!("../../../../scenarios/22-tutorial-hold-the-line.ron"),
    ),
];

/// A shipped scenario by its number.
pub fn shipped(number: u32) -> Option<Scenario> {
    SHIPPED
        .iter()
        .filter_map(|(_, text)| Scenario::parse(text).ok())
        .find(|s| s.number == number)
}

/// `ID-or-PATH` as the command line takes it: a shipped scenario's number,
/// or a RON file.
/// The shipped scenario file that has `number`, read once.
pub fn file_numbered(number: u32) -> Option<&'static str> {
    static NUMBERS: std::sync::OnceLock<Vec<(u32, &'static str)>> = std::sync::OnceLock::new();
    NUMBERS
        .get_or_init(|| {
            SHIPPED
                .iter()
                .filter_map(|(file, text)| Some((Scenario::parse(text).ok()?.number, *file)))
                .collect()
        })
        .iter()
        .find(|(n, _)| *n == number)
        .map(|(_, file)| *file)
}

pub fn find(id_or_path: &str) -> Result<Scenario, String> {
    if let Ok(number) = id_or_path.parse::<u32>() {
        return shipped(number)
            .ok_or_else(|| format!("no shipped scenario has the number {number}: 1 to 22"));
    }
    let text = std::fs::read_to_string(id_or_path).map_err(|e| format!("{id_or_path}: {e}"))?;
    // A scenario on a rulebook of the player's own: the book beside it.
    if let Ok(s) = ron::from_str::<Scenario>(&text)
        && let Some(book) = &s.rulebook
    {
        super::rulebooks::read_beside(std::path::Path::new(id_or_path), book)?;
    }
    Scenario::parse(&text).map_err(|e| format!("{id_or_path}: {e}"))
}

/// A scenario by its number or file (the first tutorial when none is
/// named) with the dice to force first.
impl Configure for Wargame {
    fn configure(scenario: Option<&str>, dice: Vec<u8>) -> Result<Setup, String> {
        Ok(Setup {
            scenario: find(scenario.unwrap_or("21"))?,
            dice,
        })
    }
}

impl Default for Setup {
    /// The first tutorial.
    fn default() -> Setup {
        Setup {
            scenario: shipped(21).expect("scenario 21 ships"),
            dice: Vec::new(),
        }
    }
}
