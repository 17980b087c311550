//! Attacks: melee and its counterattack, ranged attacks, artillery fire with
//! aiming and special ammunition, and the defender's retreat or stand.

use super::board::Coord;
use super::data::{Ability, Faction, Order, Rulebook, Terrain, Token, UnitType};
use super::state::*;
use crate::rules::{Seat, other};

/// How two dice came out against the numbers.
pub struct Roll {
    pub dice: [u8; 2],
    pub hit: bool,
    pub critical: Option<Critical>,
}

/// A sum of 7 always hits, doubles always miss, otherwise the difference
/// plus the attack must exceed the defence.
pub fn judge(dice: [u8; 2], attack: i32, defense: i32) -> Roll {
    let [a, b] = dice;
    let critical = if a == b {
        Some(Critical::Failure)
    } else if a + b == 7 {
        Some(Critical::Success)
    } else {
        None
    };
    let hit = match critical {
        Some(Critical::Failure) => false,
        Some(Critical::Success) => true,
        None => attack + i32::from(a.abs_diff(b)) > defense,
    };
    Roll { dice, hit, critical }
}

impl Wargame {
    /// The enemy units of `seat` on a hex.
    pub fn enemies_at(&self, at: Coord, seat: Seat) -> Vec<usize> {
        self.units_at(at)
            .filter(|u| u.owner != seat)
            .map(|u| u.id)
            .collect()
    }

    /// The attack value of `attacker` against `target` before the dice.
    pub fn attack_value(&self, attacker: usize, target: usize, kind: AttackKind) -> i32 {
        let u = &self.units[attacker];
        let card = u.card();
        let book = Rulebook::get();
        let order = self.order_on(attacker);
        let target_at = self.units[target].at.expect("targets stand on the board");
        match kind {
            AttackKind::Melee | AttackKind::Charge | AttackKind::Counter => {
                let mut attack = card.melee;
                if card.has(Ability::Volley) {
                    attack += card.ranged.unwrap_or(0);
                }
                if Faction::of_seat(u.owner) == Faction::Vesania && u.kind == UnitType::Infantry {
                    attack += self.infantry_beside(attacker);
                }
                if kind != AttackKind::Counter && order == Some(Order::Motivation) {
                    attack += 1;
                }
                if kind == AttackKind::Charge {
                    attack += card.charge_bonus().unwrap_or(0);
                }
                attack + book.ground(self.terrain(target_at)).melee_against
            }
            AttackKind::Ranged | AttackKind::Artillery => {
                let at = u.at.expect("attackers stand on the board");
                let mut attack = card.ranged.unwrap_or(0) + book.ground(self.terrain(at)).ranged;
                if order == Some(Order::SteadyAim) {
                    attack += 1;
                }
                attack
            }
        }
    }

    /// The defence of `target` against `attacker`.
    pub fn defense_value(&self, target: usize, attacker: usize, kind: AttackKind) -> i32 {
        let book = Rulebook::get();
        let t = &self.units[target];
        let card = t.card();
        let at = t.at.expect("targets stand on the board");
        let terrain = self.terrain(at);
        let mut defense = card.defense;
        let both_in_forest = terrain == Terrain::Forest
            && kind.is_melee()
            && self.units[attacker]
                .at
                .is_some_and(|a| self.terrain(a) == Terrain::Forest);
        if !both_in_forest {
            defense += book.ground(terrain).defense;
        }
        if let Some((works, _)) = self.tokens_at(at).works {
            defense += book.token(works).defense;
        }
        if kind.is_melee() && Faction::of_seat(t.owner) == Faction::Thargaton && t.kind == UnitType::Infantry
        {
            defense += self.infantry_beside(target);
        }
        for ability in &card.abilities {
            match *ability {
                Ability::BraceAgainstCavalry(n) if self.units[attacker].kind == UnitType::Cavalry => {
                    defense += n
                }
                Ability::ExposedToShot(n) if !kind.is_melee() => defense -= n,
                _ => {}
            }
        }
        if kind == AttackKind::Counter && self.order_on(target) == Some(Order::Defense) {
            defense += 1;
        }
        defense
    }

