//! Listing the legal actions: every candidate the position allows, kept when
//! its check passes. Army building has too many to list: a sample of random
//! legal armies stands in for it.

use crate::rules::GameRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::board::Coord;
use super::data::{Ability, Faction, UnitType};
use super::position::stack_fits;
use super::state::*;
use crate::rules::{Seat, sub_seed};

impl Wargame {
    pub fn legal(&self) -> Vec<Action> {
        let Some(seat) = self.whose_move() else {
            return Vec::new();
        };
        let candidates = match self.phase {
            Phase::Building => {
                let mut rng = GameRng::seed_from_u64(sub_seed(self.seed, 40 + seat as u64));
                (0..3).map(|_| self.random_army(seat, &mut rng)).collect()
            }
            Phase::Battle => self.candidates(seat),
            Phase::Over => Vec::new(),
        };
        candidates
            .into_iter()
            .filter(|a| self.check_action(seat, a).is_ok())
            .collect()
    }

    /// The units and squads `seat` may activate now, without an order:
    /// what the planner weighs, without the rest of `legal`'s work.
    pub fn activatable(&self, seat: Seat) -> Vec<Vec<usize>> {
        if self.whose_move() != Some(seat) || self.phase != Phase::Battle {
            return Vec::new();
        }
        self.groups(seat)
            .into_iter()
            .filter(|units| {
                let plain = Action::Activate {
                    units: units.clone(),
                    order: None,
                };
                self.check_action(seat, &plain).is_ok()
            })
            .collect()
    }

    /// What `seat` could activate: each unit, and after it the squad it
    /// heads (the units of its type on its hex not yet activated).
    fn groups(&self, seat: Seat) -> Vec<Vec<usize>> {
        let mine: Vec<&Unit> = self.alive().filter(|u| u.owner == seat).collect();
        let mut out = Vec::new();
        for u in &mine {
            out.push(vec![u.id]);
            let squad: Vec<usize> = mine
                .iter()
                .filter(|o| o.at == u.at && o.kind == u.kind && !self.used.activated.contains(&o.id))
                .map(|o| o.id)
                .collect();
            if squad.len() > 1 && squad[0] == u.id {
                out.push(squad);
            }
        }
        out
    }

    fn candidates(&self, seat: Seat) -> Vec<Action> {
        if let Some(p) = self.pending.front() {
            let unit = p.unit();
            if let Pending::Counter { .. } = p {
                return vec![Action::Counterattack { unit }, Action::Stand { unit }];
            }
            let mut out: Vec<Action> = self
                .retreat_hexes(unit)
                .into_iter()
                .map(|to| Action::Retreat { unit, to })
                .collect();
            out.push(Action::Stand { unit });
            return out;
        }
        let mut out = vec![Action::EndTurn];
        let mine: Vec<&Unit> = self.alive().filter(|u| u.owner == seat).collect();
        let enemies: Vec<&Unit> = self.alive().filter(|u| u.owner != seat).collect();
        let Some(a) = &self.activation else {
            for units in self.groups(seat) {
                for order in [None, Some(1), Some(2), Some(3), Some(4)] {
                    out.push(Action::Activate {
                        units: units.clone(),
                        order,
                    });
                }
            }
            let marchers: Vec<&&Unit> = mine.iter().filter(|u| u.card().has(Ability::MassMarch)).collect();
            if !marchers.is_empty() {
                for dir in 0..6 {
                    let moves = marchers
                        .iter()
                        .map(|u| (u.id, u.at.expect("alive").neighbours()[dir]))
                        .filter(|&(id, to)| self.check_mass_march(seat, &[(id, to)]).is_ok())
                        .collect::<Vec<_>>();
                    if !moves.is_empty() {
                        out.push(Action::MassMarch { moves });
                    }
                }
            }
            return out;
        };
        out.push(Action::EndActivation);
        for to in a.at.neighbours() {
            out.push(Action::Move { to });
            out.push(Action::Sidestep { to });
            out.push(Action::Withdraw { to });
        }
        out.push(Action::Pursue);
        for &id in &a.units {
            let u = &self.units[id];
            out.push(Action::Dig {
                unit: id,
                works: Works::Trench,
            });
            out.push(Action::Dig {
                unit: id,
                works: Works::Abatis,
            });
            out.push(Action::ClearAbatis { unit: id });
            out.push(Action::Restore { unit: id });
            for e in &enemies {
                let target = e.id;
                out.push(Action::Melee { unit: id, target });
                out.push(Action::Shoot { unit: id, target });
                if u.card().charge_bonus().is_some() {
                    for via in a.at.neighbours() {
                        let to = a.at.straight(via, 3);
                        out.push(Action::Charge { unit: id, to, target });
                    }
                }
            }
            if u.kind == UnitType::Artillery {
                for at in self.map.coords().filter(|c| c.distance(a.at) <= 4) {
                    for ammo in [Ammo::Regular, Ammo::Incendiary, Ammo::Smoke] {
                        out.push(Action::Fire { unit: id, at, ammo });
                    }
                }
            }
        }
        for e in &enemies {
            out.push(Action::Inspect { target: e.id });
            out.push(Action::Cripple { target: e.id });
            out.push(Action::Frighten { target: e.id });
        }
        out
    }

    /// A random legal army for `seat`: classes bought while the budget
    /// lasts, a commander or none, each block on a free first-row hex.
    pub fn random_army(&self, seat: Seat, rng: &mut GameRng) -> Action {
        let book = self.scenario.book();
        let faction = Faction::of_seat(seat);
        let cards: Vec<_> = book
            .units
            .iter()
            .filter(|u| u.faction == faction && self.scenario.allows_unit(&u.id))
            .collect();
        let mut hexes: Vec<Coord> = self.map.row(self.scenario.side(seat).first_row).collect();
        let mut left = self.scenario.budget;
        let mut placed: Vec<(Coord, UnitType)> = Vec::new();
        let mut army: Vec<Placement> = Vec::new();
        for _ in 0..40 {
            if army.len() >= book.army.most_blocks {
                break;
            }
            let card = cards[rng.random_range(0..cards.len())];
            let same = army.iter().filter(|p| p.class == card.id).count();
            if card.cost > left || same >= book.army.most_of_a_class {
                continue;
            }
            hexes.shuffle(rng);
            let spot = hexes.iter().copied().find(|&at| {
                let here = placed.iter().filter(|p| p.0 == at).map(|p| p.1);
                stack_fits(here.chain([card.kind]))
                    && self.terrain_allows(card, at)
                    && !self.arrow_barred(seat, at)
            });
            if let Some(at) = spot {
                left -= card.cost;
                placed.push((at, card.kind));
                army.push(Placement {
                    class: card.id.clone(),
                    at,
                });
            }
        }
        let commanders: Vec<_> = book
            .commanders
            .iter()
            .filter(|c| c.faction == faction && self.scenario.allows_commander(&c.id))
            .collect();
        let pick = rng.random_range(0..=commanders.len());
        Action::Build {
            commander: commanders.get(pick).map(|c| c.id.clone()),
            army,
        }
    }
}
