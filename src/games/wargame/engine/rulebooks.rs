//! Rulebooks of the players' own: a RON file of unit cards and commanders
//! that change the shipped ones (a card with a shipped id replaces it) or
//! add to them (a new id), in a `rulebooks` folder beside the scenarios;
//! a scenario names one with `rulebook: Some("NAME")`. A book is checked
//! as the shipped data is, then kept here under its name for every battle
//! on it. Its cards and commanders carry the book's name in their ids
//! (`veterans/line_infantry`), so that a block on a battlefield, a save or
//! a replay says whose card it is; `Rulebook::unit` and `commander` find
//! them here. A battle on a book this program has not read is refused
//! before it starts, with the file it needs.

use std::sync::RwLock;

use serde::{Deserialize, Serialize};

use super::data::{Commander, Faction, Rulebook, UnitCard, UnitType};

/// The largest rulebook file read.
pub const MAX_RULEBOOK_BYTES: usize = 128 * 1024;

/// The folder beside the scenarios that holds the players' rulebooks.
pub const FOLDER: &str = "rulebooks";

/// A rulebook file: what it changes in the shipped cards and commanders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulebookFile {
    /// Shown in the picker and the messages.
    pub name: String,
    /// Unit cards: a shipped id replaces that card, a new id adds one.
    #[serde(default)]
    pub units: Vec<UnitCard>,
    /// Commanders: a shipped id replaces that commander, a new id adds one.
    #[serde(default)]
    pub commanders: Vec<Commander>,
}

/// The books read so far, by the name scenarios use (the file's name
/// without `.ron`). Each is kept for the program's life: a battle holds its
/// cards by reference, and a book read again is kept anew beside it.
static BOOKS: RwLock<Vec<(String, &'static Rulebook)>> = RwLock::new(Vec::new());

/// The id a book's card or commander has in a battle.
pub fn qualified(book: &str, id: &str) -> String {
    format!("{book}/{id}")
}

/// A card's or commander's id as a scenario's lists name it: without the
/// book's name.
pub fn plain_id(id: &str) -> &str {
    id.split_once('/').map_or(id, |(_, id)| id)
}

/// A rulebook named `name` read from `text`: the shipped book with the
/// file's changes, every id qualified by `name`; or what is wrong, said as
/// `validate` says it.
pub fn read(name: &str, text: &str) -> Result<Rulebook, String> {
    if text.len() > MAX_RULEBOOK_BYTES {
        return Err(format!(
            "the file is {} bytes: a rulebook file may be at most {MAX_RULEBOOK_BYTES}",
            text.len()
        ));
    }
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(format!(
            "`{name}` cannot name a rulebook: use letters, digits, - and _ in its file name"
        ));
    }
    let file: RulebookFile = ron::from_str(text).map_err(|e| {
        format!(
            "{}:{}: {}",
            e.span.start.line.max(1),
            e.span.start.col.max(1),
            e.code
        )
    })?;
    amend(name, &file)
}

/// The shipped book with `file`'s changes, ids qualified by `name`.
pub fn amend(name: &str, file: &RulebookFile) -> Result<Rulebook, String> {
    let mut book = Rulebook::get().clone();
    if file.units.is_empty() && file.commanders.is_empty() {
        return Err("the rulebook changes nothing: list at least one unit card or commander".into());
    }
    for card in &file.units {
        if card.id.contains('/') || card.id.is_empty() {
            return Err(format!("unit `{}`: an id is one word, without /", card.id));
        }
        match book.units.iter_mut().find(|u| u.id == card.id) {
            Some(shipped) => *shipped = card.clone(),
            None => book.units.push(card.clone()),
        }
    }
    for commander in &file.commanders {
        if commander.id.contains('/') || commander.id.is_empty() {
            return Err(format!(
                "commander `{}`: an id is one word, without /",
                commander.id
            ));
        }
        match book.commanders.iter_mut().find(|c| c.id == commander.id) {
            Some(shipped) => *shipped = commander.clone(),
            None => book.commanders.push(commander.clone()),
        }
    }
    check(&book)?;
    for card in &mut book.units {
        card.id = qualified(name, &card.id);
    }
    for commander in &mut book.commanders {
        commander.id = qualified(name, &commander.id);
    }
    Ok(book)
}