    /// Rolls an attack, with the rerolls orders allow, and reports it.
    fn roll_attack(
        &mut self,
        attacker: usize,
        target: usize,
        kind: AttackKind,
        events: &mut Vec<Event>,
    ) -> Roll {
        let attack = self.attack_value(attacker, target, kind);
        let defense = self.defense_value(target, attacker, kind);
        let dice = self.attack_dice(attacker, kind, &[(target, attack, defense)], events);
        let roll = judge(dice, attack, defense);
        self.report_attack(kind, attacker, (target, attack, defense), &roll, events);
        roll
    }

    /// An attack's line: for a ranged attack by a veiled block, the owner's
    /// names the block and the other side's does not (fight rule 3).
    fn report_attack(
        &self,
        kind: AttackKind,
        attacker: usize,
        (target, attack, defense): (usize, i32, i32),
        roll: &Roll,
        events: &mut Vec<Event>,
    ) {
        let line = |attacker, to| Event::Attack {
            kind,
            attacker,
            target,
            dice: roll.dice,
            attack,
            defense,
            hit: roll.hit,
            critical: roll.critical,
            to,
        };
        if kind == AttackKind::Ranged && self.veiled(attacker) {
            let owner = self.units[attacker].owner;
            events.push(line(Some(attacker), Some(owner)));
            events.push(line(None, Some(other(owner))));
        } else {
            events.push(line(Some(attacker), None));
        }
    }

    /// The two dice of an attack on one or more targets (`(target, attack,
    /// defence)`), rolled again once where the attacker's order allows it:
    /// every attack, artillery's damage roll included, goes through here.
    fn attack_dice(
        &mut self,
        attacker: usize,
        kind: AttackKind,
        targets: &[(usize, i32, i32)],
        events: &mut Vec<Event>,
    ) -> [u8; 2] {
        let dice = self.dice.two(&mut self.chance);
        let Some(&(_, attack, defense)) = targets.first() else {
            return dice;
        };
        let roll = judge(dice, attack, defense);
        let order = self.order_on(attacker);
        let reroll = match order {
            Some(Order::CriticalFailureReroll) => roll.critical == Some(Critical::Failure),
            Some(Order::RangedReroll) => kind == AttackKind::Ranged && !roll.hit,
            _ => false,
        };
        if !(reroll && self.may_reroll()) {
            return dice;
        }
        for &values in targets {
            let roll = judge(dice, values.1, values.2);
            self.report_attack(kind, attacker, values, &roll, events);
        }
        self.rerolled(attacker, order.expect("an order allowed it"), events);
        self.dice.two(&mut self.chance)
    }

    /// An order's reroll is taken once an activation.
    fn may_reroll(&self) -> bool {
        !self.activation.as_ref().is_some_and(|a| a.rerolled)
    }

    fn rerolled(&mut self, unit: usize, why: Order, events: &mut Vec<Event>) {
        if self.veiled(unit) {
            let owner = self.units[unit].owner;
            events.push(Event::Rerolled {
                unit: Some(unit),
                why,
                to: Some(owner),
            });
            events.push(Event::Rerolled {
                unit: None,
                why,
                to: Some(other(owner)),
            });
        } else {
            events.push(Event::Rerolled {
                unit: Some(unit),
                why,
                to: None,
            });
        }
        if let Some(a) = self.activation.as_mut() {
            a.rerolled = true;
        }
    }

    /// The steps a hit costs: two on a critical success under Finish them.
    fn damage(&self, attacker: usize, roll: &Roll) -> u8 {
        if roll.critical == Some(Critical::Success) && self.order_on(attacker) == Some(Order::FinishThem) {
            2
        } else {
            1
        }
    }

    /// Counts an attack by `attacker`: a second shot of a unit that fires
    /// twice uses its special ability, and under Berserk only a melee attack
    /// leaves room for another.
    fn count_attack(&mut self, attacker: usize, targets: Vec<usize>, kind: AttackKind) {
        let card = self.units[attacker].card();
        let berserk = self.order_on(attacker) == Some(Order::Berserk);
        let Some(a) = self.activation.as_mut() else { return };
        let second_shot = a.attacks > 0 && !kind.is_melee();
        a.attacks += 1;
        a.acted = true;
        a.last_targets = targets;
        a.attacker = Some(attacker);
        a.last_kind = Some(kind);
        if berserk && !kind.is_melee() && !card.has(Ability::FireTwice) {
            a.attacks_allowed = a.attacks;
        }
        if second_shot {
            self.spend_special(attacker);
        }
    }

