//! A scenario: the map, each side's first row, victory condition and special
//! tokens, the turn limit and the army budget, read from one RON file.

use serde::{Deserialize, Serialize};

use super::board::Coord;
use super::data::{Rulebook, Terrain};
use super::rulebooks::{self, plain_id};
use super::scenario_flaw::{Flaw, Place};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScenarioKind {
    Skirmish,
    Defense,
    Domination,
    BehindEnemyLines,
    Tutorial,
}

impl ScenarioKind {
    pub fn label(self) -> &'static str {
        match self {
            ScenarioKind::Skirmish => "Skirmish",
            ScenarioKind::Defense => "Defense",
            ScenarioKind::Domination => "Domination",
            ScenarioKind::BehindEnemyLines => "Behind enemy lines",
            ScenarioKind::Tutorial => "Tutorial",
        }
    }
}

/// A side's victory condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// Reach this many victory points.
    Points(u32),
    /// Hold this many forts at the beginning of your turn.
    Forts(u32),
    /// Have this many units on arrow hexes at the beginning of your turn.
    Lead(u32),
}

impl Goal {
    /// A side that must take something loses when the turn limit passes.
    pub fn must_take(self) -> bool {
        !matches!(self, Goal::Points(_))
    }

    pub fn describe(self) -> String {
        match self {
            Goal::Points(n) => format!("obtain {n} victory points"),
            Goal::Forts(1) => "capture the fort".into(),
            Goal::Forts(n) => format!("hold {n} forts at the beginning of your turn"),
            Goal::Lead(n) => format!("lead {n} units onto the arrow hexes"),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// The row the army is placed on.
    pub first_row: i32,
    pub goal: Goal,
    /// Activations a turn.
    pub tokens: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub number: u32,
    pub name: String,
    pub kind: ScenarioKind,
    /// A line or two for the picker.
    pub about: String,
    /// One string per row, one letter per hex, separated by spaces:
    /// `.` plain, `f` forest, `h` hill, `s` swamp, `m` mountains, `~` stream,
    /// `r` river, `F` fort, `B` bunker, `=` bridge.
    pub map: Vec<String>,
    /// The hexes the advancing side must reach.
    #[serde(default)]
    pub arrows: Vec<Coord>,
    /// Thargaton, player 0.
    pub black: Side,
    /// Vesania, player 1.
    pub white: Side,
    /// Rounds (a turn each) before the game ends.
    pub turn_limit: u32,
    /// Army points a side spends.
    pub budget: u32,
    /// The unit classes armies may buy; every class when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units: Option<Vec<String>>,
    /// The commanders sides may choose; `[]` plays without commanders, as
    /// the rulebook suggests for first games; every one when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commanders: Option<Vec<String>>,
    /// A rulebook of the player's own (`rulebooks/NAME.ron` beside the
    /// scenario) whose unit cards and commanders the battle uses; the
    /// shipped ones when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rulebook: Option<String>,
    /// A guided battle: what to tell the player, step by step, and what
    /// each step waits for. Played when a person meets the computer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tutorial: Vec<Lesson>,
}

/// One step of a tutorial.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// What the step says, a sentence or three.
    pub say: String,
    /// A hex to ring on the board while the step is shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub point: Option<Coord>,
    /// What the player does to go on.
    pub until: Until,
}

/// What a tutorial step waits for: the player's own doing, as the table
/// shows it to them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Until {
    /// The Next button.
    Next,
    /// The army deployed: the battle begins.
    Deploy,
    /// One of the player's blocks activated.
    Activate,
    /// One of the player's blocks moved.
    Move,
    /// The player attacked (melee, a charge, fire).
    Attack,
    /// An activation ended (Space, or the unit's last action).
    EndActivation,
    /// The player's turn ended (E).
    EndTurn,
}

/// The largest map a scenario may have.
pub const MAX_COLUMNS: usize = 16;
pub const MAX_ROWS: usize = 16;

/// The map read into terrain, row by row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Map {
    pub columns: i32,
    pub rows: i32,
    pub terrain: Vec<Terrain>,
}

