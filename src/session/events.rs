//! What the person at the screen plays (`Act`) and what happened in the
//! game (`Happened`), each event with its audience and the log's line.

use bevy::prelude::*;

use crate::game_log::{GameLog, LineTag};
use crate::rules::{Audience, Playable, Seat};

/// What a game says in the log about its public events.
pub trait Narrated: Playable {
    fn narrate(event: &Self::Event, names: &[String; 2]) -> Option<String>;

    /// The same with a seat's view after the action, for games whose
    /// events name pieces by number. Any seat's view names them alike:
    /// the log is public.
    fn narrate_seen(_view: &Self::View, event: &Self::Event, names: &[String; 2]) -> Option<String> {
        Self::narrate(event, names)
    }

    /// Whose act an event tells, for the log's mark in that side's
    /// colour; `None` for the table's own events (a round begins, a tile
    /// revealed to both).
    fn actor(_view: &Self::View, _event: &Self::Event) -> Option<Seat> {
        None
    }

    /// The log's last line and the next told as one, where they are one
    /// act told in steps (a block's move hex by hex): one line per act.
    fn merge_lines(_last: &str, _next: &str) -> Option<String> {
        None
    }

    /// Whether the event is part of a fight (an attack, a shot, a hit,
    /// a retreat): the log's "Combat" filter keeps these lines.
    fn is_combat(_event: &Self::Event) -> bool {
        false
    }
}

/// The person at the screen plays an action for the seat to move.
#[derive(Message)]
pub struct Act<G: Playable> {
    pub action: G::Action,
}

impl<G: Playable> Act<G> {
    pub fn new(action: G::Action) -> Self {
        Act { action }
    }
}

/// An event of the game, for the table's animations and sounds. A table
/// plays only the events whose audience includes the seat it shows.
#[derive(Message)]
pub struct Happened<G: Playable> {
    pub event: G::Event,
    pub audience: Audience,
    /// The log's line for it, if it has one.
    pub line: Option<String>,
    pub by_computer: bool,
}

impl<G: Playable> Happened<G> {
    /// The event, if the seat whose eyes the table has may see it.
    pub fn seen_by(&self, seat: Seat) -> Option<&G::Event> {
        self.audience.includes(seat).then_some(&self.event)
    }
}

/// The events of an action as the tables receive them, each with its
/// audience and log line, the lines pushed to the log on the way: a game
/// played and a replay watched narrate alike.
pub(super) fn narrated<G: Narrated>(
    view: &G::View,
    names: &[String; 2],
    events: Vec<G::Event>,
    by_computer: bool,
    log: &mut GameLog,
) -> Vec<Happened<G>> {
    events
        .into_iter()
        .map(|event| {
            let audience = G::audience(&event);
            let line = G::narrate_seen(view, &event, names);
            if let Some(line) = &line {
                match log
                    .last_line(audience)
                    .and_then(|last| G::merge_lines(last, line))
                {
                    Some(merged) => log.replace_last(merged),
                    None => log.push_by(
                        audience,
                        line.clone(),
                        LineTag {
                            side: G::actor(view, &event),
                            combat: G::is_combat(&event),
                        },
                    ),
                }
            }
            Happened {
                event,
                audience,
                line,
                by_computer,
            }
        })
        .collect()
}

/// The verb for `name` as the log says it: "You go", "Computer goes".
pub fn agree(name: &str, you: &'static str, others: &'static str) -> &'static str {
    if name == "You" { you } else { others }
}

/// A count for each side, named, the reader's own first as on the table:
/// "You 2, Computer 1" whichever seat the reader holds; seat order where
/// neither is the reader (a replay with both sides uncovered).
pub fn each_side(names: &[String; 2], [first, second]: [impl std::fmt::Display; 2]) -> String {
    if names[1] == "You" {
        format!("{} {second}, {} {first}", names[1], names[0])
    } else {
        format!("{} {first}, {} {second}", names[0], names[1])
    }
}
