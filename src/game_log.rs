//! The running log beside every game, and the notices that outlive one.

use bevy::prelude::*;

use crate::rules::{Audience, Seat};

/// What a log line tells: whose act, if a side's, and whether it is part
/// of a fight; the log's marks and filters read it.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct LineTag {
    pub side: Option<Seat>,
    pub combat: bool,
}

/// The running log of what happened, shown beside every game, after the
/// notices (a settings file that could not be read) that outlive a game.
/// A line for one seat is shown only while that seat has the screen.
#[derive(Resource, Default, Debug)]
pub struct GameLog {
    pub notices: Vec<String>,
    /// Each line with who may read it and what it tells.
    lines: Vec<(Audience, String, LineTag)>,
    /// Whose eyes the log has (`None`: a curtain is down, only public
    /// lines).
    reader: Option<Seat>,
    /// A replay watched with everything uncovered: every line.
    everything: bool,
}

impl GameLog {
    /// A line for both players.
    pub fn push(&mut self, line: impl Into<String>) {
        self.push_for(Audience::Public, line);
    }

    pub fn push_for(&mut self, audience: Audience, line: impl Into<String>) {
        self.lines.push((audience, line.into(), LineTag::default()));
    }

    /// A line that tells a side's act: the log marks it in that side's
    /// colour, and its filters keep it by side and by fight.
    pub fn push_by(&mut self, audience: Audience, line: impl Into<String>, tag: LineTag) {
        self.lines.push((audience, line.into(), tag));
    }

    /// The last line, if it was for this audience.
    pub fn last_line(&self, audience: Audience) -> Option<&str> {
        self.lines
            .last()
            .filter(|(a, ..)| *a == audience)
            .map(|(_, line, _)| line.as_str())
    }

    /// Tells the last line anew (an act told in steps, merged into one).
    pub fn replace_last(&mut self, line: String) {
        if let Some((_, last, _)) = self.lines.last_mut() {
            *last = line;
        }
    }

    /// The lines the reader may see, oldest first.
    pub fn shown(&self) -> impl Iterator<Item = &str> {
        self.shown_tagged().map(|(line, _)| line)
    }

    /// The same, each with what it tells.
    pub fn shown_tagged(&self) -> impl Iterator<Item = (&str, LineTag)> {
        self.lines
            .iter()
            .filter(|(audience, ..)| {
                self.everything
                    || self.reader.is_some_and(|r| audience.includes(r))
                    || *audience == Audience::Public
            })
            .map(|(_, line, tag)| (line.as_str(), *tag))
    }

    /// Whose eyes the log has, if a seat's.
    pub fn reader(&self) -> Option<Seat> {
        self.reader
    }

    /// Whether any line tells a side's act (the log can be filtered by
    /// side then).
    pub fn has_sides(&self) -> bool {
        self.lines.iter().any(|(.., tag)| tag.side.is_some())
    }

    /// Whose eyes the log has: a seat's (`None` while a curtain is down:
    /// public lines only), or everything (a replay watched uncovered).
    pub fn read_as(&mut self, reader: Option<Seat>, everything: bool) {
        self.reader = reader;
        self.everything = everything;
    }

    /// Starts the log of a new game.
    pub fn clear(&mut self) {
        self.lines.clear();
    }

    pub fn notice(&mut self, line: impl Into<String>) {
        self.notices.push(line.into());
    }
}
