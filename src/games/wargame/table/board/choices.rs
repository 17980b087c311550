//! What the person at the screen may do now, sorted for the table: hexes to
//! move to, hexes to attack, and actions for buttons, all taken from the
//! rules core's legal actions; and the aid card's options A-D that filter
//! them.

use bevy::prelude::*;

use crate::games::wargame::engine::board::Coord;
use crate::games::wargame::engine::data::UnitType;
use crate::games::wargame::engine::names::with_article;
use crate::games::wargame::engine::state::{Action, Pending, Wargame};
use crate::rules::Seat;
use crate::session::{Happened, Shown};

/// The table's selection: kept between frames, cleared when play moves on.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Selection {
    /// The hex the player clicked last.
    pub hex: Option<Coord>,
    /// The hex under the mouse.
    pub hover: Option<Coord>,
    /// The aid-card option that filters what is offered.
    pub aid: Option<Aid>,
    /// The commander order to give with the next activation.
    pub order: Option<u8>,
    /// A hex with several actions: they are offered as buttons.
    pub choosing: Option<Coord>,
    /// The keyboard's hex cursor, shown once a key moves it; Enter does
    /// there what a click does.
    pub cursor: Option<Coord>,
}

impl Selection {
    /// Forgets what belonged to the last step, keeping the order choice.
    pub fn after_action(&mut self) {
        self.hex = None;
        self.aid = None;
        self.choosing = None;
    }
}

/// The aid card's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aid {
    /// Stay and attack.
    A,
    /// Move, then attack.
    B,
    /// Move the full distance.
    C,
    /// Charge.
    D,
}

impl Aid {
    pub const ALL: [Aid; 4] = [Aid::A, Aid::B, Aid::C, Aid::D];

    pub fn letter(self) -> &'static str {
        match self {
            Aid::A => "A",
            Aid::B => "B",
            Aid::C => "C",
            Aid::D => "D",
        }
    }

    /// What the option means for a unit type (ruling 6), or `None` when
    /// the type has no such option.
    pub fn text(self, kind: UnitType) -> Option<&'static str> {
        Some(match (kind, self) {
            (UnitType::Artillery, Aid::A) => "fire without moving",
            (UnitType::Artillery, Aid::B) => "move 1 hex",
            (UnitType::Artillery, _) => return None,
            (_, Aid::A) => "attack without moving",
            (UnitType::Infantry, Aid::B) => "move 1 hex, then attack",
            (UnitType::Cavalry, Aid::B) => "move up to 2 hexes, then attack",
            (UnitType::Infantry, Aid::C) => "move up to 2 hexes",
            (UnitType::Cavalry, Aid::C) => "move up to 3 hexes",
            (_, Aid::D) => "charge: 3 hexes straight, then melee",
        })
    }

    /// Whether the option offers `action`.
    pub fn allows(self, kind: UnitType, action: &Action) -> bool {
        let attack = matches!(
            action,
            Action::Melee { .. } | Action::Shoot { .. } | Action::Fire { .. }
        );
        let step = matches!(action, Action::Move { .. });
        match (kind, self) {
            (UnitType::Artillery, Aid::A) => attack,
            (UnitType::Artillery, Aid::B) => step,
            (_, Aid::A) => attack,
            (_, Aid::B) => step || attack,
            (_, Aid::C) => step,
            (_, Aid::D) => matches!(action, Action::Charge { .. }),
        }
    }
}

/// How a hex is offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Move, retreat or step there.
    Reach,
    /// Attack or act on an enemy there.
    Target,
    /// Artillery fire at the hex.
    FireAt,
}

/// The legal actions of the seat to move, sorted for the table.
#[derive(Debug, Default, Clone)]
pub struct Choices {
    pub by_hex: Vec<(Coord, Mark, Action)>,
    pub buttons: Vec<Action>,
    /// The activated unit's type, for the aid card.
    pub kind: Option<UnitType>,
}

impl Choices {
    /// `legal` (the rules core's legal actions for the seat at the screen)
    /// placed on the board as `game` (what that seat sees) shows it.
    pub fn of(game: &Wargame, legal: &[Action]) -> Choices {
        let kind = game
            .activation
            .as_ref()
            .filter(|_| game.pending.is_empty())
            .and_then(|a| a.units.first())
            .map(|&u| game.units[u].kind);
        let mut out = Choices {
            kind,
            ..Choices::default()
        };
        let target_at = |t: usize| game.units[t].at.expect("a target is on the board");
        for action in legal.iter().cloned() {
            let placed = match &action {
                Action::Move { to } | Action::Sidestep { to } | Action::Withdraw { to } => {
                    Some((*to, Mark::Reach))
                }
                Action::Retreat { to, .. } => Some((*to, Mark::Reach)),
                Action::Melee { target, .. }
                | Action::Shoot { target, .. }
                | Action::Charge { target, .. }
                | Action::Inspect { target }
                | Action::Cripple { target }
                | Action::Frighten { target } => Some((target_at(*target), Mark::Target)),
                Action::Fire { at, .. } => Some((*at, Mark::FireAt)),
                _ => None,
            };
            match placed {
                Some((hex, mark)) => out.by_hex.push((hex, mark, action)),
                None => out.buttons.push(action),
            }
        }
        out
    }

