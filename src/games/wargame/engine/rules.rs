//! The rules of the battle: building, turns, activations, movement and the
//! special actions. Attacks and retreats are in `combat`; what is legal
//! where in `legal`.

use std::collections::VecDeque;

use super::board::{Coord, sight_clear};
use super::data::{Ability, Faction, Order, Rulebook, Terrain, Token, UnitCard, UnitType};
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

/// Whether units of these types may stand together on one hex: up to three
/// infantry, two cavalry, one cavalry with one infantry, or one artillery
/// with at most one infantry (ruling 4).
pub fn stack_fits(kinds: impl IntoIterator<Item = UnitType>) -> bool {
    let (mut inf, mut cav, mut art) = (0, 0, 0);
    for kind in kinds {
        match kind {
            UnitType::Infantry => inf += 1,
            UnitType::Cavalry => cav += 1,
            UnitType::Artillery => art += 1,
        }
    }
    matches!(
        (inf, cav, art),
        (0..=3, 0, 0) | (0, 0..=2, 0) | (0..=1, 1, 0) | (0..=1, 0, 1)
    )
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

    // ---- what is where ------------------------------------------------

    pub fn alive(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|u| u.at.is_some())
    }

    pub fn units_at(&self, at: Coord) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(move |u| u.at == Some(at))
    }

    pub fn owner_at(&self, at: Coord) -> Option<Seat> {
        self.units_at(at).next().map(|u| u.owner)
    }

    pub fn tokens_at(&self, at: Coord) -> &HexTokens {
        &self.tokens[self.map.index(at)]
    }

    /// "After entering the abatis, unit ... cannot attack after this move."
    pub fn abatis_at(&self, at: Coord) -> bool {
        self.tokens_at(at).works.map(|w| w.0) == Some(Token::Abatis)
    }

    pub fn tokens_at_mut(&mut self, at: Coord) -> &mut HexTokens {
        let index = self.map.index(at);
        &mut self.tokens[index]
    }

    pub fn terrain(&self, at: Coord) -> Terrain {
        self.map.at(at)
    }

    pub fn smoky(&self, at: Coord) -> bool {
        self.tokens_at(at).smoke.is_some()
    }

    /// Whether a unit of `seat` at `at` stands in a hostile area of influence.
    pub fn in_hostile_influence(&self, at: Coord, seat: Seat) -> bool {
        self.alive()
            .any(|u| u.owner != seat && u.at.is_some_and(|e| e.is_adjacent(at)))
    }

    pub fn enemies_adjacent(&self, at: Coord, seat: Seat) -> Vec<usize> {
        self.alive()
            .filter(|u| u.owner != seat && u.at.is_some_and(|e| e.is_adjacent(at)))
            .map(|u| u.id)
            .collect()
    }

    /// Whether `unit` may enter `at` by itself: terrain, tokens, no enemy.
    pub fn may_enter(&self, unit: &Unit, at: Coord) -> bool {
        if !self.map.contains(at) {
            return false;
        }
        if !self.terrain_allows(unit.card(), at) {
            return false;
        }
        let book = Rulebook::get();
        if let Some((works, _)) = self.tokens_at(at).works
            && !book.token(works).allows(unit.kind)
        {
            return false;
        }
        self.owner_at(at).is_none_or(|o| o == unit.owner)
    }

    /// Whether the terrain at `at` lets a unit of this card in (swamp
    /// walkers into swamp too).
    pub fn terrain_allows(&self, card: &UnitCard, at: Coord) -> bool {
        let terrain = self.terrain(at);
        Rulebook::get().ground(terrain).allows(card.kind)
            || (terrain == Terrain::Swamp && card.has(Ability::SwampWalker))
    }

    /// An arrow hex is barred to the side defending against a `lead` goal
    /// while it places its army.
    pub fn arrow_barred(&self, seat: Seat, at: Coord) -> bool {
        matches!(self.scenario.side(other(seat)).goal, Goal::Lead(_)) && self.scenario.arrows.contains(&at)
    }

    /// Whether `group` may stand on `at` beside the units already there.
    pub fn group_fits(&self, group: &[usize], at: Coord) -> bool {
        let here = self
            .units_at(at)
            .filter(|u| !group.contains(&u.id))
            .map(|u| u.kind);
        stack_fits(here.chain(group.iter().map(|&id| self.units[id].kind)))
    }

    pub fn stops_on(&self, unit: &Unit, at: Coord) -> bool {
        let book = Rulebook::get();
        book.ground(self.terrain(at)).stops(unit.kind)
            || self
                .tokens_at(at)
                .works
                .is_some_and(|(t, _)| book.token(t).stops(unit.kind))
    }

    pub fn blocks_sight(&self, at: Coord) -> bool {
        Rulebook::get().ground(self.terrain(at)).blocks_sight || self.smoky(at) || self.owner_at(at).is_some()
    }

    pub fn in_sight(&self, from: Coord, to: Coord) -> bool {
        sight_clear(from, to, |c| self.blocks_sight(c))
    }

    /// Hexes `unit` may retreat to: next to it, out of every enemy's area of
    /// influence, enterable, within the unit limits, not burning (ruling 17).
    pub fn retreat_hexes(&self, unit: usize) -> Vec<Coord> {
        let u = &self.units[unit];
        let Some(at) = u.at else { return Vec::new() };
        at.neighbours()
            .into_iter()
            .filter(|&to| {
                self.may_enter(u, to)
                    && self.group_fits(&[unit], to)
                    && !self.in_hostile_influence(to, u.owner)
                    && self.tokens_at(to).fire.is_none()
            })
            .collect()
    }

    /// Discipline with the bonuses in force: Thargaton infantry's +1 per other
    /// allied infantry on the hex, and Baron Maximilian's special order.
    pub fn discipline(&self, unit: usize) -> i32 {
        let u = &self.units[unit];
        let mut discipline = u.card().discipline;
        if Faction::of_seat(u.owner) == Faction::Thargaton && u.kind == UnitType::Infantry {
            discipline += self.infantry_beside(unit);
        }
        if self.order_on(unit) == Some(Order::DisciplineBoost) {
            discipline += 1;
        }
        discipline
    }

    /// Other allied infantry on the unit's hex.
    pub fn infantry_beside(&self, unit: usize) -> i32 {
        let u = &self.units[unit];
        u.at.map_or(0, |at| {
            self.units_at(at)
                .filter(|o| o.id != unit && o.kind == UnitType::Infantry)
                .count() as i32
        })
    }

    /// The order in force on `unit`, if it is being activated with one.
    pub fn order_on(&self, unit: usize) -> Option<Order> {
        self.activation
            .as_ref()
            .filter(|a| a.units.contains(&unit))
            .and_then(|a| a.order)
    }

    pub fn commander_order(&self, seat: Seat, number: u8) -> Option<Order> {
        let id = self.commanders[seat].as_ref()?;
        let commander = Rulebook::get().commander(id)?;
        (1..=4)
            .contains(&number)
            .then(|| commander.orders[number as usize - 1])
    }

    /// 2d6 at or under discipline.
    pub fn command_check(&mut self, unit: usize, check: CheckFor, events: &mut Vec<Event>) -> bool {
        let discipline = self.discipline(unit);
        let dice = self.dice.two(&mut self.chance);
        let passed = i32::from(dice[0] + dice[1]) <= discipline;
        let check_for = |unit, discipline, to| Event::CommandCheck {
            unit,
            dice,
            discipline,
            passed,
            check,
            to,
        };
        // The discipline names the class: only those who know it see it;
        // nor is a veiled block named to the other side.
        let owner = self.units[unit].owner;
        if self.veiled(unit) {
            events.push(check_for(Some(unit), Some(discipline), Some(owner)));
            events.push(check_for(None, None, Some(other(owner))));
        } else if self.units[unit].known_to(other(owner)) {
            events.push(check_for(Some(unit), Some(discipline), None));
        } else {
            events.push(check_for(Some(unit), Some(discipline), Some(owner)));
            events.push(check_for(Some(unit), None, Some(other(owner))));
        }
        passed
    }

    /// Whether the other side cannot tell `unit`, acting now, from the other
    /// blocks of its type on its hex: it was activated among them, or in a
    /// squad of which "one unit ... can attack" (fight rule 3).
    pub fn veiled(&self, unit: usize) -> bool {
        let Some(a) = &self.activation else { return false };
        let u = &self.units[unit];
        let alike = self
            .alive()
            .any(|o| o.id != unit && o.owner == u.owner && o.at == u.at && o.kind == u.kind);
        a.units.contains(&unit) && (a.veiled || a.units.len() > 1) && alike
    }

    pub fn reveal(&mut self, unit: usize, events: &mut Vec<Event>) {
        let u = &mut self.units[unit];
        if !u.known.iter().all(|&k| k) {
            u.known = [true, true];
            events.push(Event::Revealed {
                unit,
                class: u.class.clone(),
            });
        }
    }

    // ---- army building ------------------------------------------------

    pub fn check_build(
        &self,
        seat: Seat,
        commander: &Option<String>,
        army: &[Placement],
    ) -> Result<(), String> {
        let book = Rulebook::get();
        let faction = Faction::of_seat(seat);
        if let Some(id) = commander {
            let c = book
                .commander(id)
                .ok_or_else(|| format!("unknown commander `{id}`"))?;
            if c.faction != faction {
                return Err(format!("{} commands {:?}, not {faction:?}", c.name, c.faction));
            }
            if !self.scenario.allows_commander(id) {
                return Err(format!("this scenario is played without {}", c.name));
            }
        }
        if army.is_empty() {
            return Err("an army needs at least one unit".into());
        }
        if army.len() > book.army.most_blocks {
            return Err(format!(
                "{} blocks: at most {}",
                army.len(),
                book.army.most_blocks
            ));
        }
        let side = self.scenario.side(seat);
        let mut cost = 0;
        for (i, p) in army.iter().enumerate() {
            let card = book
                .unit(&p.class)
                .ok_or_else(|| format!("unit {i}: unknown class `{}`", p.class))?;
            if card.faction != faction {
                return Err(format!("unit {i}: {} fights for {:?}", card.name, card.faction));
            }
            if !self.scenario.allows_unit(&p.class) {
                return Err(format!("unit {i}: this scenario does not allow {}", card.name));
            }
            let same = army.iter().filter(|q| q.class == p.class).count();
            if same > book.army.most_of_a_class {
                return Err(format!(
                    "{same} blocks of {}: at most {} of a class",
                    card.name, book.army.most_of_a_class
                ));
            }
            cost += card.cost;
            if p.at.row() != side.first_row || !self.map.contains(p.at) {
                return Err(format!(
                    "unit {i} at {}: units are placed on your first row, row {}",
                    p.at, side.first_row
                ));
            }
            if !self.terrain_allows(card, p.at) {
                return Err(format!(
                    "unit {i}: {:?} cannot stand on {:?}",
                    card.kind,
                    self.terrain(p.at)
                ));
            }
            if self.arrow_barred(seat, p.at) {
                return Err(format!(
                    "unit {i}: the defending side may not stand on an arrow hex"
                ));
            }
        }
        if cost > self.scenario.budget {
            return Err(format!(
                "the army costs {cost}: the budget is {}",
                self.scenario.budget
            ));
        }
        let mut hexes: Vec<Coord> = army.iter().map(|p| p.at).collect();
        hexes.sort();
        hexes.dedup();
        for at in hexes {
            let kinds = army
                .iter()
                .filter(|p| p.at == at)
                .map(|p| book.unit(&p.class).map_or(UnitType::Infantry, |c| c.kind));
            if !stack_fits(kinds) {
                return Err(format!("too many units on {at} for the unit limits"));
            }
        }
        Ok(())
    }

    pub fn build(
        &mut self,
        seat: Seat,
        commander: Option<String>,
        army: Vec<Placement>,
        events: &mut Vec<Event>,
    ) {
        let book = Rulebook::get();
        for p in &army {
            let card = book.unit(&p.class).expect("checked");
            let mut known = [false, false];
            known[seat] = true;
            self.units.push(Unit {
                id: self.units.len(),
                owner: seat,
                class: p.class.clone(),
                kind: card.kind,
                size: card.size,
                at: Some(p.at),
                known,
                crippled: false,
            });
        }
        self.commanders[seat] = commander;
        self.built[seat] = true;
        let blocks = Some(army.len());
        if self.built[other(seat)] {
            events.push(Event::ArmyBuilt {
                player: seat,
                blocks,
                to: None,
            });
        } else {
            // The other side still builds: it learns only that this one is done.
            events.push(Event::ArmyBuilt {
                player: seat,
                blocks,
                to: Some(seat),
            });
            events.push(Event::ArmyBuilt {
                player: seat,
                blocks: None,
                to: Some(other(seat)),
            });
        }
        if self.built == [true, true] {
            // "Playing the Game: Each player rolls a die. Player who gets the
            // highest result begins": after building, not before (ruling 3).
            let mut opening = Dice::new(sub_seed(self.seed, 2), &[]);
            self.first = loop {
                let [a, b] = opening.two(&mut self.chance);
                if a != b {
                    break usize::from(b > a);
                }
            };
            self.active = self.first;
            self.phase = Phase::Battle;
            events.push(Event::BattleBegins {
                first: self.first,
                commanders: self.commanders.clone(),
            });
            events.push(Event::TurnBegins {
                player: self.active,
                turn: self.round,
            });
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
            a.may_leave.is_none() && self.in_hostile_influence(a.at, seat)
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