/// What a book of a player's own must hold: every faction fields every
/// type (a hidden block shows its type), no two cards look alike on the
/// board, and every number is one the rules can use.
fn check(book: &Rulebook) -> Result<(), String> {
    for faction in [Faction::Thargaton, Faction::Vesania] {
        for kind in [UnitType::Infantry, UnitType::Cavalry, UnitType::Artillery] {
            if !book.units.iter().any(|u| u.faction == faction && u.kind == kind) {
                return Err(format!(
                    "{faction:?} has no {kind:?} card: every side needs one of each type"
                ));
            }
        }
        if book.units.iter().filter(|u| u.faction == faction).count() > 16 {
            return Err(format!("{faction:?} has more than 16 unit cards"));
        }
    }
    for (i, unit) in book.units.iter().enumerate() {
        let id = &unit.id;
        if !(1..=4).contains(&unit.size) {
            return Err(format!("unit {id}: size {} is not 1 to 4", unit.size));
        }
        if !(1..=30).contains(&unit.cost) {
            return Err(format!("unit {id}: cost {} is not 1 to 30", unit.cost));
        }
        if !(2..=12).contains(&unit.discipline) {
            return Err(format!(
                "unit {id}: discipline {} is not 2 to 12",
                unit.discipline
            ));
        }
        let numbers = [unit.melee, unit.defense, unit.ranged.unwrap_or(0)];
        if numbers.iter().any(|n| !(0..=9).contains(n)) {
            return Err(format!("unit {id}: melee, ranged and defense must be 0 to 9"));
        }
        if unit.name.trim().is_empty() || unit.name.chars().count() > 40 {
            return Err(format!("unit {id}: the name must be 1 to 40 characters"));
        }
        if let Some(other) = book.units[..i]
            .iter()
            .find(|b| (b.kind, b.emblem) == (unit.kind, unit.emblem))
        {
            return Err(format!(
                "units {} and {id} would look alike on the board (both {:?} with the emblem {:?}): give one another emblem",
                other.id, unit.kind, unit.emblem
            ));
        }
    }
    for commander in &book.commanders {
        if commander.name.trim().is_empty() || commander.name.chars().count() > 40 {
            return Err(format!(
                "commander {}: the name must be 1 to 40 characters",
                commander.id
            ));
        }
    }
    Ok(())
}

/// A battle's cards and commanders are found in its own book, or, for a
/// book's own id, in the book kept under that name: here rather than in
/// `data`, which knows no players' books.
impl Rulebook {
    /// The card with this class id: in this book, or for a book's own id
    /// (`veterans/line_infantry`) in that book.
    pub fn unit(&self, id: &str) -> Option<&UnitCard> {
        self.units.iter().find(|u| u.id == id).or_else(|| {
            let (book, _) = id.split_once('/')?;
            named(book)?.units.iter().find(|u| u.id == id)
        })
    }

    /// The commander with this id, as `unit` finds a card.
    pub fn commander(&self, id: &str) -> Option<&Commander> {
        self.commanders.iter().find(|c| c.id == id).or_else(|| {
            let (book, _) = id.split_once('/')?;
            named(book)?.commanders.iter().find(|c| c.id == id)
        })
    }
}

/// Keeps `book` under `name` for the battles that name it, in place of a
/// book read before under that name.
pub fn keep(name: &str, book: Rulebook) -> &'static Rulebook {
    let book: &'static Rulebook = Box::leak(Box::new(book));
    let mut books = BOOKS.write().unwrap_or_else(|e| e.into_inner());
    books.retain(|(n, _)| n != name);
    books.push((name.to_string(), book));
    book
}

/// Forgets the book named `name`: battles on it are refused again.
pub fn forget(name: &str) {
    let mut books = BOOKS.write().unwrap_or_else(|e| e.into_inner());
    books.retain(|(n, _)| n != name);
}

/// The names of the books kept, in the order they were read.
pub fn names() -> Vec<String> {
    let books = BOOKS.read().unwrap_or_else(|e| e.into_inner());
    books.iter().map(|(n, _)| n.clone()).collect()
}

/// The book kept under `name`.
pub fn named(name: &str) -> Option<&'static Rulebook> {
    let books = BOOKS.read().unwrap_or_else(|e| e.into_inner());
    books.iter().find(|(n, _)| n == name).map(|(_, b)| *b)
}

/// The book named (`None`: the shipped one), or the shipped one while a
/// named book has not been read.
pub fn book_of(name: Option<&str>) -> &'static Rulebook {
    name.and_then(named).unwrap_or_else(Rulebook::get)
}

/// Reads the book a scenario file at `scenario_path` names, from the
/// `rulebooks` folder beside it, and keeps it; what is wrong otherwise.
pub fn read_beside(scenario_path: &std::path::Path, name: &str) -> Result<&'static Rulebook, String> {
    let folder = scenario_path.parent().unwrap_or(std::path::Path::new("."));
    let path = folder.join(FOLDER).join(format!("{name}.ron"));
    let text = std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "the scenario names the rulebook `{name}`, but {} cannot be read: {e}",
            path.display()
        )
    })?;
    let book = read(name, &text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(keep(name, book))
}