    pub fn is_empty(&self) -> bool {
        self.by_hex.is_empty() && self.buttons.is_empty()
    }

    /// The actions offered on `hex`.
    pub fn at(&self, hex: Coord) -> Vec<&Action> {
        self.by_hex
            .iter()
            .filter(|(h, _, _)| *h == hex)
            .map(|(_, _, a)| a)
            .collect()
    }

    /// The strongest mark on each hex: a target over fire over reach.
    pub fn marks(&self) -> Vec<(Coord, Mark)> {
        let mut marks: Vec<(Coord, Mark)> = Vec::new();
        for (hex, mark, _) in &self.by_hex {
            match marks.iter_mut().find(|(h, _)| h == hex) {
                Some(existing) if *mark == Mark::Target || existing.1 == Mark::Reach => existing.1 = *mark,
                Some(_) => {}
                None => marks.push((*hex, *mark)),
            }
        }
        marks
    }

    /// Only what the aid option offers (everything without one).
    pub fn filtered(&self, aid: Option<Aid>) -> Choices {
        let (Some(aid), Some(kind)) = (aid, self.kind) else {
            return self.clone();
        };
        Choices {
            by_hex: self
                .by_hex
                .iter()
                .filter(|(_, _, a)| aid.allows(kind, a))
                .cloned()
                .collect(),
            ..self.clone()
        }
    }

    /// Whether the aid option offers anything now.
    pub fn aid_enabled(&self, aid: Aid) -> bool {
        self.kind.is_some_and(|kind| {
            aid.text(kind).is_some() && self.by_hex.iter().any(|(_, _, a)| aid.allows(kind, a))
        })
    }
}

/// A button's words for an action, as the person at the screen reads it.
pub fn describe(game: &Wargame, seat: Seat, action: &Action) -> String {
    let name = |u: usize| {
        let unit = &game.units[u];
        if unit.known_to(seat) {
            unit.card().name.clone()
        } else {
            unit.kind.label().to_string()
        }
    };
    let hex = |u: usize| game.units[u].at.map_or(String::new(), |c| c.to_string());
    // Blocks that look alike (two Line infantry in a squad, two Lions on a
    // hex) are told apart by their size where it is known.
    let sized = |u: usize, here: &[usize]| {
        let word = name(u);
        let twins = here.iter().filter(|&&v| name(v) == word).count();
        if twins > 1 && game.units[u].known_to(seat) {
            format!("{word} (size {})", game.units[u].size)
        } else {
            word
        }
    };
    let mover = |u: usize| {
        let squad = game.activation.as_ref().map_or(&[][..], |a| &a.units[..]);
        sized(u, squad)
    };
    // A target among blocks that look alike on its hex is named by where
    // it stands there, as the board draws them left to right.
    let target_name = |u: usize| {
        let at = game.units[u].at;
        let here: Vec<usize> = (0..game.units.len())
            .filter(|&v| at.is_some() && game.units[v].at == at)
            .collect();
        let word = sized(u, &here);
        if here.iter().filter(|&&v| name(v) == name(u)).count() < 2 {
            return word;
        }
        let side = match here.iter().position(|&v| v == u) {
            Some(0) => "left",
            Some(1) if here.len() == 3 => "middle",
            _ => "right",
        };
        format!("{side} {word}")
    };
    match action {
        Action::Build { army, .. } => format!("Build {} blocks", army.len()),
        Action::Activate { units, order } => {
            let who = units.iter().map(|&u| name(u)).collect::<Vec<_>>().join(" + ");
            let squad = if units.len() > 1 { "squad " } else { "" };
            // Where it stands: two alike blocks are two buttons told apart.
            let place = units
                .first()
                .and_then(|&u| game.units[u].at)
                .map_or(String::new(), |at| format!(" at {at}"));
            match order.and_then(|n| game.commander_order(seat, n)) {
                Some(o) => format!("Activate {squad}{who}{place} with “{}”", o.name()),
                None => format!("Activate {squad}{who}{place}"),
            }
        }
        Action::MassMarch { moves } => {
            let to = moves.first().map_or(String::new(), |(_, c)| c.to_string());
            format!(
                "Mass march: {} regular infantry a hex (first to {to})",
                moves.len()
            )
        }
        Action::EndTurn => "End turn (E)".into(),
        Action::Move { to } => format!("Move to {to}"),
        Action::Sidestep { to } => format!("Empty move to {to}"),
        Action::Charge { unit, to, target } => {
            format!(
                "{} charges via {to} into the {} at {}",
                mover(*unit),
                target_name(*target),
                hex(*target)
            )
        }
        Action::Melee { unit, target } => {
            format!(
                "{}: melee the {} at {}",
                mover(*unit),
                target_name(*target),
                hex(*target)
            )
        }
        Action::Shoot { unit, target } => {
            format!(
                "{}: shoot the {} at {}",
                mover(*unit),
                target_name(*target),
                hex(*target)
            )
        }
        Action::Fire { unit, at, ammo } => format!("{}: fire {} at {at}", name(*unit), ammo.label()),
        Action::Dig { unit, works } => format!("{}: dig {}", name(*unit), with_article(works.label())),
        Action::ClearAbatis { unit } => format!("{}: clear the abatis", name(*unit)),
        Action::Inspect { target } => format!("Look at the {} at {}", target_name(*target), hex(*target)),
        Action::Restore { unit } => format!("{}: restore a step", name(*unit)),
        Action::Cripple { target } => format!("Cripple the {} at {}", target_name(*target), hex(*target)),
        Action::Frighten { target } => format!("Frighten the {} at {}", target_name(*target), hex(*target)),
        Action::Pursue => "Pursue the retreating enemy".into(),
        Action::Withdraw { to } => format!("Tactical retreat to {to}"),
        Action::EndActivation => "End activation (Space)".into(),
        Action::Retreat { to, .. } => format!("Retreat to {to}"),
        Action::Stand { .. } if matches!(game.pending.front(), Some(Pending::Counter { .. })) => {
            "Stay without striking back".into()
        }
        Action::Stand { unit } => {
            let discipline = game.discipline(*unit);
            format!("Stand (command check: 2d6 <= {discipline})")
        }
        Action::Counterattack { .. } => "Counterattack".into(),
    }
}

