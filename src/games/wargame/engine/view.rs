//! What one player may know: the map, their own army in full, the enemy's
//! blocks by type only (class and size once revealed), public tokens, the
//! turn, and the decision owed.

use serde::Serialize;

use super::board::Coord;
use super::data::{Faction, Order, Rulebook, Token, UnitCard, UnitType};
use super::scenario::{Goal, ScenarioKind};
use super::state::*;
use crate::rules::{Chance, Seat, other};

/// The card a block shows to a side that has not identified it: the first
/// of its faction and type (what the planner guesses too).
pub fn hidden_card(owner: Seat, kind: UnitType) -> &'static UnitCard {
    let faction = Faction::of_seat(owner);
    Rulebook::get()
        .units
        .iter()
        .find(|u| u.faction == faction && u.kind == kind)
        .expect("every faction has every type")
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UnitView {
    pub id: usize,
    pub owner: Seat,
    pub kind: UnitType,
    pub at: Coord,
    /// `None` for an enemy whose class is still hidden.
    pub class: Option<String>,
    pub size: Option<u8>,
    pub crippled: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HexView {
    pub at: Coord,
    pub tokens: Vec<Token>,
    /// Aiming markers of each player.
    pub markers: [u8; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideView {
    pub faction: Faction,
    pub first_row: i32,
    pub goal: Goal,
    pub tokens: u32,
    /// `None` while the other side builds behind the curtain.
    pub commander: Option<String>,
    pub score: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    pub player: Seat,
    pub scenario: u32,
    pub name: String,
    pub kind: ScenarioKind,
    pub map: Vec<String>,
    pub arrows: Vec<Coord>,
    pub budget: u32,
    /// The classes armies may buy here (`None`: all).
    pub units_allowed: Option<Vec<String>>,
    /// The commanders allowed here (`None`: all; empty: none).
    pub commanders_allowed: Option<Vec<String>>,
    pub turn_limit: u32,
    pub sides: [SideView; 2],
    pub phase: Phase,
    /// Who begins: rolled once both armies stand (`None` while building).
    pub first: Option<Seat>,
    pub turn: u32,
    pub active: Seat,
    pub used: TurnUse,
    pub units: Vec<UnitView>,
    pub hexes: Vec<HexView>,
    pub activation: Option<Activation>,
    pub decision: Option<Pending>,
    /// The battle as this seat sees it, for the table: the same state with
    /// what the seat may not know taken out (see `Wargame::seen_by`). Not
    /// part of the protocol.
    #[serde(skip)]
    pub seen: Wargame,
}

impl Wargame {
    /// This state with what `seat` may not know taken out, so that a table
    /// can read it like the game itself: blocks it has not identified keep
    /// their type and place but carry their type's first card and full size
    /// (their `known` flags stay false), the other army and commander are
    /// gone while it builds, the dice lose their seed, and an activated
    /// block's second shot shows only if the seat knows its class.
    pub fn seen_by(&self, seat: Seat) -> Wargame {
        let mut seen = self.clone();
        if seen.phase == Phase::Building {
            // Black builds first, so its blocks come first: dropping the
            // other side's keeps every id in place.
            seen.units.retain(|u| u.owner == seat);
            seen.commanders[other(seat)] = None;
        }
        for unit in seen.units.iter_mut().filter(|u| !u.known_to(seat)) {
            let card = hidden_card(unit.owner, unit.kind);
            unit.class = card.id.clone();
            unit.size = card.size;
        }
        seen.dice = Dice::new(0, &[]);
        seen.chance = Chance::default();
        seen.seed = 0;
        seen.activation = self.activation_seen_by(seat);
        // Who shot from among its like is not told (fight rule 3).
        for p in seen.pending.iter_mut() {
            if let Pending::Hit { attacker, .. } = p
                && attacker.is_some_and(|a| self.units[a].owner != seat && self.veiled(a))
            {
                *attacker = None;
            }
        }
        seen
    }

    fn activation_seen_by(&self, seat: Seat) -> Option<Activation> {
        self.activation.clone().map(|mut a| {
            // A second shot comes from the class: a side that has not
            // identified every activated block sees only what the public
            // order gives.
            if !a.units.iter().all(|&u| self.units[u].known_to(seat)) {
                a.attacks_allowed = if a.order == Some(Order::Berserk) { 2 } else { 1 };
            }
            let theirs = a.units.first().is_some_and(|&u| self.units[u].owner != seat);
            if theirs && a.veiled {
                a.units.clear();
            }
            if theirs && a.attacker.is_some_and(|u| self.veiled(u)) {
                a.attacker = None;
            }
            a
        })
    }

    pub fn view_for(&self, seat: Seat) -> View {
        let seen = self.seen_by(seat);
        let building = self.phase == Phase::Building;
        let sides = [0, 1].map(|s| {
            let side = self.scenario.side(s);
            SideView {
                faction: Faction::of_seat(s),
                first_row: side.first_row,
                goal: side.goal,
                tokens: side.tokens,
                commander: if building && s != seat {
                    None
                } else {
                    self.commanders[s].clone()
                },
                score: self.score[s],
            }
        });
        let units = self
            .alive()
            .filter(|u| u.owner == seat || !building)
            .map(|u| {
                let known = u.known_to(seat);
                UnitView {
                    id: u.id,
                    owner: u.owner,
                    kind: u.kind,
                    at: u.at.expect("alive"),
                    class: known.then(|| u.class.clone()),
                    size: known.then_some(u.size),
                    crippled: u.crippled,
                }
            })
            .collect();
        let hexes = self
            .map
            .coords()
            .filter_map(|at| {
                let t = self.tokens_at(at);
                let mut tokens: Vec<Token> = t.works.map(|w| w.0).into_iter().collect();
                if t.fire.is_some() {
                    tokens.push(Token::Fire);
                }
                if t.smoke.is_some() {
                    tokens.push(Token::Smoke);
                }
                (!tokens.is_empty() || t.markers != [0, 0]).then_some(HexView {
                    at,
                    tokens,
                    markers: t.markers,
                })
            })
            .collect();
        View {
            player: seat,
            scenario: self.scenario.number,
            name: self.scenario.name.clone(),
            kind: self.scenario.kind,
            map: self.scenario.map.clone(),
            arrows: self.scenario.arrows.clone(),
            budget: self.scenario.budget,
            units_allowed: self.scenario.units.clone(),
            commanders_allowed: self.scenario.commanders.clone(),
            turn_limit: self.scenario.turn_limit,
            sides,
            phase: self.phase.clone(),
            first: (self.phase != Phase::Building).then_some(self.first),
            turn: self.round,
            active: self.active,
            used: self.used.clone(),
            units,
            hexes,
            activation: seen.activation.clone(),
            decision: seen.pending.front().cloned(),
            seen,
        }
    }
}
