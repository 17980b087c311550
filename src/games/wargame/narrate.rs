//! The log's lines for the wargame's events, dice explained. The log is
//! public: a unit is named by its class only once both sides know it.

use super::engine::board::Coord;
use super::engine::data::Rulebook;
use super::engine::names::counted;
use super::engine::state::{AttackKind, Critical, Event, Wargame};
use super::engine::view::View;
use crate::rules::Seat;
use crate::session::{Narrated, agree};

impl Wargame {
    /// A unit as both players may name it: "black Line Infantry" once
    /// revealed, "white cavalry" before.
    pub fn public_name(&self, unit: usize) -> String {
        let u = &self.units[unit];
        let colour = if u.owner == 0 { "black" } else { "white" };
        if u.known[1 - u.owner] {
            format!("{colour} {}", u.card().name)
        } else {
            format!("{colour} {}", u.kind.label())
        }
    }

    /// The blocks of a squad as both players may name them, alike ones
    /// counted: "two white infantry blocks", "black Line infantry and
    /// black Marksmen".
    fn names_of(&self, units: &[usize]) -> String {
        let mut groups: Vec<(String, usize)> = Vec::new();
        for name in units.iter().map(|&u| self.public_name(u)) {
            match groups.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => *count += 1,
                None => groups.push((name, 1)),
            }
        }
        groups
            .into_iter()
            .map(|(name, count)| match count {
                1 => name,
                2 => format!("two {name} blocks"),
                _ => format!("{count} {name} blocks"),
            })
            .collect::<Vec<_>>()
            .join(" and ")
    }
}

/// "dice 5 and 4, 1 apart, + melee 3 = 4 against defense 3: a hit".
pub fn explain_attack(
    kind: AttackKind,
    dice: [u8; 2],
    attack: i32,
    defense: i32,
    hit: bool,
    critical: Option<Critical>,
) -> String {
    let [a, b] = dice;
    match critical {
        Some(Critical::Success) => format!("dice {a} and {b} make seven: a critical success, a hit"),
        Some(Critical::Failure) => format!("dice {a} and {b}, a double: a critical failure, a miss"),
        None => {
            let diff = i32::from(a.abs_diff(b));
            let total = diff + attack;
            format!(
                "dice {a} and {b}, {diff} apart, + {} {attack} = {total} against defense {defense}: {}",
                kind.attribute(),
                if hit { "a hit" } else { "a miss" }
            )
        }
    }
}

/// What an attack of this kind does, as the log says it.
fn attack_verb(kind: AttackKind) -> &'static str {
    match kind {
        AttackKind::Melee => "attacks",
        AttackKind::Charge => "charges",
        AttackKind::Counter => "strikes back at",
        AttackKind::Ranged => "fires at",
        AttackKind::Artillery => "shells",
    }
}

fn at(hex: Coord) -> String {
    hex.to_string()
}

impl Narrated for Wargame {
    fn narrate(_: &Event, _: &[String; 2]) -> Option<String> {
        None
    }

    /// The battle the seat sees names every block as the game itself
    /// does: the log names a class only once both sides know it.
    fn narrate_seen(view: &View, event: &Event, names: &[String; 2]) -> Option<String> {
        view.battlefield().narrate_in(event, names)
    }

    /// The side whose turn it is acts, but for the battle's own events.
    fn actor(view: &View, event: &Event) -> Option<Seat> {
        match event {
            Event::ArmyBuilt { player, .. } => Some(*player),
            Event::TurnBegins { .. } | Event::BattleBegins { .. } | Event::GameOver { .. } => None,
            _ => Some(view.active),
        }
    }

    fn is_combat(event: &Event) -> bool {
        matches!(
            event,
            Event::ShotFrom { .. }
                | Event::Attack { .. }
                | Event::Aimed { .. }
                | Event::Rerolled { .. }
                | Event::SizeLost { .. }
                | Event::Destroyed { .. }
                | Event::Retreated { .. }
                | Event::Stood { .. }
                | Event::Held { .. }
        )
    }