/// What the table offers the person at the screen now: every legal action
/// sorted, and those the aid card's option lets through.
#[derive(Resource, Debug, Default)]
pub struct Offered {
    pub all: Choices,
    pub shown: Choices,
}

impl Offered {
    /// The action bar's buttons, in order: what is offered without a hex,
    /// the actions of a hex with several, the activation of the block
    /// clicked (with the order chosen) and its mass marches. Keys 1-9 press
    /// them.
    pub fn bar<'a>(&'a self, game: &Wargame, selection: &Selection) -> Vec<&'a Action> {
        let mut buttons: Vec<&Action> = self.shown.buttons.iter().collect();
        if let Some(hex) = selection.choosing {
            buttons.extend(self.shown.at(hex));
        }
        let on_clicked = |u: usize| selection.hex.is_some() && game.units[u].at == selection.hex;
        buttons.retain(|a| match a {
            Action::Activate { units, order } => on_clicked(units[0]) && *order == selection.order,
            // A mass march is offered once a regular infantry block is
            // clicked: one button for each direction it can go.
            Action::MassMarch { moves } => moves.iter().any(|(u, _)| on_clicked(*u)),
            _ => true,
        });
        buttons
    }

    /// The hexes where something can be done now, for the keyboard's cursor
    /// to step through: the blocks that may be activated, or the hexes the
    /// activation (or an answer to a hit) may go to. A hex may come more
    /// than once (the cursor sorts and folds them).
    pub fn hexes(&self, game: &Wargame) -> Vec<Coord> {
        let mut hexes: Vec<Coord> = self.shown.marks().into_iter().map(|(at, _)| at).collect();
        if hexes.is_empty() {
            for action in &self.all.buttons {
                let units: Vec<usize> = match action {
                    Action::Activate { units, .. } => units.clone(),
                    Action::MassMarch { moves } => moves.iter().map(|(u, _)| *u).collect(),
                    _ => Vec::new(),
                };
                hexes.extend(units.into_iter().filter_map(|u| game.units[u].at));
            }
        }
        hexes
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Offered>()
        .init_resource::<Selection>()
        .add_systems(
            Update,
            (forget_after_events, refresh)
                .chain()
                .after(crate::app_systems::AppSystems::Show),
        );
}

/// Anything that happened ends the step the selection belonged to.
fn forget_after_events(mut happened: MessageReader<Happened<Wargame>>, mut selection: ResMut<Selection>) {
    if happened.read().count() > 0 {
        selection.after_action();
    }
}

fn refresh(
    shown: Option<Res<Shown<Wargame>>>,
    mut selection: ResMut<Selection>,
    mut offered: ResMut<Offered>,
) {
    let Some(shown) = shown.filter(|s| s.acting.is_some()) else {
        if !offered.all.is_empty() {
            *offered = Offered::default();
        }
        return;
    };
    if !shown.is_changed() && !selection.is_changed() && !offered.all.is_empty() {
        return;
    }
    if shown.is_changed() || offered.all.is_empty() {
        offered.all = Choices::of(shown.view.battlefield(), &shown.legal);
    }
    if selection.aid.is_some_and(|aid| !offered.all.aid_enabled(aid)) {
        selection.aid = None;
    }
    let filtered = offered.all.filtered(selection.aid);
    offered.shown = filtered;
}
