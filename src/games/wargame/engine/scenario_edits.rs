//! The scenario being edited and every change a modder makes to it, with
//! undo and redo, without Bevy: the editor's screen turns clicks and keys
//! into `Edit`s, and the tests make the same ones. A change the format
//! cannot hold (a hex off the map, a board larger than the rulebook's) is
//! refused with its message and changes nothing; a change that leaves the
//! scenario unplayable is made, and `flaws` lists what to fix.

use crate::games::wargame::engine::board::Coord;
use crate::games::wargame::engine::data::Terrain;
use crate::games::wargame::engine::scenario::{Goal, MAX_COLUMNS, MAX_ROWS, Scenario, ScenarioKind, Side};
use crate::games::wargame::engine::scenario_check::{Flaw, Place};
use crate::games::wargame::engine::scenario_text::ScenarioText;
use crate::games::wargame::engine::shipped;
use crate::rules::Seat;

/// How many steps undo goes back.
const UNDO_DEPTH: usize = 200;

/// One change to the scenario.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// One hex painted. The hexes of one drag are undone together.
    Paint {
        at: Coord,
        terrain: Terrain,
    },
    /// The hex and every hex of the same terrain joined to it.
    Fill {
        at: Coord,
        terrain: Terrain,
    },
    /// The board's size: new hexes are plain, rows and columns beyond it go.
    Resize {
        columns: i32,
        rows: i32,
    },
    /// An arrow hex added, or taken away if there is one.
    ToggleArrow(Coord),
    FirstRow {
        seat: Seat,
        row: i32,
    },
    Goal {
        seat: Seat,
        goal: Goal,
    },
    Tokens {
        seat: Seat,
        tokens: u32,
    },
    TurnLimit(u32),
    Budget(u32),
    Kind(ScenarioKind),
    Number(u32),
    Name(String),
    About(String),
    /// The unit classes armies may buy; `None` for every class.
    Units(Option<Vec<String>>),
    /// The commanders sides may choose; `None` for every one.
    Commanders(Option<Vec<String>>),
    /// A rulebook of the player's own; `None` for the shipped cards.
    Rulebook(Option<String>),
}

impl Edit {
    /// Changes that go on (a drag painting, typing a name, dragging a
    /// number) are undone together: the kind each merges by.
    fn merges(&self) -> Option<&'static str> {
        Some(match self {
            Edit::Paint { .. } => "paint",
            Edit::Name(_) => "name",
            Edit::About(_) => "about",
            Edit::Number(_) => "number",
            Edit::TurnLimit(_) => "turn limit",
            Edit::Budget(_) => "budget",
            Edit::Tokens { seat: 0, .. } => "black tokens",
            Edit::Tokens { .. } => "white tokens",
            _ => return None,
        })
    }
}

/// The scenario being edited, its file's comments, and its history.
#[derive(Debug, Clone)]
pub struct ScenarioEditor {
    text: ScenarioText,
    undo: Vec<Scenario>,
    redo: Vec<Scenario>,
    /// The kind of the last change while it goes on (a drag painting, a
    /// field typed into or dragged): its changes are one step of undo.
    merging: Option<&'static str>,
    /// A change since the file was last saved.
    pub unsaved: bool,
}

impl ScenarioEditor {
    pub fn new(text: ScenarioText) -> ScenarioEditor {
        ScenarioEditor {
            text,
            undo: Vec::new(),
            redo: Vec::new(),
            merging: None,
            unsaved: false,
        }
    }

    /// A new scenario: an open 9 by 10 skirmish, as the rulebook's first
    /// battles are, numbered after the highest number in use.
    pub fn blank(number: u32) -> ScenarioEditor {
        let row = ["."; 9].join(" ");
        ScenarioEditor::new(ScenarioText::new(Scenario {
            number: number.clamp(1, 99),
            name: "My Battle".into(),
            kind: ScenarioKind::Skirmish,
            about: "A battle of my own.".into(),
            map: vec![row; 10],
            arrows: Vec::new(),
            black: Side {
                first_row: 0,
                goal: Goal::Points(15),
                tokens: 3,
            },
            white: Side {
                first_row: 9,
                goal: Goal::Points(15),
                tokens: 3,
            },
            turn_limit: 12,
            budget: 20,
            units: None,
            commanders: None,
            rulebook: None,
            tutorial: Vec::new(),
        }))
    }

    /// A copy of `scenario`'s file to change and save under a new number.
    pub fn copy_of(mut text: ScenarioText, number: u32) -> ScenarioEditor {
        let s = &mut text.scenario;
        s.number = number.clamp(1, 99);
        s.name = copy_name(&s.name);
        if s.kind == ScenarioKind::Tutorial {
            // A copy is a battle of the player's own, not a lesson.
            s.kind = ScenarioKind::Skirmish;
            s.tutorial.clear();
        }
        ScenarioEditor::new(text)
    }