    /// A melee attack (after a charge, `kind` is `Charge`).
    pub fn melee(&mut self, attacker: usize, target: usize, kind: AttackKind, events: &mut Vec<Event>) {
        self.reveal(attacker, events);
        self.count_attack(attacker, vec![target], kind);
        if let Some(a) = self.activation.as_mut()
            && a.order == Some(Order::TacticalRetreat)
        {
            a.withdraw = Some(attacker);
        }
        let target_at = self.units[target].at;
        if self.order_on(attacker) == Some(Order::ForTheQueen) {
            // The unit gives itself up to "successfully attack the enemy
            // unit": no dice, and the target answers as any unit hit does.
            self.reveal(target, events);
            self.destroy(attacker, events);
            let sure = Roll {
                dice: [0, 0],
                hit: true,
                critical: None,
            };
            self.hit_result(attacker, target, kind, &sure, events);
            self.after_attack(events);
            return;
        }
        let roll = self.roll_attack(attacker, target, kind, events);
        self.reveal(target, events);
        self.hit_result(attacker, target, kind, &roll, events);
        let hit_and_standing = roll.hit && self.units[target].at.is_some();
        if let (true, Some(a), Some(from)) = (hit_and_standing, self.activation.as_mut(), target_at)
            && a.order == Some(Order::Pursuit)
        {
            a.pursuit = Some((from, target, attacker));
        }
        self.after_attack(events);
    }

    /// A ranged attack; the defender may not counterattack.
    pub fn shoot(&mut self, attacker: usize, target: usize, events: &mut Vec<Event>) {
        if self.veiled(attacker) {
            // "He or she just shows the hex from which attack is performed,
            // and then reveals appropriate unit card."
            let u = &self.units[attacker];
            events.push(Event::ShotFrom {
                at: u.at.expect("on the board"),
                class: u.class.clone(),
            });
        } else {
            self.reveal(attacker, events);
        }
        let (from, at) = (self.units[attacker].at, self.units[target].at);
        if from.zip(at).is_some_and(|(f, t)| f.distance(t) == 3) {
            // Only marksmen that did not move reach three hexes.
            self.spend_special(attacker);
        }
        self.count_attack(attacker, vec![target], AttackKind::Ranged);
        let roll = self.roll_attack(attacker, target, AttackKind::Ranged, events);
        self.reveal(target, events);
        self.hit_result(attacker, target, AttackKind::Ranged, &roll, events);
        self.after_attack(events);
    }

    fn hit_result(
        &mut self,
        attacker: usize,
        target: usize,
        kind: AttackKind,
        roll: &Roll,
        events: &mut Vec<Event>,
    ) {
        if !roll.hit {
            return;
        }
        let steps = self.damage(attacker, roll);
        self.lose(target, steps, events);
        if self.units[target].at.is_some() && self.phase == Phase::Battle {
            self.pending.push_back(Pending::Hit {
                unit: target,
                attacker: Some(attacker),
                kind,
                critical: roll.critical == Some(Critical::Success),
            });
        }
    }

