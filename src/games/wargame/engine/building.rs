//! Army building: whether an army fits the budget, the class limits and
//! the first row, and building it.

use super::board::Coord;
use super::data::{Faction, UnitType};
use super::position::stack_fits;
use super::state::*;
use crate::rules::{Seat, other, sub_seed};

impl Wargame {
    pub fn check_build(
        &self,
        seat: Seat,
        commander: &Option<String>,
        army: &[Placement],
    ) -> Result<(), String> {
        let book = self.scenario.book();
        let faction = Faction::of_seat(seat);
        if let Some(id) = commander {
            let c = book
                .own_commander(id)
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
                .own_unit(&p.class)
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
        let book = self.scenario.book();
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
}