    /// A move told hex by hex is one line: "black cavalry moves from G1
    /// to H4 (3 hexes)."
    fn merge_lines(last: &str, next: &str) -> Option<String> {
        // An activation that moves is told by its move.
        if let Some((who, at)) = last
            .strip_suffix(" is activated.")
            .or_else(|| last.strip_suffix(" are activated."))
            .and_then(|l| l.rsplit_once(" at "))
        {
            let (next_who, from, ..) = move_line(next)?;
            return (who == next_who && at == from).then(|| next.to_string());
        }
        let (who, from, to, hexes) = move_line(last)?;
        let (next_who, next_from, next_to, _) = move_line(next)?;
        (who == next_who && to == next_from).then(|| {
            let verb = if next.contains(" move from ") {
                "move"
            } else {
                "moves"
            };
            format!(
                "{who} {verb} from {from} to {next_to} ({hexes_plus} hexes).",
                hexes_plus = hexes + 1
            )
        })
    }
}

/// A move's line taken apart: who moved, from and to where, over how many
/// hexes.
fn move_line(line: &str) -> Option<(&str, &str, &str, u32)> {
    let (who, rest) = line
        .split_once(" moves from ")
        .or_else(|| line.split_once(" move from "))?;
    let (from, rest) = rest.split_once(" to ")?;
    let rest = rest.strip_suffix('.')?;
    match rest.split_once(" (") {
        Some((to, count)) => Some((who, from, to, count.strip_suffix(" hexes)")?.parse().ok()?)),
        None => Some((who, from, rest, 1)),
    }
}

