//! A scenario: the map, each side's first row, victory condition and special
//! tokens, the turn limit and the army budget, read from one RON file.

use serde::{Deserialize, Serialize};

use super::board::Coord;
use super::data::{Rulebook, Terrain, UnitType};

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
pub struct Side {
    /// The row the army is placed on.
    pub first_row: i32,
    pub goal: Goal,
    /// Activations a turn.
    pub tokens: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
    pub fn parse(lines: &[String]) -> Result<Map, String> {
        if lines.is_empty() || lines.len() > MAX_ROWS {
            return Err(format!("map has {} rows: expected 1 to {MAX_ROWS}", lines.len()));
        }
        let mut terrain = Vec::new();
        let mut columns = None;
        for (row, line) in lines.iter().enumerate() {
            let mut count = 0;
            for letter in line.split_whitespace() {
                let mut chars = letter.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return Err(format!(
                        "map row {row}: `{letter}` is not one letter; separate hexes with spaces"
                    ));
                };
                let t = Terrain::from_letter(c).ok_or_else(|| {
                    format!("map row {row}: unknown terrain letter `{c}`: expected . f h s m ~ r F B =")
                })?;
                terrain.push(t);
                count += 1;
            }
            match columns {
                None if count == 0 || count > MAX_COLUMNS => {
                    return Err(format!(
                        "map row {row} has {count} hexes: expected 1 to {MAX_COLUMNS}"
                    ));
                }
                None => columns = Some(count),
                Some(c) if c != count => {
                    return Err(format!(
                        "map row {row} has {count} hexes but row 0 has {c}: every row needs the same number"
                    ));
                }
                Some(_) => {}
            }
        }
        Ok(Map {
            columns: columns.unwrap_or(0) as i32,
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
    pub fn parse(text: &str) -> Result<Scenario, String> {
        let scenario: Scenario = ron::from_str(text).map_err(|e| e.to_string())?;
        scenario.validate()?;
        Ok(scenario)
    }

    pub fn side(&self, seat: usize) -> &Side {
        if seat == 0 { &self.black } else { &self.white }
    }

    /// The file name a shipped scenario has, `NN-name.ron`.
    pub fn label(&self) -> String {
        format!("{:02} {}", self.number, self.name)
    }

    /// Whether the scenario can be played: every problem found is one line.
    pub fn validate(&self) -> Result<Map, String> {
        let book = Rulebook::get();
        let map = Map::parse(&self.map)?;
        let mut problems = Vec::new();
        if !(1..=99).contains(&self.number) {
            problems.push(format!("number {} is not 1 to 99", self.number));
        }
        if self.turn_limit == 0 || self.turn_limit > 50 {
            problems.push(format!("turn_limit {} is not 1 to 50", self.turn_limit));
        }
        let cheapest = book.units.iter().map(|u| u.cost).min().unwrap_or(1);
        if self.budget < cheapest || self.budget > 60 {
            problems.push(format!(
                "budget {} is not {cheapest} to 60: no army could use it",
                self.budget
            ));
        }
        let forts = map.forts().len() as u32;
        for (name, side) in [("black", &self.black), ("white", &self.white)] {
            if !(1..=6).contains(&side.tokens) {
                problems.push(format!("{name}.tokens {} is not 1 to 6", side.tokens));
            }
            if !(0..map.rows).contains(&side.first_row) {
                problems.push(format!(
                    "{name}.first_row {} is off the map (rows 0 to {})",
                    side.first_row,
                    map.rows - 1
                ));
            } else if !map
                .row(side.first_row)
                .any(|c| book.ground(map.at(c)).allows(UnitType::Infantry))
            {
                problems.push(format!(
                    "{name}.first_row {} has no hex a unit may stand on",
                    side.first_row
                ));
            }
            match side.goal {
                Goal::Forts(n) if n == 0 || n > forts => {
                    problems.push(format!("{name}.goal asks for {n} forts but the map has {forts}"))
                }
                Goal::Lead(n) if n == 0 || self.arrows.is_empty() => problems.push(format!(
                    "{name}.goal leads {n} units but the scenario has {} arrow hexes",
                    self.arrows.len()
                )),
                Goal::Points(0) => problems.push(format!("{name}.goal of 0 points is won at once")),
                _ => {}
            }
        }
        if self.black.first_row == self.white.first_row {
            problems.push("black and white have the same first row".into());
        }
        for &arrow in &self.arrows {
            if !map.contains(arrow) {
                problems.push(format!("arrow hex {arrow:?} is off the map"));
            } else if !book.ground(map.at(arrow)).allows(UnitType::Infantry) {
                problems.push(format!(
                    "arrow hex {arrow:?} is on {:?}, where no unit may stand",
                    map.at(arrow)
                ));
            }
        }
        if problems.is_empty() {
            Ok(map)
        } else {
            Err(problems.join("; "))
        }
    }
}

/// The 22 scenarios that ship with the game, compiled in for the referee,
/// the tests and the browser; the folder copy is what the table loads.
pub const SHIPPED: [(&str, &str); 22] = [
    (
        "01-border-skirmish.ron",
        include_str!("../../../scenarios/01-border-skirmish.ron"),
    ),
    (
        "02-the-orchard.ron",
        include_str!("../../../scenarios/02-the-orchard.ron"),
    ),
    (
        "03-river-crossing.ron",
        include_str!("../../../scenarios/03-river-crossing.ron"),
    ),
    (
        "04-marsh-ambush.ron",
        include_str!("../../../scenarios/04-marsh-ambush.ron"),
    ),
    (
        "05-twin-hills.ron",
        include_str!("../../../scenarios/05-twin-hills.ron"),
    ),
    (
        "06-the-old-fort.ron",
        include_str!("../../../scenarios/06-the-old-fort.ron"),
    ),
    (
        "07-fort-on-the-ford.ron",
        include_str!("../../../scenarios/07-fort-on-the-ford.ron"),
    ),
    (
        "08-mountain-pass.ron",
        include_str!("../../../scenarios/08-mountain-pass.ron"),
    ),
    (
        "09-forest-stronghold.ron",
        include_str!("../../../scenarios/09-forest-stronghold.ron"),
    ),
    (
        "10-the-bunker-line.ron",
        include_str!("../../../scenarios/10-the-bunker-line.ron"),
    ),
    (
        "11-three-forts.ron",
        include_str!("../../../scenarios/11-three-forts.ron"),
    ),
    (
        "12-the-crossroads.ron",
        include_str!("../../../scenarios/12-the-crossroads.ron"),
    ),
    (
        "13-river-forts.ron",
        include_str!("../../../scenarios/13-river-forts.ron"),
    ),
    (
        "14-highland-holds.ron",
        include_str!("../../../scenarios/14-highland-holds.ron"),
    ),
    (
        "15-the-five-keeps.ron",
        include_str!("../../../scenarios/15-the-five-keeps.ron"),
    ),
    (
        "16-the-breakout.ron",
        include_str!("../../../scenarios/16-the-breakout.ron"),
    ),
    (
        "17-through-the-marsh.ron",
        include_str!("../../../scenarios/17-through-the-marsh.ron"),
    ),
    (
        "18-the-long-valley.ron",
        include_str!("../../../scenarios/18-the-long-valley.ron"),
    ),
    (
        "19-bridges-at-dawn.ron",
        include_str!("../../../scenarios/19-bridges-at-dawn.ron"),
    ),
    (
        "20-the-forest-road.ron",
        include_str!("../../../scenarios/20-the-forest-road.ron"),
    ),
    (
        "21-tutorial-first-contact.ron",
        include_str!("../../../scenarios/21-tutorial-first-contact.ron"),
    ),
    (
        "22-tutorial-hold-the-line.ron",
        include_str!("../../../scenarios/22-tutorial-hold-the-line.ron"),
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
pub fn find(id_or_path: &str) -> Result<Scenario, String> {
    if let Ok(number) = id_or_path.parse::<u32>() {
        return shipped(number)
            .ok_or_else(|| format!("no shipped scenario has the number {number}: 1 to 22"));
    }
    let text = std::fs::read_to_string(id_or_path).map_err(|e| format!("{id_or_path}: {e}"))?;
    Scenario::parse(&text).map_err(|e| format!("{id_or_path}: {e}"))
}
