//! What is where on the battlefield, and what a unit there may do: who
//! stands on a hex and its tokens, where a unit may enter and stop, sight,
//! retreats, discipline and orders, command checks and reveals.

use super::board::{Coord, sight_clear};
use super::data::{Ability, Faction, Order, Rulebook, Terrain, Token, UnitCard, UnitType};
use super::scenario::Goal;
use super::state::*;
use crate::rules::{Seat, other};

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

    /// Whether a step from `from` to `to` leaves a hostile area of
    /// influence: "Every unit has its own area of influence. All adjacent
    /// hexes are incorporated into it. If a unit is located in hostile area
    /// of influence and wants to leave it, it has to pass command check."
    /// A step to a hex still next to the same enemy unit does not leave
    /// its area (ruling 7).
    pub fn leaves_hostile_influence(&self, from: Coord, to: Coord, seat: Seat) -> bool {
        self.alive()
            .any(|u| u.owner != seat && u.at.is_some_and(|e| e.is_adjacent(from) && !e.is_adjacent(to)))
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
}
