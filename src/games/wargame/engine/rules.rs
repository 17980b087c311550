//! The rules of the battle: a new battle, turns, activations, movement and
//! the special actions. What is where is in `position`, army building in
//! `building`, attacks and retreats in `combat`; what is legal where in
//! `legal`.

use std::collections::VecDeque;

use super::board::Coord;
use super::data::{Ability, Order, Terrain, Token, UnitType};
use super::scenario::Goal;
use super::state::*;
use crate::rules::{Chance, Outcome, Seat, other, sub_seed};

/// The limits of movement and attack of a unit type (the aid card's A-D).
pub struct Reach {
    /// Hexes it may move and still attack.
    pub attack_after: u32,
    /// Hexes it may move in all.
    pub most: u32,
}

pub fn reach(kind: UnitType) -> Reach {
    match kind {
        UnitType::Infantry => Reach {
            attack_after: 1,
            most: 2,
        },
        UnitType::Cavalry => Reach {
            attack_after: 2,
            most: 3,
        },
        UnitType::Artillery => Reach {
            attack_after: 0,
            most: 1,
        },
    }
}

impl Wargame {
    pub fn new(setup: &Setup, seed: u64) -> Wargame {
        Wargame::with_chance(setup, seed, Chance::default())
    }

    /// A new game whose dice come from `chance` (a replay's record).
    pub fn with_chance(setup: &Setup, seed: u64, chance: Chance) -> Wargame {
        let map = setup
            .scenario
            .validate()
            .unwrap_or_else(|e| panic!("scenario {} is invalid: {e}", setup.scenario.label()));
        Wargame {
            chance,
            ..Wargame::on_map(setup, map, seed)
        }
    }

    /// A new game on a map already read from a valid scenario.
    pub(super) fn on_map(setup: &Setup, map: super::scenario::Map, seed: u64) -> Wargame {
        let tokens = vec![HexTokens::default(); map.terrain.len()];
        // Who begins is rolled when the armies stand (ruling 3); until then
        // black, who builds first, is the placeholder.
        let first = 0;
        Wargame {
            scenario: setup.scenario.clone(),
            map,
            seed,
            dice: Dice::new(sub_seed(seed, 3), &setup.dice),
            chance: Chance::default(),
            phase: Phase::Building,
            first,
            commanders: [None, None],
            built: [false, false],
            units: Vec::new(),
            tokens,
            round: 1,
            active: first,
            used: TurnUse::default(),
            activation: None,
            pending: VecDeque::new(),
            score: [0, 0],
            works_laid: [0, 0],
            outcome: None,
            reason: None,
        }
    }