impl Wargame {
    fn narrate_in(&self, event: &Event, names: &[String; 2]) -> Option<String> {
        let book = Rulebook::get();
        Some(match event {
            Event::ArmyBuilt { player, blocks, .. } => match blocks {
                Some(blocks) => format!("{} built and deployed {blocks} blocks.", names[*player]),
                None => format!("{} built and deployed an army.", names[*player]),
            },
            Event::BattleBegins { first, commanders } => {
                let commander = |c: &Option<String>| {
                    c.as_deref()
                        .and_then(|id| book.commander(id))
                        .map_or("no commander".to_string(), |c| c.name.clone())
                };
                let verb = agree(&names[*first], "move", "moves");
                format!(
                    "The battle begins: {} against {}. {} {verb} first.",
                    commander(&commanders[0]),
                    commander(&commanders[1]),
                    names[*first]
                )
            }
            Event::TurnBegins { player, turn } => {
                format!("— Round {turn}: {} turn —", possessive(&names[*player]))
            }
            Event::Activated { units, at: hex, .. } if units.is_empty() => {
                format!("A block at {} is activated.", at(*hex))
            }
            Event::Activated { units, at: hex, .. } => {
                let verb = if units.len() > 1 { "are" } else { "is" };
                format!("{} at {} {verb} activated.", self.names_of(units), at(*hex))
            }
            Event::OrderGiven { order, effective, .. } => {
                if *effective {
                    format!("Order “{}”: {}.", order.name(), order.describe())
                } else {
                    format!("Order “{}” given, but not received.", order.name())
                }
            }
            Event::CommandCheck {
                unit,
                dice: [a, b],
                discipline,
                passed,
                check,
                ..
            } => {
                let sum = i32::from(a + b);
                let (sign, verdict) = if *passed {
                    ("<=", "passed")
                } else {
                    (">", "failed")
                };
                let against = match discipline {
                    Some(discipline) => format!(" {sign} discipline {discipline}"),
                    None => String::new(),
                };
                let who = unit.map_or("activated block".to_string(), |u| self.public_name(u));
                format!(
                    "Command check {} for the {who}: 2d6 = {a} + {b} = {sum}{against}: {verdict}.",
                    check.label(),
                )
            }
            Event::Moved { units, from, to } => {
                format!(
                    "{} {} from {} to {}.",
                    self.names_of(units),
                    if units.len() > 1 { "move" } else { "moves" },
                    at(*from),
                    at(*to)
                )
            }
            Event::Revealed { unit, class } => {
                let name = book.unit(class).map_or(class.as_str(), |c| c.name.as_str());
                let u = &self.units[*unit];
                format!(
                    "Revealed: the {} {} is {name}.",
                    if u.owner == 0 { "black" } else { "white" },
                    u.kind.label()
                )
            }
            Event::ShotFrom { at: hex, class } => {
                let name = book.unit(class).map_or(class.as_str(), |c| c.name.as_str());
                format!("A shot from {}: the card shown is {name}.", at(*hex))
            }
            Event::Inspected { by, unit } => {
                let verb = agree(&names[*by], "see", "sees");
                format!(
                    "{} {verb} the class of the {}.",
                    names[*by],
                    self.public_name(*unit)
                )
            }
            Event::Attack {
                kind,
                attacker,
                target,
                dice,
                attack,
                defense,
                hit,
                critical,
                ..
            } => format!(
                "{} {} the {}: {}.",
                attacker.map_or("A block there".to_string(), |a| self.public_name(a)),
                attack_verb(*kind),
                self.public_name(*target),
                explain_attack(*kind, *dice, *attack, *defense, *hit, *critical)
            ),
            Event::Aimed {
                unit,
                at: hex,
                die,
                markers,
                need,
                hit,
            } => {
                let verdict = if *hit { "on target" } else { "off target" };
                format!(
                    "The {} aims at {}: die {die} + {markers} marker(s) = {}, needs {need}+: {verdict}.",
                    self.public_name(*unit),
                    at(*hex),
                    die + markers
                )
            }
            Event::Rerolled { why, .. } => format!("Rolled again: “{}”.", why.name()),
            Event::SizeLost { unit, steps } => {
                let s = if *steps == 1 { "a step" } else { "two steps" };
                format!("The {} loses {s}.", self.public_name(*unit))
            }
            Event::SizeGained { unit } => format!("The {} regains a step.", self.public_name(*unit)),
            Event::Destroyed {
                class, points, to, ..
            } => {
                let name = book.unit(class).map_or(class.as_str(), |c| c.name.as_str());
                format!(
                    "{name} is destroyed: {} to {}.",
                    counted(*points, "victory point", "victory points"),
                    names[*to]
                )
            }
            Event::Retreated { unit, from, to } => {
                format!(
                    "The {} retreats from {} to {}.",
                    self.public_name(*unit),
                    at(*from),
                    at(*to)
                )
            }
            Event::Stood { unit } => format!("The {} stands its ground.", self.public_name(*unit)),
            Event::MarchHalted { unit, at } => format!(
                "The {} stays: {at} has no room left for it.",
                self.public_name(*unit)
            ),
            Event::Held { unit } => format!(
                "The {} wavers, but its fortification holds it in place.",
                self.public_name(*unit)
            ),
            Event::TokenPlaced { at: hex, token } => {
                format!("{} laid at {}.", capitalised(token.label()), at(*hex))
            }
            Event::TokenRemoved { at: hex, token } => {
                format!("{} at {} is gone.", capitalised(token.label()), at(*hex))
            }
            Event::MarkerPlaced {
                at: hex,
                player,
                markers,
            } => format!(
                "{} aiming markers on {}: {markers}.",
                possessive(&names[*player]),
                at(*hex)
            ),
            Event::MarkersCleared { at: hex, player } => {
                format!(
                    "{} aiming markers on {} are cleared.",
                    possessive(&names[*player]),
                    at(*hex)
                )
            }
            Event::Crippled { unit } => format!(
                "The {} is crippled: it may not act in its next turn.",
                self.public_name(*unit)
            ),
            Event::TurnEnded { .. } => return None,
            Event::GameOver { reason, .. } => format!("{reason}."),
        })
    }
}

/// "Your", or "Computer's".
fn possessive(name: &str) -> String {
    if name == "You" {
        "Your".into()
    } else {
        format!("{name}'s")
    }
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