impl Map {
    /// The map, or every problem in it with where it is.
    pub fn parse(lines: &[String]) -> Result<Map, Vec<Flaw>> {
        if lines.is_empty() || lines.len() > MAX_ROWS {
            return Err(vec![Flaw::at(
                Place::Field("map"),
                format!("the map has {} rows: expected 1 to {MAX_ROWS}", lines.len()),
            )]);
        }
        let mut flaws = Vec::new();
        let mut terrain = Vec::new();
        // The width most rows have, so one wrong row is the one reported.
        let counts: Vec<usize> = lines.iter().map(|l| l.split_whitespace().count()).collect();
        let columns = *counts
            .iter()
            .max_by_key(|&&n| (counts.iter().filter(|&&m| m == n).count(), std::cmp::Reverse(n)))
            .expect("at least one row");
        for (row, line) in lines.iter().enumerate() {
            let letters: Vec<&str> = line.split_whitespace().collect();
            if letters.is_empty() || letters.len() > MAX_COLUMNS {
                flaws.push(Flaw::at(
                    Place::Row(row),
                    format!(
                        "map row {row} has {} hexes: expected 1 to {MAX_COLUMNS}",
                        letters.len()
                    ),
                ));
            } else if letters.len() != columns {
                flaws.push(Flaw::at(
                    Place::Row(row),
                    format!(
                        "map row {row} has {} hexes but the other rows have {columns}: a map has no holes, every row needs the same number",
                        letters.len()
                    ),
                ));
            }
            for (col, letter) in letters.iter().enumerate() {
                let mut chars = letter.chars();
                let found = match (chars.next(), chars.next()) {
                    (Some(c), None) => Terrain::from_letter(c),
                    _ => None,
                };
                match found {
                    Some(t) => terrain.push(t),
                    None => flaws.push(Flaw::at(
                        Place::Cell(row, col),
                        format!(
                            "unknown terrain `{letter}` at map row {row}, column {col}: expected one letter of . f h s m ~ r F B =, hexes separated by spaces"
                        ),
                    )),
                }
            }
        }
        if !flaws.is_empty() {
            return Err(flaws);
        }
        Ok(Map {
            columns: columns as i32,
            rows: lines.len() as i32,
            terrain,
        })
    }

    pub fn contains(&self, at: Coord) -> bool {
        (0..self.columns).contains(&at.col()) && (0..self.rows).contains(&at.row())
    }

    /// The terrain at a hex on the map.
    pub fn at(&self, at: Coord) -> Terrain {
        self.terrain[self.index(at)]
    }

    pub fn index(&self, at: Coord) -> usize {
        (at.row() * self.columns + at.col()) as usize
    }

    pub fn coords(&self) -> impl Iterator<Item = Coord> + '_ {
        (0..self.rows).flat_map(move |row| (0..self.columns).map(move |col| Coord(col, row)))
    }

    pub fn row(&self, row: i32) -> impl Iterator<Item = Coord> + '_ {
        (0..self.columns).map(move |col| Coord(col, row))
    }

    pub fn forts(&self) -> Vec<Coord> {
        self.coords().filter(|&c| self.at(c) == Terrain::Fort).collect()
    }
}

impl Scenario {
    pub fn side(&self, seat: usize) -> &Side {
        if seat == 0 { &self.black } else { &self.white }
    }

    /// The number and name, as the picker lists it.
    pub fn label(&self) -> String {
        format!("{:02} {}", self.number, self.name)
    }

    /// Whether the scenario can be played: its map, or every problem.
    pub fn validate(&self) -> Result<Map, String> {
        self.check().map_err(|flaws| {
            flaws
                .iter()
                .map(|f| f.message.clone())
                .collect::<Vec<_>>()
                .join("; ")
        })
    }

    /// Whether a side may buy this class here (a book's card by its id
    /// in the book).
    pub fn allows_unit(&self, class: &str) -> bool {
        let class = plain_id(class);
        self.units.as_ref().is_none_or(|u| u.iter().any(|c| c == class))
    }

    pub fn allows_commander(&self, id: &str) -> bool {
        let id = plain_id(id);
        self.commanders.as_ref().is_none_or(|c| c.iter().any(|c| c == id))
    }

    /// The cards and commanders the battle uses: its rulebook's, or the
    /// shipped ones (also while a named book has not been read: the check
    /// refuses the scenario then).
    pub fn book(&self) -> &'static Rulebook {
        rulebooks::book_of(self.rulebook.as_deref())
    }
}