    /// Artillery fire at a hex: aiming (skipped by the Scorpio), then one
    /// roll of damage for every enemy unit there, or the special ammunition.
    pub fn fire(&mut self, attacker: usize, at: Coord, ammo: Ammo, events: &mut Vec<Event>) {
        let seat = self.units[attacker].owner;
        self.reveal(attacker, events);
        let from = self.units[attacker].at.expect("on the board");
        let card = self.units[attacker].card();
        if ammo != Ammo::Regular {
            self.spend_special(attacker);
        }
        // The Guardians "can fire at enemy unit twice": the second shot may
        // follow a first whose aim missed, at the same target.
        let targets = self.enemies_at(at, seat);
        self.count_attack(attacker, targets.clone(), AttackKind::Artillery);
        if !card.has(Ability::Skirmisher) && !self.aim(attacker, from, at, events) {
            let markers = self.tokens_at(at).markers[seat];
            let most = Rulebook::get().army.most_markers;
            let round = self.round;
            let t = self.tokens_at_mut(at);
            let laid = (markers + 1).min(most) - markers;
            t.fresh[seat] = if t.marked[seat] == round {
                t.fresh[seat] + laid
            } else {
                laid
            };
            t.markers[seat] += laid;
            t.marked[seat] = round;
            let markers = t.markers[seat];
            events.push(Event::MarkerPlaced {
                at,
                player: seat,
                markers,
            });
            self.after_attack(events);
            return;
        }
        match ammo {
            Ammo::Regular => {
                // One roll for every unit on the hex, rerolled as any attack.
                let values: Vec<(usize, i32, i32)> = targets
                    .iter()
                    .map(|&t| {
                        let attack = self.attack_value(attacker, t, AttackKind::Artillery);
                        (t, attack, self.defense_value(t, attacker, AttackKind::Artillery))
                    })
                    .collect();
                let dice = self.attack_dice(attacker, AttackKind::Artillery, &values, events);
                for (target, attack, defense) in values {
                    let roll = judge(dice, attack, defense);
                    self.report_attack(
                        AttackKind::Artillery,
                        attacker,
                        (target, attack, defense),
                        &roll,
                        events,
                    );
                    self.reveal(target, events);
                    self.hit_result(attacker, target, AttackKind::Artillery, &roll, events);
                    if self.phase != Phase::Battle {
                        return;
                    }
                }
            }
            Ammo::Incendiary => {
                self.lay(at, Token::Fire, seat, events);
                let burning = self.enemies_at(at, seat);
                for unit in burning {
                    if self.command_check(unit, CheckFor::Fire, events) {
                        if self.retreat_hexes(unit).is_empty() {
                            events.push(Event::Stood { unit });
                        } else {
                            self.pending.push_back(Pending::FireEscape { unit });
                        }
                    } else {
                        self.lose(unit, 1, events);
                    }
                    if self.phase != Phase::Battle {
                        return;
                    }
                }
            }
            Ammo::Smoke => self.lay(at, Token::Smoke, seat, events),
        }
        self.after_attack(events);
    }

    /// Fire or smoke from special ammunition, lasting to the end of the
    /// layer's next turn.
    fn lay(&mut self, at: Coord, token: Token, seat: Seat, events: &mut Vec<Event>) {
        let laid = Some((seat, self.round));
        let t = self.tokens_at_mut(at);
        match token {
            Token::Fire => t.fire = laid,
            _ => t.smoke = laid,
        }
        events.push(Event::TokenPlaced { at, token });
    }

    /// One die at or over the table's need, +1 per marker laid in an
    /// earlier turn ("If in the next turn player will aim at the exact same
    /// place": not those of this turn); a hit clears the markers.
    fn aim(&mut self, attacker: usize, from: Coord, at: Coord, events: &mut Vec<Event>) -> bool {
        let seat = self.units[attacker].owner;
        let need = Rulebook::get()
            .aim_need(from.distance(at))
            .expect("fire is checked to be in range");
        let t = self.tokens_at(at);
        let this_turn = if t.marked[seat] == self.round {
            t.fresh[seat]
        } else {
            0
        };
        let markers = t.markers[seat] - this_turn;
        let aimed = |die: u8| Event::Aimed {
            unit: attacker,
            at,
            die,
            markers,
            need,
            hit: die + markers >= need,
        };
        let mut die = self.dice.roll(&mut self.chance);
        if die + markers < need && self.order_on(attacker) == Some(Order::AimingReroll) && self.may_reroll() {
            events.push(aimed(die));
            self.rerolled(attacker, Order::AimingReroll, events);
            die = self.dice.roll(&mut self.chance);
        }
        let hit = die + markers >= need;
        events.push(aimed(die));
        if hit && markers > 0 {
            self.tokens_at_mut(at).markers[seat] = 0;
            events.push(Event::MarkersCleared { at, player: seat });
        }
        hit
    }