    pub fn whose_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Building => Some(if self.built[0] { 1 } else { 0 }),
            Phase::Battle => Some(match self.pending.front() {
                Some(p) => self.units[p.unit()].owner,
                None => self.active,
            }),
            Phase::Over => None,
        }
    }

    // ---- turns --------------------------------------------------------

    pub fn tokens_of(&self, seat: Seat) -> u32 {
        self.scenario.side(seat).tokens
    }

    pub fn end_activation(&mut self, events: &mut Vec<Event>) {
        self.activation = None;
        if self.used.activations >= self.tokens_of(self.active) && self.phase == Phase::Battle {
            self.end_turn(events);
        }
    }

    pub fn end_turn(&mut self, events: &mut Vec<Event>) {
        self.activation = None;
        let seat = self.active;
        events.push(Event::TurnEnded { player: seat });
        self.burn(events);
        if self.phase != Phase::Battle {
            return;
        }
        // Fire and smoke last to the end of their owner's next turn.
        let round = self.round;
        let expired = |laid: Option<(Seat, u32)>| laid.is_some_and(|(s, r)| s == seat && r < round);
        for at in self.map.coords().collect::<Vec<_>>() {
            let t = self.tokens_at_mut(at);
            let (fire, smoke) = (expired(t.fire), expired(t.smoke));
            if fire {
                t.fire = None;
            }
            if smoke {
                t.smoke = None;
            }
            for (gone, token) in [(fire, Token::Fire), (smoke, Token::Smoke)] {
                if gone {
                    events.push(Event::TokenRemoved { at, token });
                }
            }
            // Aiming markers help "in the next turn" only (ruling 18).
            let t = self.tokens_at_mut(at);
            if t.markers[seat] > 0 && t.marked[seat] < round {
                t.markers[seat] = 0;
                events.push(Event::MarkersCleared { at, player: seat });
            }
        }
        for u in self.units.iter_mut().filter(|u| u.owner == seat) {
            u.crippled = false;
        }
        self.used = TurnUse::default();
        self.active = other(seat);
        if self.active == self.first {
            self.round += 1;
            if self.round > self.scenario.turn_limit {
                // "has to capture it within 10 or 12 turns": a fort or arrow
                // hexes taken in the last turn count. The holdings are judged
                // once more, for each side as at the start of its turn.
                for side in [self.active, seat] {
                    self.check_holdings(side, events);
                    if self.phase == Phase::Over {
                        return;
                    }
                }
                self.end_by_limit(events);
                return;
            }
        }
        events.push(Event::TurnBegins {
            player: self.active,
            turn: self.round,
        });
        self.check_holdings(self.active, events);
    }

    /// Units on burning hexes at the end of a turn lose a step.
    fn burn(&mut self, events: &mut Vec<Event>) {
        let burning: Vec<usize> = self
            .alive()
            .filter(|u| u.at.is_some_and(|at| self.tokens_at(at).fire.is_some()))
            .map(|u| u.id)
            .collect();
        for unit in burning {
            self.lose(unit, 1, events);
        }
    }

    /// Forts and arrow hexes count at the beginning of their side's turn.
    fn check_holdings(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let (held, need, what) = match self.scenario.side(seat).goal {
            Goal::Forts(n) => {
                let held = self
                    .map
                    .forts()
                    .into_iter()
                    .filter(|&f| self.owner_at(f) == Some(seat))
                    .count() as u32;
                (held, n, "forts held")
            }
            Goal::Lead(n) => {
                let on = self
                    .alive()
                    .filter(|u| u.owner == seat && u.at.is_some_and(|a| self.scenario.arrows.contains(&a)))
                    .count() as u32;
                (on, n, "units on the arrow hexes")
            }
            Goal::Points(_) => return,
        };
        if held >= need {
            self.finish(
                Some(seat),
                format!("{held} {what} at the beginning of the turn"),
                events,
            );
        }
    }

    fn end_by_limit(&mut self, events: &mut Vec<Event>) {
        let takers = [0, 1].map(|s| self.scenario.side(s).goal.must_take());
        let winner = match takers {
            [true, false] => Some(1),
            [false, true] => Some(0),
            _ => crate::rules::higher(self.score),
        };
        let reason = match takers {
            [true, false] | [false, true] => "the turn limit passed: the defender held".to_string(),
            _ => "the turn limit passed: more victory points".to_string(),
        };
        self.finish(winner, reason, events);
    }

    pub fn finish(&mut self, winner: Option<Seat>, reason: String, events: &mut Vec<Event>) {
        if self.phase == Phase::Over {
            return;
        }
        self.phase = Phase::Over;
        self.activation = None;
        self.pending.clear();
        self.outcome = Some(Outcome {
            winner,
            score: self.score.map(i64::from),
        });
        self.reason = Some(reason.clone());
        events.push(Event::GameOver { winner, reason });
    }

    /// Takes `steps` off a unit; at zero it is destroyed and the enemy scores
    /// its cost.
    pub fn lose(&mut self, unit: usize, steps: u8, events: &mut Vec<Event>) {
        let u = &mut self.units[unit];
        if u.at.is_none() {
            return;
        }
        let steps = steps.min(u.size);
        u.size -= steps;
        events.push(Event::SizeLost { unit, steps });
        if u.size == 0 {
            self.destroy(unit, events);
        }
    }

    pub fn destroy(&mut self, unit: usize, events: &mut Vec<Event>) {
        let u = &mut self.units[unit];
        if u.at.is_none() {
            return;
        }
        u.at = None;
        u.size = 0;
        u.known = [true, true];
        let owner = u.owner;
        let points = u.card().cost;
        let enemy = other(owner);
        self.score[enemy] += points;
        events.push(Event::Destroyed {
            unit,
            class: self.units[unit].class.clone(),
            points,
            to: enemy,
        });
        self.pending.retain(|p| p.unit() != unit);
        if let Some(a) = self.activation.as_mut() {
            a.units.retain(|&id| id != unit);
        }
        if let Goal::Points(n) = self.scenario.side(enemy).goal
            && self.score[enemy] >= n
        {
            self.finish(
                Some(enemy),
                format!("{} victory points", self.score[enemy]),
                events,
            );
            return;
        }
        if !self.alive().any(|u| u.owner == owner) {
            self.finish(Some(enemy), "the enemy army was destroyed".into(), events);
        }
    }

    /// Moves units one hex, paying for fire on the way.
    pub fn step(&mut self, group: &[usize], to: Coord, events: &mut Vec<Event>) {
        let Some(from) = self.units[group[0]].at else {
            return;
        };
        for &id in group {
            self.units[id].at = Some(to);
        }
        // A block seen moving is a block the other side can follow.
        if let Some(a) = self.activation.as_mut()
            && group.iter().all(|id| a.units.contains(id))
        {
            a.veiled = false;
        }
        events.push(Event::Moved {
            units: group.to_vec(),
            from,
            to,
        });
        if self.tokens_at(to).fire.is_some() {
            for &id in group {
                self.lose(id, 1, events);
            }
        }
        if let Some(&id) = group.first() {
            self.arrived(self.units[id].owner, events);
        }
    }

    /// Behind enemy lines: the advancing side wins the moment its units
    /// stand on the arrow hexes ("If he or she gets 15 before enemy gets to
    /// their positions, the defending player wins": the race is decided
    /// when they get there, not at the next turn's start).
    pub(super) fn arrived(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let Goal::Lead(need) = self.scenario.side(seat).goal else {
            return;
        };
        let on = self
            .alive()
            .filter(|u| u.owner == seat && u.at.is_some_and(|a| self.scenario.arrows.contains(&a)))
            .count() as u32;
        if on >= need && self.phase == Phase::Battle {
            self.finish(Some(seat), format!("{on} units reached the arrow hexes"), events);
        }
    }

    /// Whether the activated group may take one more step to `to`.
    pub fn check_move(&self, to: Coord) -> Result<(), Refusal> {
        let a = self.activation.as_ref().ok_or(Refusal::NoActivation)?;
        if a.attacks > 0 {
            return Err(Refusal::Attacked);
        }
        if a.stopped {
            return Err(Refusal::Stopped);
        }
        if a.may_leave == Some(false) {
            return Err(Refusal::FailedCheck);
        }
        let most = a
            .units
            .iter()
            .map(|&id| {
                let mut most = reach(self.units[id].kind).most;
                if a.order == Some(Order::StrenuousMarch) {
                    most += 1;
                }
                most
            })
            .min()
            .unwrap_or(0);
        if a.moved >= most {
            return Err(Refusal::MovedAll(most));
        }
        if !a.at.is_adjacent(to) {
            return Err(Refusal::NotNext { to, from: a.at });
        }
        self.check_enter(&a.units, to)
    }

    /// Whether the group may enter `to` (terrain, tokens, enemies, limits).
    pub fn check_enter(&self, group: &[usize], to: Coord) -> Result<(), Refusal> {
        if !self.map.contains(to) {
            return Err(Refusal::OffMap(to));
        }
        for &id in group {
            if !self.may_enter(&self.units[id], to) {
                return Err(Refusal::CannotEnter {
                    unit: id,
                    kind: self.units[id].kind,
                    to,
                    terrain: self.terrain(to),
                });
            }
        }
        if !self.group_fits(group, to) {
            return Err(Refusal::Limits(to));
        }
        Ok(())
    }

    pub fn do_move(&mut self, to: Coord, events: &mut Vec<Event>) {
        let must_check = {
            let a = self.activation.as_ref().expect("checked");
            let seat = self.units[a.units[0]].owner;
            a.may_leave.is_none() && self.leaves_hostile_influence(a.at, to, seat)
        };
        self.move_group(to, must_check, 1, events);
    }

    /// Moves the activated group one hex: first, when `must_check`, the
    /// command check to leave a hostile area of influence (a squad leaves
    /// only as its least disciplined unit allows); then the step, terrain
    /// that stops it and an abatis that bars its attack after. `distance`
    /// is what the hex counts toward the move (the empty move counts none).
    pub(super) fn move_group(&mut self, to: Coord, must_check: bool, distance: u32, events: &mut Vec<Event>) {
        let group = self.activation.as_ref().expect("checked").units.clone();
        if must_check {
            let weakest = *group
                .iter()
                .min_by_key(|&&id| self.discipline(id))
                .expect("a group has units");
            let passed = self.command_check(weakest, CheckFor::Leave, events);
            self.activation.as_mut().expect("active").may_leave = Some(passed);
            if !passed {
                return;
            }
        }
        self.step(&group, to, events);
        let stops = group
            .iter()
            .any(|&id| self.units[id].at.is_some() && self.stops_on(&self.units[id], to));
        let abatis = self.abatis_at(to);
        if let Some(a) = self.activation.as_mut() {
            a.at = to;
            a.moved += distance;
            a.acted = true;
            a.stopped |= stops;
            a.no_attack |= abatis;
            if a.units.is_empty() {
                self.end_activation(events);
            }
        }
    }

    /// Whether the activated unit may still attack after its moves.
    pub fn may_attack(&self, unit: usize) -> Result<(), String> {
        let a = self.activation.as_ref().ok_or("no unit is activated")?;
        if !a.units.contains(&unit) {
            return Err(format!("unit {unit} is not the activated unit"));
        }
        if a.no_attack {
            return Err("this activation allows no attack (abatis or strenuous march)".into());
        }
        if a.attacks >= a.attacks_allowed {
            return Err("the unit has made its attack".into());
        }
        // "one unit in this squad can attack": a second attack is its own.
        if let Some(first) = a.attacker
            && first != unit
        {
            return Err(format!(
                "unit {first} made the squad's attack: only it attacks again"
            ));
        }
        let u = &self.units[unit];
        let card = u.card();
        let full_move_ok = card.has(Ability::AttackAfterFullMove)
            || a.order == Some(Order::PowerSurge)
            || (card.has(Ability::Skirmisher) && a.moved <= 1);
        if a.moved > reach(u.kind).attack_after && !full_move_ok {
            return Err(format!(
                "a {:?} unit that moved {} hexes cannot attack",
                u.kind, a.moved
            ));
        }
        if u.at.is_some_and(|at| self.smoky(at)) {
            return Err("units in smoke cannot attack".into());
        }
        Ok(())
    }

    /// Whether `target` may be attacked by a unit (not artillery fire):
    /// alive, an enemy, out of smoke, and not artillery behind infantry.
    pub fn check_target(&self, attacker: usize, target: usize) -> Result<Coord, String> {
        let t = self
            .units
            .get(target)
            .ok_or_else(|| format!("no unit {target}"))?;
        let at = t.at.ok_or_else(|| format!("unit {target} is destroyed"))?;
        if t.owner == self.units[attacker].owner {
            return Err(format!("unit {target} is your own"));
        }
        if self.smoky(at) {
            return Err("units in smoke cannot be attacked".into());
        }
        if t.kind == UnitType::Artillery && self.units_at(at).any(|o| o.kind == UnitType::Infantry) {
            return Err("the infantry on that hex must be attacked before the artillery".into());
        }
        Ok(at)
    }

    /// After an attack: the activation ends unless another attack or an
    /// order's follow-up may come.
    pub fn after_attack(&mut self, events: &mut Vec<Event>) {
        if self.phase != Phase::Battle || !self.pending.is_empty() {
            return;
        }
        let Some(a) = self.activation.as_ref() else { return };
        let more = a.attacks < a.attacks_allowed && !a.units.is_empty();
        if !more && a.pursuit.is_none() && a.withdraw.is_none() {
            self.end_activation(events);
        }
    }
}

