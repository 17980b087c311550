//! Checking a scenario file the way a modder needs it: every problem, each
//! with the line and column it is at and what was expected, for syntax
//! (from ron) and meaning (from the rules) alike.

use std::collections::VecDeque;
use std::fmt;

use super::board::Coord;
use super::data::{Rulebook, UnitType};
use super::rulebooks::{self, plain_id};
use super::scenario::{Goal, Map, Scenario};
pub use super::scenario_flaw::{Flaw, Place};

/// The largest scenario file read.
pub const MAX_FILE_BYTES: usize = 64 * 1024;

/// A problem found in the text: 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// Reads a scenario file: the scenario, or every problem in it.
pub fn check_text(text: &str) -> Result<Scenario, Vec<Problem>> {
    if text.len() > MAX_FILE_BYTES {
        return Err(vec![Problem {
            line: 1,
            column: 1,
            message: format!(
                "the file is {} bytes: a scenario file may be at most {MAX_FILE_BYTES}",
                text.len()
            ),
        }]);
    }
    let scenario: Scenario = ron::from_str(text).map_err(|e| {
        vec![Problem {
            line: e.span.start.line.max(1),
            column: e.span.start.col.max(1),
            message: e.code.to_string(),
        }]
    })?;
    scenario.check().map(|_| scenario.clone()).map_err(|flaws| {
        let tokens = lex(text);
        flaws
            .into_iter()
            .map(|flaw| {
                let (line, column) = locate(&tokens, flaw.place).unwrap_or((1, 1));
                Problem {
                    line,
                    column,
                    message: flaw.message,
                }
            })
            .collect()
    })
}

impl Scenario {
    /// Reads and checks a scenario file; the text lists every problem.
    pub fn parse(text: &str) -> Result<Scenario, String> {
        check_text(text).map_err(|problems| {
            problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        })
    }