    pub fn scenario(&self) -> &Scenario {
        &self.text.scenario
    }

    /// The file as it would be saved.
    pub fn file_text(&self) -> String {
        self.text.write()
    }

    /// The file's name in the player's folder: its number and its name.
    pub fn file_name(&self) -> String {
        let s = self.scenario();
        let mut slug = String::new();
        for c in s.name.to_lowercase().chars() {
            if c.is_ascii_alphanumeric() {
                slug.push(c);
            } else if !slug.ends_with('-') && !slug.is_empty() {
                slug.push('-');
            }
        }
        let slug = slug.trim_end_matches('-');
        let slug = if slug.is_empty() { "scenario" } else { slug };
        format!("{:02}-{slug}.ron", s.number)
    }

    /// The board's width and height, as its longest row and its rows.
    pub fn size(&self) -> (i32, i32) {
        let columns = self
            .scenario()
            .map
            .iter()
            .map(|r| r.split_whitespace().count())
            .max()
            .unwrap_or(0);
        (columns as i32, self.scenario().map.len() as i32)
    }

    /// The terrain of a hex, if the map has a known letter there.
    pub fn terrain(&self, at: Coord) -> Option<Terrain> {
        let row = self.scenario().map.get(usize::try_from(at.row()).ok()?)?;
        let letter = row.split_whitespace().nth(usize::try_from(at.col()).ok()?)?;
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Terrain::from_letter(c),
            _ => None,
        }
    }

    /// Every problem that keeps the scenario from being played, as
    /// `validate` finds them; empty when it can be.
    pub fn flaws(&self) -> Vec<Flaw> {
        let s = self.scenario();
        let mut flaws = s.check().err().unwrap_or_default();
        // A shipped scenario's number, which a file of the player's own
        // may not take.
        if let Some(file) = shipped::file_numbered(s.number) {
            flaws.push(Flaw::at(
                Place::Field("number"),
                format!(
                    "number {} belongs to the shipped scenario {file}: give yours a number from 23 to 99",
                    s.number
                ),
            ));
        }
        flaws
    }

    pub fn playable(&self) -> bool {
        self.flaws().is_empty()
    }

    /// The hex a problem is at, to ring on the board.
    pub fn hex_of(&self, flaw: &Flaw) -> Option<Coord> {
        let s = self.scenario();
        match flaw.place {
            Place::Cell(row, col) => Some(Coord(col as i32, row as i32)),
            Place::Row(row) => Some(Coord(0, row as i32)),
            Place::Item("arrows", i) => s.arrows.get(i).copied(),
            Place::Item("tutorial", i) => s.tutorial.get(i).and_then(|l| l.point),
            Place::SideField(side, "first_row") => {
                let row = if side == "black" {
                    s.black.first_row
                } else {
                    s.white.first_row
                };
                Some(Coord(0, row))
            }
            _ => None,
        }
    }

    /// Makes a change, or says why it cannot be made (and changes nothing).
    pub fn apply(&mut self, edit: Edit) -> Result<(), String> {
        let before = self.text.scenario.clone();
        let mut after = before.clone();
        change(&mut after, &edit)?;
        if after == before {
            return Ok(());
        }
        let merging = edit.merges();
        if merging.is_none() || merging != self.merging {
            self.undo.push(before);
            if self.undo.len() > UNDO_DEPTH {
                self.undo.remove(0);
            }
        }
        self.merging = merging;
        self.redo.clear();
        self.text.scenario = after;
        self.unsaved = true;
        Ok(())
    }

    /// Ends a drag (the pointer let go): the next paint is a step of its own.
    pub fn end_stroke(&mut self) {
        self.merging = None;
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn undo(&mut self) -> bool {
        self.step(true)
    }

    pub fn redo(&mut self) -> bool {
        self.step(false)
    }

    fn step(&mut self, back: bool) -> bool {
        let (from, to) = if back {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let Some(scenario) = from.pop() else {
            return false;
        };
        to.push(std::mem::replace(&mut self.text.scenario, scenario));
        self.merging = None;
        self.unsaved = true;
        true
    }
}

/// "Copy of NAME", kept within the name's 60 characters.
fn copy_name(name: &str) -> String {
    format!("Copy of {name}").chars().take(60).collect()
}

/// The map as letters, row by row.
fn letters(map: &[String]) -> Vec<Vec<char>> {
    map.iter()
        .map(|row| {
            row.split_whitespace()
                .map(|l| l.chars().next().unwrap_or('.'))
                .collect()
        })
        .collect()
}

fn write_map(grid: &[Vec<char>]) -> Vec<String> {
    grid.iter()
        .map(|row| row.iter().map(char::to_string).collect::<Vec<_>>().join(" "))
        .collect()
}

fn on_map(grid: &[Vec<char>], at: Coord) -> Result<(usize, usize), String> {
    let (col, row) = (at.col(), at.row());
    let fits =
        row >= 0 && (row as usize) < grid.len() && col >= 0 && (col as usize) < grid[row as usize].len();
    if fits {
        Ok((col as usize, row as usize))
    } else {
        Err(format!("{} is off the map", at.pair()))
    }
}

/// Makes `edit` on `s`, or says why it cannot be made.
fn change(s: &mut Scenario, edit: &Edit) -> Result<(), String> {
    match edit {
        Edit::Paint { at, terrain } => {
            let mut grid = letters(&s.map);
            let (col, row) = on_map(&grid, *at)?;
            grid[row][col] = terrain.letter();
            s.map = write_map(&grid);
        }
        Edit::Fill { at, terrain } => {
            let mut grid = letters(&s.map);
            let (col, row) = on_map(&grid, *at)?;
            let from = grid[row][col];
            let to = terrain.letter();
            if from != to {
                let mut stack = vec![*at];
                while let Some(c) = stack.pop() {
                    let Ok((col, row)) = on_map(&grid, c) else {
                        continue;
                    };
                    if grid[row][col] != from {
                        continue;
                    }
                    grid[row][col] = to;
                    stack.extend(c.neighbours());
                }
            }
            s.map = write_map(&grid);
        }
        Edit::Resize { columns, rows } => {
            if !(1..=MAX_COLUMNS as i32).contains(columns) || !(1..=MAX_ROWS as i32).contains(rows) {
                return Err(format!(
                    "a board is 1 to {MAX_COLUMNS} hexes wide and 1 to {MAX_ROWS} rows long: {columns} by {rows} is not"
                ));
            }
            let mut grid = letters(&s.map);
            grid.resize(*rows as usize, Vec::new());
            for row in &mut grid {
                row.resize(*columns as usize, '.');
            }
            s.map = write_map(&grid);
            s.arrows
                .retain(|a| (0..*columns).contains(&a.col()) && (0..*rows).contains(&a.row()));
        }
        Edit::ToggleArrow(at) => {
            on_map(&letters(&s.map), *at)?;
            if let Some(i) = s.arrows.iter().position(|a| a == at) {
                s.arrows.remove(i);
            } else {
                if s.arrows.len() >= 16 {
                    return Err("a scenario has at most 16 arrow hexes".into());
                }
                s.arrows.push(*at);
                s.arrows.sort_by_key(|a| (a.row(), a.col()));
            }
        }
        Edit::FirstRow { seat, row } => {
            if !(0..s.map.len() as i32).contains(row) {
                return Err(format!(
                    "row {row} is off the map: rows are 0 to {}",
                    s.map.len() as i32 - 1
                ));
            }
            side_mut(s, *seat).first_row = *row;
        }
        Edit::Goal { seat, goal } => side_mut(s, *seat).goal = *goal,
        Edit::Tokens { seat, tokens } => {
            if !(1..=6).contains(tokens) {
                return Err(format!("{tokens} special tokens: a side has 1 to 6 a turn"));
            }
            side_mut(s, *seat).tokens = *tokens;
        }
        Edit::TurnLimit(n) => {
            if !(1..=50).contains(n) {
                return Err(format!("{n} rounds: a battle lasts 1 to 50"));
            }
            s.turn_limit = *n;
        }
        Edit::Budget(n) => {
            if *n > 60 {
                return Err(format!("{n} points: an army costs at most 60"));
            }
            s.budget = *n;
        }
        Edit::Kind(kind) => {
            if *kind == ScenarioKind::Tutorial && s.tutorial.is_empty() {
                return Err(
                    "a tutorial needs its lessons, which are written in the file (docs/modding.md)".into(),
                );
            }
            s.kind = *kind;
        }
        Edit::Number(n) => {
            if !(1..=99).contains(n) {
                return Err(format!("number {n} is not 1 to 99"));
            }
            s.number = *n;
        }
        Edit::Name(name) => {
            if name.chars().count() > 60 {
                return Err("a name has at most 60 characters".into());
            }
            s.name = name.clone();
        }
        Edit::About(about) => {
            if about.chars().count() > 400 {
                return Err("the description has at most 400 characters".into());
            }
            s.about = about.clone();
        }
        Edit::Units(units) => s.units = units.clone(),
        Edit::Commanders(commanders) => s.commanders = commanders.clone(),
        Edit::Rulebook(book) => s.rulebook = book.clone(),
    }
    Ok(())
}

fn side_mut(s: &mut Scenario, seat: Seat) -> &mut Side {
    if seat == 0 { &mut s.black } else { &mut s.white }
}
