//! Chance outcomes (a coin flip, a die, a random fill) as the record keeps
//! them. A game draws each one from its seed while it is played; a replay
//! hands the recorded outcomes back instead, so that a replay never depends
//! on a random generator's algorithm. The seeded source is asked in both
//! cases, so that a game played on after a replay (an undo) draws exactly
//! what it would have drawn without one.

use std::collections::VecDeque;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

/// Where a game's chance outcomes come from, and the ones drawn since the
/// record last took them.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Chance {
    /// While `Some`, every outcome is the next of these: a replay.
    script: Option<VecDeque<u32>>,
    /// Drawn since `take`, oldest first.
    drawn: Vec<u32>,
    /// Why the script could not be followed: the replay has gone astray.
    broken: Option<String>,
}

/// Chance is how outcomes were obtained, not part of the position: two
/// games in the same position are equal whether their dice were drawn from
/// the seed or read from a record.
impl PartialEq for Chance {
    fn eq(&self, _: &Chance) -> bool {
        true
    }
}

impl Eq for Chance {}

impl Chance {
    /// Outcomes read from a record, in the order the rules draw them.
    pub fn scripted(outcomes: impl IntoIterator<Item = u32>) -> Chance {
        Chance {
            script: Some(outcomes.into_iter().collect()),
            ..Chance::default()
        }
    }

    /// One outcome in `range`: `seeded` gives it from the game's seed; a
    /// replay's recorded value takes its place. `what` names it in the
    /// message when the record does not fit ("die", "coin flip").
    pub fn draw(&mut self, range: RangeInclusive<u32>, what: &str, seeded: impl FnOnce() -> u32) -> u32 {
        let fresh = seeded();
        let value = match self.script.as_mut().map(VecDeque::pop_front) {
            None => fresh,
            Some(Some(value)) if range.contains(&value) => value,
            Some(Some(value)) => {
                self.break_with(format!(
                    "the record's {what} is {value}, outside {}..={}",
                    range.start(),
                    range.end()
                ));
                fresh
            }
            Some(None) => {
                self.break_with(format!("the rules draw a {what} that the record does not hold"));
                fresh
            }
        };
        self.drawn.push(value);
        value
    }

    /// Several outcomes that belong together (a random fill); the rules
    /// check what they make.
    pub fn draw_many(&mut self, count: usize, what: &str, seeded: impl FnOnce() -> Vec<u32>) -> Vec<u32> {
        let fresh = seeded();
        debug_assert_eq!(fresh.len(), count, "a seeded {what} has {count} outcomes");
        let mut fresh = fresh.into_iter();
        (0..count)
            .map(|_| {
                let next = fresh.next().unwrap_or_default();
                self.draw(0..=u32::MAX, what, || next)
            })
            .collect()
    }

    fn break_with(&mut self, reason: String) {
        self.broken.get_or_insert(reason);
    }

    /// The outcomes drawn since the last call, or why the record's could
    /// not be used.
    pub fn take(&mut self) -> Result<Vec<u32>, String> {
        if let Some(reason) = self.broken.take() {
            return Err(reason);
        }
        Ok(std::mem::take(&mut self.drawn))
    }

    /// From now on outcomes come from the seed again (play goes on after a
    /// replay: an undo).
    pub fn unscript(&mut self) {
        self.script = None;
    }
}