    /// Every problem that makes the scenario unplayable, with its place.
    pub fn check(&self) -> Result<Map, Vec<Flaw>> {
        let book = self.book();
        let map = Map::parse(&self.map)?;
        let mut flaws = Vec::new();
        let mut flaw = |place, message: String| flaws.push(Flaw::at(place, message));
        if let Some(name) = &self.rulebook
            && rulebooks::named(name).is_none()
        {
            flaw(
                Place::Field("rulebook"),
                format!(
                    "the rulebook `{name}` has not been read: put it in {}/{name}.ron beside the scenario (docs/modding.md), and check it with validate",
                    rulebooks::FOLDER
                ),
            );
        }
        if !(1..=99).contains(&self.number) {
            flaw(
                Place::Field("number"),
                format!("number {} is not 1 to 99", self.number),
            );
        }
        if self.name.trim().is_empty() || self.name.chars().count() > 60 {
            flaw(Place::Field("name"), "the name must be 1 to 60 characters".into());
        }
        if self.turn_limit == 0 || self.turn_limit > 50 {
            flaw(
                Place::Field("turn_limit"),
                format!("turn_limit {} is not 1 to 50 rounds", self.turn_limit),
            );
        }
        if let Some(units) = &self.units {
            for (i, class) in units.iter().enumerate() {
                if !book.units.iter().any(|u| plain_id(&u.id) == class) {
                    flaw(
                        Place::Item("units", i),
                        format!(
                            "unknown unit `{class}`: expected a class id from docs/modding.md, such as line_infantry"
                        ),
                    );
                }
            }
        }
        if let Some(commanders) = &self.commanders {
            for (i, id) in commanders.iter().enumerate() {
                if !book.commanders.iter().any(|c| plain_id(&c.id) == id) {
                    flaw(
                        Place::Item("commanders", i),
                        format!(
                            "unknown commander `{id}`: expected one of {}",
                            commander_ids(book)
                        ),
                    );
                }
            }
        }
        for (seat, name) in [(0, "black"), (1, "white")] {
            let faction = super::data::Faction::of_seat(seat);
            let cheapest = book
                .units
                .iter()
                .filter(|u| u.faction == faction && self.allows_unit(&u.id))
                .map(|u| u.cost)
                .min();
            match cheapest {
                None => flaw(
                    Place::Field("units"),
                    format!("{name} may buy no unit: list at least one {faction:?} class"),
                ),
                Some(c) if self.budget < c || self.budget > 60 => flaw(
                    Place::Field("budget"),
                    format!("budget {} is not {c} to 60: {name} could not use it", self.budget),
                ),
                Some(_) => {}
            }
        }
        for (i, lesson) in self.tutorial.iter().enumerate() {
            if lesson.say.trim().is_empty() {
                flaw(
                    Place::Item("tutorial", i),
                    "a tutorial step must say something".into(),
                );
            }
            if let Some(at) = lesson.point
                && !map.contains(at)
            {
                flaw(
                    Place::Item("tutorial", i),
                    format!(
                        "tutorial step {} points at {}, off the map: columns are 0 to {}, rows 0 to {}",
                        i + 1,
                        at.pair(),
                        map.columns - 1,
                        map.rows - 1
                    ),
                );
            }
        }
        let forts = map.forts().len() as u32;
        for (name, side) in [("black", &self.black), ("white", &self.white)] {
            if !(1..=6).contains(&side.tokens) {
                flaw(
                    Place::SideField(name, "tokens"),
                    format!("{name}.tokens {} is not 1 to 6 activations a turn", side.tokens),
                );
            }
            if !(0..map.rows).contains(&side.first_row) {
                flaw(
                    Place::SideField(name, "first_row"),
                    format!(
                        "{name}.first_row {} is off the map: rows are 0 to {}",
                        side.first_row,
                        map.rows - 1
                    ),
                );
            } else if !map.row(side.first_row).any(|c| standable(&map, c)) {
                flaw(
                    Place::SideField(name, "first_row"),
                    format!(
                        "{name}.first_row {} has no hex a unit may stand on",
                        side.first_row
                    ),
                );
            }
            match side.goal {
                Goal::Forts(n) if n == 0 || n > forts => flaw(
                    Place::SideField(name, "goal"),
                    format!("{name}.goal asks for {n} forts but the map has {forts}"),
                ),
                Goal::Lead(n) if n == 0 || self.arrows.is_empty() => flaw(
                    Place::SideField(name, "goal"),
                    format!(
                        "{name}.goal leads {n} units but the scenario has {} arrow hexes",
                        self.arrows.len()
                    ),
                ),
                Goal::Points(n) if n == 0 || n > 200 => flaw(
                    Place::SideField(name, "goal"),
                    format!("{name}.goal of {n} points is not 1 to 200"),
                ),
                _ => {}
            }
        }
        if self.black.first_row == self.white.first_row {
            flaw(
                Place::SideField("white", "first_row"),
                "black and white have the same first row".into(),
            );
        }
        if self.arrows.len() > 16 {
            flaw(
                Place::Field("arrows"),
                format!("{} arrow hexes: at most 16", self.arrows.len()),
            );
        }
        let leader = [&self.black, &self.white]
            .iter()
            .position(|s| matches!(s.goal, Goal::Lead(_)));
        for (i, &arrow) in self.arrows.iter().enumerate() {
            if !map.contains(arrow) {
                flaw(
                    Place::Item("arrows", i),
                    format!("arrow hex {} is off the map", arrow.pair()),
                );
            } else if !standable(&map, arrow) {
                flaw(
                    Place::Item("arrows", i),
                    format!(
                        "arrow hex {} is {:?}, where no unit may stand",
                        arrow.pair(),
                        map.at(arrow)
                    ),
                );
            } else if let Some(seat) = leader {
                let row = if seat == 0 {
                    self.black.first_row
                } else {
                    self.white.first_row
                };
                if (0..map.rows).contains(&row) && !reachable(&map, row, arrow) {
                    flaw(
                        Place::Item("arrows", i),
                        format!(
                            "arrow hex {} cannot be reached from the advancing side's first row: leave a way infantry can walk (no mountains or river without a bridge)",
                            arrow.pair()
                        ),
                    );
                }
            }
        }
        if flaws.is_empty() { Ok(map) } else { Err(flaws) }
    }
}

fn commander_ids(book: &Rulebook) -> String {
    book.commanders
        .iter()
        .map(|c| plain_id(&c.id))
        .collect::<Vec<_>>()
        .join(", ")
}

fn standable(map: &Map, at: Coord) -> bool {
    Rulebook::get().ground(map.at(at)).allows(UnitType::Infantry)
}

/// Whether infantry (who go almost anywhere) can walk from `row` to `to`.
fn reachable(map: &Map, row: i32, to: Coord) -> bool {
    let mut seen = vec![false; map.terrain.len()];
    let mut queue: VecDeque<Coord> = map.row(row).filter(|&c| standable(map, c)).collect();
    for &c in &queue {
        seen[map.index(c)] = true;
    }
    while let Some(at) = queue.pop_front() {
        if at == to {
            return true;
        }
        for next in at.neighbours() {
            if map.contains(next) && !seen[map.index(next)] && standable(map, next) {
                seen[map.index(next)] = true;
                queue.push_back(next);
            }
        }
    }
    false
}

/// A token of the RON text, enough to find fields again.
#[derive(Debug)]
struct Token {
    kind: Kind,
    line: usize,
    column: usize,
    depth: usize,
}

#[derive(Debug, PartialEq)]
enum Kind {
    Ident(String),
    Text(String),
    Open,
    Close,
    Colon,
    Other,
}