/// Why a step or an entry is refused: worded only when it is shown, since
/// the planner asks about every hex it might reach.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Refusal {
    NoActivation,
    Attacked,
    Stopped,
    FailedCheck,
    MovedAll(u32),
    NotNext {
        to: Coord,
        from: Coord,
    },
    OffMap(Coord),
    CannotEnter {
        unit: usize,
        kind: UnitType,
        to: Coord,
        terrain: Terrain,
    },
    Limits(Coord),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Refusal::NoActivation => write!(f, "no unit is activated"),
            Refusal::Attacked => write!(f, "a unit that attacked does not move again"),
            Refusal::Stopped => write!(f, "the terrain entered made the unit stop"),
            Refusal::FailedCheck => {
                write!(
                    f,
                    "the unit failed its command check and cannot move this activation"
                )
            }
            Refusal::MovedAll(most) => write!(f, "the unit has moved its {most} hexes"),
            Refusal::NotNext { to, from } => write!(f, "{to} is not next to {from}"),
            Refusal::OffMap(to) => write!(f, "{to} is off the map"),
            Refusal::CannotEnter {
                unit,
                kind,
                to,
                terrain,
            } => write!(f, "unit {unit} ({kind:?}) cannot enter {to} ({terrain:?})"),
            Refusal::Limits(to) => write!(f, "{to} would break the unit limits"),
        }
    }
}

impl From<Refusal> for String {
    fn from(refusal: Refusal) -> String {
        refusal.to_string()
    }
}