    /// Whether a unit on its hex is forced out only by a critical success.
    pub fn holds(&self, unit: usize) -> bool {
        let book = Rulebook::get();
        self.units[unit].at.is_some_and(|at| {
            book.ground(self.terrain(at)).holds
                || self.tokens_at(at).works.is_some_and(|(w, _)| book.token(w).holds)
        })
    }

    /// The defender retreats `unit` to `to`.
    pub fn retreat(&mut self, unit: usize, to: Coord, events: &mut Vec<Event>) {
        let from = self.units[unit].at.expect("on the board");
        self.pending.pop_front();
        self.units[unit].at = Some(to);
        events.push(Event::Retreated { unit, from, to });
        self.arrived(self.units[unit].owner, events);
        self.resume(events);
    }

    /// The defender stays: after a hit, the command check decides between
    /// a counterattack (melee), staying, and a forced retreat.
    pub fn stand(&mut self, unit: usize, events: &mut Vec<Event>) {
        let pending = self.pending.pop_front().expect("a decision was due");
        match pending {
            Pending::Hit {
                attacker,
                kind,
                critical,
                ..
            } => {
                if self.command_check(unit, CheckFor::Stand, events) {
                    events.push(Event::Stood { unit });
                    let counter_against = attacker.filter(|&attacker| {
                        kind.is_melee()
                            && self.units[unit].card().fights_in_melee()
                            && self.units[attacker]
                                .at
                                .zip(self.units[unit].at)
                                .is_some_and(|(a, b)| a.is_adjacent(b) && !self.smoky(a) && !self.smoky(b))
                    });
                    if let Some(attacker) = counter_against {
                        // "it can perform counterattack": the defender chooses.
                        self.pending.push_front(Pending::Counter { unit, attacker });
                        return;
                    }
                } else if self.holds(unit) && !critical {
                    events.push(Event::Held { unit });
                } else {
                    self.force_retreat(unit, events);
                }
            }
            Pending::FireEscape { .. } => events.push(Event::Stood { unit }),
            // It stood already; it lets the counterattack go.
            Pending::Counter { .. } => {}
            Pending::MustRetreat { .. } => unreachable!("a forced retreat offers no stand"),
        }
        self.resume(events);
    }

    /// The defender, having passed its check, strikes back.
    pub fn strike_back(&mut self, unit: usize, events: &mut Vec<Event>) {
        if let Some(Pending::Counter { attacker, .. }) = self.pending.pop_front() {
            self.counterattack(unit, attacker, events);
        }
        self.resume(events);
    }

    /// Retreat, or lose a step where no hex allows it.
    pub fn force_retreat(&mut self, unit: usize, events: &mut Vec<Event>) {
        if self.retreat_hexes(unit).is_empty() {
            self.lose(unit, 1, events);
        } else {
            self.pending.push_front(Pending::MustRetreat { unit });
        }
    }

    fn counterattack(&mut self, defender: usize, attacker: usize, events: &mut Vec<Event>) {
        let roll = self.roll_attack(defender, attacker, AttackKind::Counter, events);
        if !roll.hit {
            return;
        }
        let dodge =
            self.order_on(attacker) == Some(Order::Dodge) && self.units[attacker].kind == UnitType::Cavalry;
        if dodge {
            return;
        }
        if self.units[attacker].size == 1 && self.order_on(attacker) == Some(Order::TillDeath) {
            // One more blow before it falls: a plain melee roll, no answer.
            let last = self.roll_attack(attacker, defender, AttackKind::Melee, events);
            if last.hit {
                self.lose(defender, 1, events);
            }
        }
        self.lose(attacker, 1, events);
    }

    /// Play goes back to the active side once no decision is owed.
    fn resume(&mut self, events: &mut Vec<Event>) {
        if self.pending.is_empty() && self.phase == Phase::Battle {
            if let Some(a) = self.activation.as_mut()
                && let Some((from, target, _)) = a.pursuit
                && self.units[target].at.is_none_or(|at| at == from)
            {
                a.pursuit = None;
            }
            self.after_attack(events);
        }
    }

    pub fn seat_of(&self, unit: usize) -> Seat {
        self.units[unit].owner
    }
}
