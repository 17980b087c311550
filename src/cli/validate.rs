//! `black-and-white validate FILE...`: checks scenario files (and rulebook
//! files, in a `rulebooks` folder) without a window, one
//! `FILE:LINE:COLUMN: message` line per problem.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use crate::games::wargame::engine::rulebooks;
use crate::games::wargame::engine::scenario::Scenario;
use crate::games::wargame::engine::scenario_check;
use crate::games::wargame::engine::shipped::SHIPPED;

/// Checks every file and reports to `out`; whether all of them are valid.
pub fn run(files: &[PathBuf], out: &mut impl Write) -> std::io::Result<bool> {
    let mut all_good = true;
    let mut numbers: BTreeMap<u32, PathBuf> = BTreeMap::new();
    for file in files {
        let name = file.display();
        let text = match std::fs::read(file) {
            Err(e) => {
                writeln!(out, "{name}:1:1: cannot read the file: {e}")?;
                all_good = false;
                continue;
            }
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => text,
                Err(e) => {
                    let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
                    let text = String::from_utf8_lossy(valid);
                    let line = text.matches('\n').count() + 1;
                    let column = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                    writeln!(out, "{name}:{line}:{column}: the file is not UTF-8 text")?;
                    all_good = false;
                    continue;
                }
            },
        };
        if file
            .parent()
            .and_then(|p| p.file_name())
            .is_some_and(|f| f == rulebooks::FOLDER)
        {
            all_good &= check_rulebook(file, &text, out)?;
            continue;
        }
        // A scenario on a rulebook of the player's own: the book beside it
        // is read first.
        if let Ok(s) = ron::from_str::<Scenario>(&text)
            && let Some(book) = &s.rulebook
            && let Err(e) = rulebooks::read_beside(file, book)
        {
            writeln!(out, "{name}:1:1: {e}")?;
            all_good = false;
            continue;
        }
        match scenario_check::check_text(&text) {
            Err(problems) => {
                all_good = false;
                for p in problems {
                    writeln!(out, "{name}:{p}")?;
                }
            }
            Ok(s) => match clash(&s, &text, file, &numbers) {
                Some(message) => {
                    all_good = false;
                    let line = text
                        .lines()
                        .position(|l| l.trim_start().starts_with("number"))
                        .map_or(1, |i| i + 1);
                    writeln!(out, "{name}:{line}:5: {message}")?;
                }
                None => {
                    numbers.insert(s.number, file.clone());
                    writeln!(out, "{name}: ok, scenario {}", s.label())?;
                }
            },
        }
    }
    Ok(all_good)
}

/// A rulebook file, named by its file: checked and kept for the scenarios
/// checked after it.
fn check_rulebook(file: &std::path::Path, text: &str, out: &mut impl Write) -> std::io::Result<bool> {
    let name = file.display();
    let id = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    match rulebooks::read(&id, text) {
        Ok(book) => {
            let book = rulebooks::keep(&id, book);
            writeln!(
                out,
                "{name}: ok, rulebook `{id}`: {} unit cards, {} commanders",
                book.units.len(),
                book.commanders.len()
            )?;
            Ok(true)
        }
        Err(e) => {
            // A syntax error says its line and column already.
            let at = if e.starts_with(|c: char| c.is_ascii_digit()) {
                ""
            } else {
                "1:1: "
            };
            writeln!(out, "{name}:{at}{e}")?;
            Ok(false)
        }
    }
}

/// A number already taken by another file checked now, or by a shipped
/// scenario this file is not a copy of.
fn clash(
    s: &Scenario,
    text: &str,
    file: &std::path::Path,
    numbers: &BTreeMap<u32, PathBuf>,
) -> Option<String> {
    if let Some(other) = numbers.get(&s.number) {
        return Some(format!(
            "number {} is also the number of {}: every scenario needs its own",
            s.number,
            other.display()
        ));
    }
    let shipped = SHIPPED
        .iter()
        .find(|(_, t)| Scenario::parse(t).is_ok_and(|o| o.number == s.number))?;
    let same_file = file.file_name().is_some_and(|f| f == shipped.0) && text == shipped.1;
    (!same_file).then(|| {
        format!(
            "number {} belongs to the shipped scenario {}: give yours a number from 23 to 99",
            s.number, shipped.0
        )
    })
}