/// Splits RON into identifiers, strings and punctuation, skipping comments,
/// with each token's line, column and bracket depth.
fn lex(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let (mut i, mut line, mut column, mut depth) = (0, 1, 1, 0);
    let mut tokens = Vec::new();
    let advance = |i: &mut usize, line: &mut usize, column: &mut usize| {
        if chars[*i] == '\n' {
            *line += 1;
            *column = 1;
        } else {
            *column += 1;
        }
        *i += 1;
    };
    while i < chars.len() {
        let c = chars[i];
        let (start_line, start_column) = (line, column);
        if c.is_whitespace() {
            advance(&mut i, &mut line, &mut column);
        } else if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                advance(&mut i, &mut line, &mut column);
            }
        } else if c == '/' && chars.get(i + 1) == Some(&'*') {
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                advance(&mut i, &mut line, &mut column);
            }
            for _ in 0..2 {
                if i < chars.len() {
                    advance(&mut i, &mut line, &mut column);
                }
            }
        } else if c == '"' {
            let mut content = String::new();
            advance(&mut i, &mut line, &mut column);
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    advance(&mut i, &mut line, &mut column);
                }
                content.push(chars[i]);
                advance(&mut i, &mut line, &mut column);
            }
            if i < chars.len() {
                advance(&mut i, &mut line, &mut column);
            }
            tokens.push(token(Kind::Text(content), start_line, start_column, depth));
        } else if c.is_alphabetic() || c == '_' {
            let mut word = String::new();
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                word.push(chars[i]);
                advance(&mut i, &mut line, &mut column);
            }
            tokens.push(token(Kind::Ident(word), start_line, start_column, depth));
        } else {
            let kind = match c {
                '(' | '[' | '{' => {
                    depth += 1;
                    Kind::Open
                }
                ')' | ']' | '}' => {
                    depth = depth.saturating_sub(1);
                    Kind::Close
                }
                ':' => Kind::Colon,
                _ => Kind::Other,
            };
            let at = if kind == Kind::Open { depth - 1 } else { depth };
            tokens.push(token(kind, start_line, start_column, at));
            advance(&mut i, &mut line, &mut column);
        }
    }
    tokens
}

fn token(kind: Kind, line: usize, column: usize, depth: usize) -> Token {
    Token {
        kind,
        line,
        column,
        depth,
    }
}

/// The index of the value of field `key` at `depth`, from `from` on.
fn field(tokens: &[Token], key: &str, depth: usize, from: usize) -> Option<usize> {
    (from..tokens.len().saturating_sub(2)).find_map(|i| {
        let named = tokens[i].kind == Kind::Ident(key.into()) && tokens[i].depth == depth;
        (named && tokens[i + 1].kind == Kind::Colon).then_some(i + 2)
    })
}

/// The `n`-th item (a string or a bracketed tuple) of the list at `list`.
fn item(tokens: &[Token], list: usize, n: usize) -> Option<usize> {
    let depth = tokens.get(list)?.depth + 1;
    tokens[list + 1..]
        .iter()
        .enumerate()
        .take_while(|(_, t)| t.depth >= depth)
        .filter(|(_, t)| t.depth == depth && matches!(t.kind, Kind::Text(_) | Kind::Open))
        .nth(n)
        .map(|(i, _)| list + 1 + i)
}

fn locate(tokens: &[Token], place: Place) -> Option<(usize, usize)> {
    let at = |i: usize| (tokens[i].line, tokens[i].column);
    match place {
        Place::File => None,
        Place::Field(key) => field(tokens, key, 1, 0).map(at),
        Place::SideField(side, key) => {
            let side = field(tokens, side, 1, 0)?;
            field(tokens, key, 2, side).map(at)
        }
        Place::Item(list, n) => {
            let list = field(tokens, list, 1, 0)?;
            // `Some([...])`: the list is inside the parenthesis.
            let list = if tokens[list].kind == Kind::Ident("Some".into()) {
                list + 2
            } else {
                list
            };
            item(tokens, list, n).map(at)
        }
        Place::Row(row) => {
            let map = field(tokens, "map", 1, 0)?;
            item(tokens, map, row).map(at)
        }
        Place::Cell(row, col) => {
            let map = field(tokens, "map", 1, 0)?;
            let i = item(tokens, map, row)?;
            let Kind::Text(text) = &tokens[i].kind else {
                return None;
            };
            let offset = letter_offset(text, col)?;
            Some((tokens[i].line, tokens[i].column + 1 + offset))
        }
    }
}

/// The character offset of the `n`-th space-separated letter in a row.
fn letter_offset(text: &str, n: usize) -> Option<usize> {
    let mut count = 0;
    let mut previous_space = true;
    for (offset, c) in text.chars().enumerate() {
        if !c.is_whitespace() && previous_space {
            if count == n {
                return Some(offset);
            }
            count += 1;
        }
        previous_space = c.is_whitespace();
    }
    None
}
