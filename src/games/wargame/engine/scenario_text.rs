//! A scenario file as a person reads it, written in the one form the
//! shipped scenarios have: the header line, one field a line in the
//! format's order, the map's odd rows set half a hex to the right, and the
//! comments a person wrote above each field kept where they were. Reading
//! a file and writing it back gives the same bytes, so a file the editor
//! saved and one written by hand look alike.

use super::board::Coord;
use super::scenario::{Lesson, Scenario, Side};
use super::scenario_check::{MAX_FILE_BYTES, Problem};

/// The comment above the map that every shipped file and every new one has.
pub const MAP_LEGEND: [&str; 3] = [
    "// Row 0 is black's edge; odd rows sit half a hex to the right.",
    "// . plain  f forest  h hill  s swamp  m mountains  ~ stream",
    "// r river  F fort  B bunker  = bridge",
];

/// The fields in the order they are written.
const FIELDS: [&str; 14] = [
    "number",
    "name",
    "kind",
    "about",
    "map",
    "arrows",
    "black",
    "white",
    "turn_limit",
    "budget",
    "units",
    "commanders",
    "rulebook",
    "tutorial",
];

/// A scenario and the comments of its file.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioText {
    pub scenario: Scenario,
    /// Comment lines above the opening parenthesis, other than the header
    /// (which is written afresh from the number and name).
    preamble: Vec<String>,
    /// Comment lines above a field, by the field's name.
    notes: Vec<(String, Vec<String>)>,
    /// Comment lines below the last field.
    tail: Vec<String>,
}

impl ScenarioText {
    /// A new file for `scenario`, with the map's legend above the map.
    pub fn new(scenario: Scenario) -> ScenarioText {
        ScenarioText {
            scenario,
            preamble: Vec::new(),
            notes: vec![("map".into(), MAP_LEGEND.iter().map(|l| l.to_string()).collect())],
            tail: Vec::new(),
        }
    }

    /// Reads a file's text without checking that the scenario can be played
    /// (a draft may not be): the scenario and its comments, or where the
    /// text is not a scenario.
    pub fn read(text: &str) -> Result<ScenarioText, Problem> {
        if text.len() > MAX_FILE_BYTES {
            return Err(Problem {
                line: 1,
                column: 1,
                message: format!(
                    "the file is {} bytes: a scenario file may be at most {MAX_FILE_BYTES}",
                    text.len()
                ),
            });
        }
        let scenario: Scenario = ron::from_str(text).map_err(|e| Problem {
            line: e.span.start.line.max(1),
            column: e.span.start.col.max(1),
            message: e.code.to_string(),
        })?;
        let mut preamble = Vec::new();
        let mut notes = Vec::new();
        let mut pending: Vec<String> = Vec::new();
        let mut opened = false;
        for line in text.lines() {
            let trimmed = line.trim();
            if let Some(comment) = trimmed.strip_prefix("//") {
                if !opened && is_header(comment) {
                    continue;
                }
                pending.push(trimmed.to_string());
            } else if !opened && trimmed.starts_with('(') {
                opened = true;
                preamble = std::mem::take(&mut pending);
            } else if let Some(field) = top_level_field(line)
                && !pending.is_empty()
            {
                notes.push((field.to_string(), std::mem::take(&mut pending)));
            }
        }
        Ok(ScenarioText {
            scenario,
            preamble,
            notes,
            tail: pending,
        })
    }

    /// The file's text.
    pub fn write(&self) -> String {
        let s = &self.scenario;
        let mut out = format!(
            "// Scenario {:02}: {}. The format: docs/modding.md.\n",
            s.number, s.name
        );
        for line in &self.preamble {
            out.push_str(line);
            out.push('\n');
        }
        out.push_str("(\n");
        for field in FIELDS {
            let Some(value) = self.value(field) else { continue };
            if let Some((_, lines)) = self.notes.iter().find(|(f, _)| f == field) {
                for line in lines {
                    out.push_str("    ");
                    out.push_str(line);
                    out.push('\n');
                }
            }
            out.push_str(&format!("    {field}: {value},\n"));
        }
        for line in &self.tail {
            out.push_str("    ");
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(")\n");
        out
    }

    /// A field's value as written, or `None` for one left out.
    fn value(&self, field: &str) -> Option<String> {
        let s = &self.scenario;
        Some(match field {
            "number" => s.number.to_string(),
            "name" => quoted(&s.name),
            "kind" => plain(&s.kind),
            "about" => quoted(&s.about),
            "map" => {
                let mut text = String::from("[\n");
                for (row, line) in s.map.iter().enumerate() {
                    let indent = if row % 2 == 0 { "        " } else { "         " };
                    text.push_str(&format!("{indent}{},\n", quoted(line)));
                }
                text.push_str("    ]");
                text
            }
            "arrows" if s.arrows.is_empty() => return None,
            "arrows" => format!(
                "[{}]",
                s.arrows.iter().map(|&c| coord(c)).collect::<Vec<_>>().join(", ")
            ),
            "black" => side(&s.black),
            "white" => side(&s.white),
            "turn_limit" => s.turn_limit.to_string(),
            "budget" => s.budget.to_string(),
            "units" => names(s.units.as_ref()?),
            "commanders" => names(s.commanders.as_ref()?),
            "rulebook" => format!("Some({})", quoted(s.rulebook.as_ref()?)),
            "tutorial" if s.tutorial.is_empty() => return None,
            "tutorial" => {
                let mut text = String::from("[\n");
                for lesson in &s.tutorial {
                    text.push_str(&self::lesson(lesson));
                }
                text.push_str("    ]");
                text
            }
            _ => return None,
        })
    }
}

/// `// Scenario 06: The Old Fort. …`, which is written afresh.
fn is_header(comment: &str) -> bool {
    comment.trim_start().starts_with("Scenario ") && comment.contains("docs/modding.md")
}

/// The field a line opens when it is one of the scenario's own (indented
/// by four spaces, as every field of the outer parenthesis is).
fn top_level_field(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("    ")?;
    if rest.starts_with(' ') {
        return None;
    }
    let (name, _) = rest.split_once(':')?;
    FIELDS.contains(&name).then_some(name)
}

/// A string as the shipped files write it: only the quote, the backslash
/// and line breaks escaped (ron would escape an apostrophe too).
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A unit enum variant or a small value as ron writes it (`defense`,
/// `forts(1)`).
fn plain<T: serde::Serialize>(value: &T) -> String {
    ron::to_string(value).unwrap_or_default()
}

fn coord(c: Coord) -> String {
    format!("({}, {})", c.col(), c.row())
}

fn side(side: &Side) -> String {
    format!(
        "(first_row: {}, goal: {}, tokens: {})",
        side.first_row,
        plain(&side.goal),
        side.tokens
    )
}

fn names(list: &[String]) -> String {
    if list.is_empty() {
        return "Some([])".into();
    }
    let mut text = String::from("Some([\n");
    for name in list {
        text.push_str(&format!("        {},\n", quoted(name)));
    }
    text.push_str("    ])");
    text
}

fn lesson(lesson: &Lesson) -> String {
    let mut text = String::from("        (\n");
    text.push_str(&format!("            say: {},\n", quoted(&lesson.say)));
    if let Some(at) = lesson.point {
        text.push_str(&format!("            point: Some({}),\n", coord(at)));
    }
    text.push_str(&format!("            until: {},\n", plain(&lesson.until)));
    text.push_str("        ),\n");
    text
}
