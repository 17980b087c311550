//! Each action's check (why it is illegal, in words) and its effect.

use super::board::Coord;
use super::data::{Ability, Order, Terrain, Token, UnitType};
use super::state::*;
use crate::rules::{Seat, other};

impl Wargame {
    /// Why `action` is not legal for `seat` now.
    pub fn check_action(&self, seat: Seat, action: &Action) -> Result<(), String> {
        let Some(to_move) = self.whose_move() else {
            return Err("the game is over".into());
        };
        if seat != to_move {
            return Err(format!("it is player {to_move}'s move"));
        }
        if let Action::Build { commander, army } = action {
            if self.phase != Phase::Building {
                return Err("the armies are already built".into());
            }
            return self.check_build(seat, commander, army);
        }
        if self.phase == Phase::Building {
            return Err("build and place your army first (a `build` action)".into());
        }
        if let Some(pending) = self.pending.front() {
            return self.check_answer(pending, action);
        }
        match action {
            Action::Build { .. } => unreachable!("handled above"),
            Action::Retreat { .. } | Action::Stand { .. } | Action::Counterattack { .. } => {
                Err("no retreat, stand or counterattack is due".into())
            }
            Action::EndTurn => Ok(()),
            Action::Activate { units, order } => self.check_activate(seat, units, *order),
            Action::MassMarch { moves } => self.check_mass_march(seat, moves),
            _ if self.activation.is_none() => Err("activate a unit or a squad first".into()),
            Action::EndActivation => Ok(()),
            Action::Move { to } => Ok(self.check_move(*to)?),
            Action::Sidestep { to } => self.check_sidestep(seat, *to),
            Action::Charge { unit, to, target } => self.check_charge(*unit, *to, *target),
            Action::Melee { unit, target } => self.check_melee(*unit, *target),
            Action::Shoot { unit, target } => self.check_shoot(*unit, *target),
            Action::Fire { unit, at, ammo } => self.check_fire(*unit, *at, *ammo),
            Action::Dig { unit, .. } => self.check_dig(seat, *unit),
            Action::ClearAbatis { unit } => self.check_clear(*unit),
            Action::Inspect { target } => self.check_inspect(seat, *target),
            Action::Restore { unit } => self.check_restore(*unit),
            Action::Cripple { target } => self.check_order_target(Order::Crippling, *target),
            Action::Frighten { target } => self.check_order_target(Order::Fear, *target),
            Action::Pursue => self.check_pursue(),
            Action::Withdraw { to } => self.check_withdraw(*to),
        }
    }

    /// Applies a checked action.
    pub fn perform(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        let mut events = Vec::new();
        let e = &mut events;
        match action {
            Action::Build { commander, army } => self.build(seat, commander, army, e),
            Action::EndTurn => self.end_turn(e),
            Action::Activate { units, order } => self.activate(seat, units, order, e),
            Action::MassMarch { moves } => self.mass_march(moves, e),
            Action::EndActivation => self.end_activation(e),
            Action::Move { to } => self.do_move(to, e),
            Action::Sidestep { to } => self.sidestep(to, e),
            Action::Charge { unit, to, target } => self.charge(unit, to, target, e),
            Action::Melee { unit, target } => self.melee(unit, target, AttackKind::Melee, e),
            Action::Shoot { unit, target } => self.shoot(unit, target, e),
            Action::Fire { unit, at, ammo } => self.fire(unit, at, ammo, e),
            Action::Dig { unit, works } => {
                let at = self.units[unit].at.expect("checked");
                let token = match works {
                    Works::Trench => Token::Trench,
                    Works::Abatis => Token::Abatis,
                };
                self.reveal(unit, e);
                self.spend_special(unit);
                self.tokens_at_mut(at).works = Some((token, seat));
                self.works_laid[seat] += 1;
                e.push(Event::TokenPlaced { at, token });
                self.end_activation(e);
            }
            Action::ClearAbatis { unit } => {
                self.reveal(unit, e);
                let at = self.units[unit].at.expect("checked");
                self.tokens_at_mut(at).works = None;
                e.push(Event::TokenRemoved {
                    at,
                    token: Token::Abatis,
                });
                self.end_activation(e);
            }
            Action::Inspect { target } => {
                self.reveal_activated(e);
                self.units[target].known[seat] = true;
                e.push(Event::Inspected {
                    by: seat,
                    unit: target,
                });
                if self.activation.as_ref().and_then(|a| a.order) == Some(Order::Recon) {
                    self.end_activation(e);
                } else if let Some(a) = self.activation.as_mut() {
                    a.order = None;
                }
            }
            Action::Restore { unit } => {
                self.reveal(unit, e);
                self.units[unit].size += 1;
                e.push(Event::SizeGained { unit });
                self.end_activation(e);
            }
            Action::Cripple { target } => {
                self.reveal_activated(e);
                if !self.command_check(target, CheckFor::Resist, e) {
                    self.units[target].crippled = true;
                    e.push(Event::Crippled { unit: target });
                }
                self.end_activation(e);
            }
            Action::Frighten { target } => {
                self.reveal_activated(e);
                if !self.command_check(target, CheckFor::Resist, e) {
                    self.force_retreat(target, e);
                }
                if self.pending.is_empty() && self.phase == Phase::Battle {
                    self.end_activation(e);
                } else if let Some(a) = self.activation.as_mut() {
                    a.attacks = a.attacks_allowed;
                }
            }
            Action::Pursue => {
                let (hex, target, unit) = self.activation.as_ref().and_then(|a| a.pursuit).expect("checked");
                if let Some(a) = self.activation.as_mut() {
                    a.units = vec![unit];
                    a.at = hex;
                    a.pursuit = None;
                    a.order = None;
                    a.attacks_allowed = a.attacks + 1;
                }
                self.step(&[unit], hex, e);
                // Following into an abatis ends the pursuit without a blow.
                if self.units[unit].at.is_some() && self.phase == Phase::Battle && !self.abatis_at(hex) {
                    self.melee(unit, target, AttackKind::Melee, e);
                } else {
                    self.end_activation(e);
                }
            }
            Action::Withdraw { to } => {
                let unit = self
                    .activation
                    .as_ref()
                    .and_then(|a| a.withdraw)
                    .expect("checked");
                let from = self.units[unit].at.expect("checked");
                self.units[unit].at = Some(to);
                e.push(Event::Retreated { unit, from, to });
                self.arrived(self.units[unit].owner, e);
                self.end_activation(e);
            }
            Action::Retreat { unit, to } => self.retreat(unit, to, e),
            Action::Stand { unit } => self.stand(unit, e),
            Action::Counterattack { unit } => self.strike_back(unit, e),
        }
        events
    }

    /// "Only during the attack or special action player reveals the unit":
    /// the activated units, as they take a special action.
    fn reveal_activated(&mut self, events: &mut Vec<Event>) {
        let units = self
            .activation
            .as_ref()
            .map(|a| a.units.clone())
            .unwrap_or_default();
        for unit in units {
            self.reveal(unit, events);
        }
    }

    /// Whether `unit` is on Inquisitor Dominic's second activation and used
    /// a special ability in its first: "only once" (ruling 24).
    pub(super) fn special_spent(&self, unit: usize) -> bool {
        self.activation.as_ref().is_some_and(|a| a.second) && self.used.specials.contains(&unit)
    }

    /// Notes that `unit` used a special ability this turn.
    pub(super) fn spend_special(&mut self, unit: usize) {
        if !self.used.specials.contains(&unit) {
            self.used.specials.push(unit);
        }
    }

    fn check_answer(&self, pending: &Pending, action: &Action) -> Result<(), String> {
        let unit = pending.unit();
        match (pending, action) {
            (Pending::Counter { .. }, Action::Counterattack { unit: u } | Action::Stand { unit: u })
                if *u == unit =>
            {
                Ok(())
            }
            (Pending::Counter { .. }, _) => Err(format!(
                "unit {unit} passed its check: answer with `counterattack` or `stand` for unit {unit}"
            )),
            (_, Action::Retreat { unit: u, to }) if *u == unit => {
                if self.retreat_hexes(unit).contains(to) {
                    Ok(())
                } else {
                    Err(format!(
                        "unit {unit} cannot retreat to {to}: it may go to {}",
                        super::board::list(&self.retreat_hexes(unit))
                    ))
                }
            }
            (Pending::Hit { .. } | Pending::FireEscape { .. }, Action::Stand { unit: u }) if *u == unit => {
                Ok(())
            }
            (Pending::MustRetreat { .. }, Action::Stand { .. }) => {
                Err(format!("unit {unit} must retreat: choose a `retreat` hex"))
            }
            _ => Err(format!(
                "unit {unit} was hit: answer with `retreat` or `stand` for unit {unit}"
            )),
        }
    }

    fn own_unit(&self, seat: Seat, unit: usize) -> Result<&Unit, String> {
        let u = self.units.get(unit).ok_or_else(|| format!("no unit {unit}"))?;
        if u.owner != seat {
            return Err(format!("unit {unit} is not yours"));
        }
        if u.at.is_none() {
            return Err(format!("unit {unit} is destroyed"));
        }
        Ok(u)
    }

    fn check_activate(&self, seat: Seat, units: &[usize], order: Option<u8>) -> Result<(), String> {
        if self.activation.is_some() {
            return Err("a unit is already activated: end its activation first".into());
        }
        if self.used.activations >= self.tokens_of(seat) {
            return Err("every special token is used this turn".into());
        }
        let first = *units.first().ok_or("name the units to activate")?;
        let lead = self.own_unit(seat, first)?;
        for (i, &id) in units.iter().enumerate() {
            let u = self.own_unit(seat, id)?;
            if units[..i].contains(&id) {
                return Err(format!("unit {id} is named twice"));
            }
            if u.at != lead.at || u.kind != lead.kind {
                return Err("a squad is units of one type on one hex".into());
            }
            if u.crippled {
                return Err(format!("unit {id} is crippled this turn"));
            }
        }
        let order = match order {
            None => None,
            Some(n) => Some(
                self.commander_order(seat, n)
                    .ok_or_else(|| match self.commanders[seat] {
                        None => "you have no commander to give orders".to_string(),
                        Some(_) => format!("orders are numbered 1 to 4, not {n}"),
                    })?,
            ),
        };
        let twice = order == Some(Order::DoubleActivation);
        for &id in units {
            let done = self.used.activated.contains(&id);
            if done && !twice {
                return Err(format!("unit {id} was activated this turn"));
            }
            if twice && !done {
                return Err("Inquisitor Dominic's special order activates a unit a second time".into());
            }
        }
        if twice && (units.len() != 1 || lead.kind == UnitType::Artillery || self.used.double) {
            return Err("the second activation is for one unit, not artillery, once a turn".into());
        }
        if lead.kind == UnitType::Artillery && self.used.artillery {
            return Err("one artillery activation a turn".into());
        }
        if order.is_some() && order != self.commander_order(seat, 1) && self.used.order {
            return Err("one commander order a turn (the special order 1 is free)".into());
        }
        match order {
            Some(Order::StrenuousMarch) if lead.kind == UnitType::Artillery => {
                Err("a strenuous march is for infantry and cavalry".into())
            }
            Some(Order::Berserk) if lead.kind != UnitType::Infantry => Err("Berserk is for infantry".into()),
            _ => Ok(()),
        }
    }

    fn activate(&mut self, seat: Seat, units: Vec<usize>, number: Option<u8>, events: &mut Vec<Event>) {
        let at = self.units[units[0]].at.expect("checked");
        let kind = self.units[units[0]].kind;
        self.used.activations += 1;
        self.used.artillery |= kind == UnitType::Artillery;
        // Among other blocks of its type the other side sees only the hex.
        let veiled = self
            .alive()
            .any(|o| o.owner == seat && o.at == Some(at) && o.kind == kind && !units.contains(&o.id));
        let activated = |units: Vec<usize>, to| Event::Activated {
            player: seat,
            units,
            at,
            order: number,
            to,
        };
        if veiled {
            events.push(activated(units.clone(), Some(seat)));
            events.push(activated(Vec::new(), Some(other(seat))));
        } else {
            events.push(activated(units.clone(), None));
        }
        let order = number.and_then(|n| self.commander_order(seat, n));
        let second = order == Some(Order::DoubleActivation);
        self.used.double |= second;
        for &id in &units {
            if !self.used.activated.contains(&id) {
                self.used.activated.push(id);
            }
        }
        let fire_twice = units.iter().any(|&id| {
            self.units[id].card().has(Ability::FireTwice) && !(second && self.used.specials.contains(&id))
        });
        self.activation = Some(Activation {
            units: units.clone(),
            at,
            moved: 0,
            stopped: false,
            may_leave: None,
            order: None,
            attacks: 0,
            attacks_allowed: if fire_twice { 2 } else { 1 },
            no_attack: false,
            second,
            acted: false,
            last_targets: Vec::new(),
            pursuit: None,
            withdraw: None,
            rerolled: false,
            attacker: None,
            last_kind: None,
            veiled,
        });
        let (Some(order), Some(n)) = (order, number) else {
            return;
        };
        let effective = if n == 1 {
            true
        } else {
            self.used.order = true;
            let weakest = *units
                .iter()
                .min_by_key(|&&id| self.discipline(id))
                .expect("checked: units named");
            self.command_check(weakest, CheckFor::Order, events)
        };
        events.push(Event::OrderGiven {
            player: seat,
            order,
            effective,
        });
        if effective && let Some(a) = self.activation.as_mut() {
            a.order = Some(order);
            match order {
                Order::Berserk => a.attacks_allowed = 2,
                Order::StrenuousMarch => a.no_attack = true,
                _ => {}
            }
        }
    }

    pub(super) fn check_mass_march(&self, seat: Seat, moves: &[(usize, Coord)]) -> Result<(), String> {
        if self.activation.is_some() {
            return Err("a unit is already activated: end its activation first".into());
        }
        if self.used.activations >= self.tokens_of(seat) {
            return Err("every special token is used this turn".into());
        }
        if moves.is_empty() {
            return Err("name at least one regular infantry unit and its hex".into());
        }
        let mut after = self.clone();
        for (i, &(unit, to)) in moves.iter().enumerate() {
            let u = self.own_unit(seat, unit)?;
            if !u.card().has(Ability::MassMarch) {
                return Err(format!("unit {unit} is not regular infantry"));
            }
            if moves[..i].iter().any(|m| m.0 == unit) {
                return Err(format!("unit {unit} is named twice"));
            }
            if self.used.activated.contains(&unit) || u.crippled {
                return Err(format!("unit {unit} cannot be activated this turn"));
            }
            let from = u.at.expect("alive");
            if !from.is_adjacent(to) {
                return Err(format!("unit {unit} moves one hex, and {to} is not next to it"));
            }
            after.check_enter(&[unit], to)?;
            after.units[unit].at = Some(to);
        }
        Ok(())
    }

    fn mass_march(&mut self, moves: Vec<(usize, Coord)>, events: &mut Vec<Event>) {
        self.used.activations += 1;
        for (unit, to) in moves {
            self.used.activated.push(unit);
            self.reveal(unit, events);
            let Some(from) = self.units[unit].at.filter(|_| self.phase == Phase::Battle) else {
                continue;
            };
            // "on one hex can be a maximum of…": the march was checked as if
            // every unit moved; a unit that stayed may leave no room.
            if self.check_enter(&[unit], to).is_err() {
                events.push(Event::MarchHalted { unit, at: to });
                continue;
            }
            // "If a unit is located in hostile area of influence and wants to
            // leave it, it has to pass command check" (ruling 39).
            let owner = self.units[unit].owner;
            if self.leaves_hostile_influence(from, to, owner)
                && !self.command_check(unit, CheckFor::Leave, events)
            {
                continue;
            }
            self.step(&[unit], to, events);
        }
        if self.used.activations >= self.tokens_of(self.active) && self.phase == Phase::Battle {
            self.end_turn(events);
        }
    }

    fn check_sidestep(&self, seat: Seat, to: Coord) -> Result<(), String> {
        let a = self.activation.as_ref().expect("checked");
        if a.order != Some(Order::EmptyMove) || a.acted {
            return Err("the empty move comes first, under Lord Alexandrus' order 4".into());
        }
        if a.may_leave == Some(false) {
            return Err("the unit failed its command check and cannot move this activation".into());
        }
        if !a.at.is_adjacent(to) {
            return Err(format!("{to} is not next to the unit"));
        }
        // "Back" is toward the unit's own side of the board: the way its
        // first row lies from the enemy's, wherever the unit stands (a first
        // row may be mid-board, and a unit may be past the enemy's).
        let back = (self.scenario.side(seat).first_row - self.scenario.side(other(seat)).first_row).signum();
        if (to.row() - a.at.row()) * back < 0 {
            return Err("the empty move goes back or sideways, not forward".into());
        }
        Ok(self.check_enter(&a.units, to)?)
    }

    /// The empty move: leaving a hostile area of influence takes the check,
    /// and terrain that stops a move stops it (ruling 25).
    fn sidestep(&mut self, to: Coord, events: &mut Vec<Event>) {
        let a = self.activation.as_ref().expect("checked");
        let seat = self.units[a.units[0]].owner;
        let must_check = self.leaves_hostile_influence(a.at, to, seat);
        self.move_group(to, must_check, 0, events);
    }

    pub(super) fn special_allowed(&self, unit: usize) -> Result<&Activation, String> {
        let a = self.activation.as_ref().expect("checked");
        if !a.units.contains(&unit) {
            return Err(format!("unit {unit} is not the activated unit"));
        }
        if self.special_spent(unit) {
            return Err("a special ability is used only once in a turn of two activations".into());
        }
        if self.units[unit].at.is_some_and(|at| self.smoky(at)) {
            return Err("units in smoke use no special ability".into());
        }
        Ok(a)
    }

    fn check_charge(&self, unit: usize, to: Coord, target: usize) -> Result<(), String> {
        let a = self.special_allowed(unit)?;
        let u = &self.units[unit];
        if u.card().charge_bonus().is_none() {
            return Err(format!("{} cannot charge", u.card().name));
        }
        if a.units.len() != 1 || a.acted {
            return Err("a charge is a whole activation of one unit that has not moved".into());
        }
        self.may_attack(unit)?;
        if a.may_leave == Some(false) {
            return Err("the unit failed its command check and cannot move this activation".into());
        }
        let from = a.at;
        let via = from
            .neighbours()
            .into_iter()
            .find(|&n| from.straight(n, 3) == to)
            .ok_or_else(|| format!("{to} is not three hexes straight from {from}"))?;
        for steps in 1..=3 {
            let hex = from.straight(via, steps);
            if !self.may_enter(u, hex) {
                return Err(format!("the charge cannot pass {hex}"));
            }
            if self.terrain(hex) == Terrain::Forest || self.smoky(hex) {
                return Err(format!("no charge through forest or smoke ({hex})"));
            }
            if self.abatis_at(hex) {
                return Err(format!(
                    "no charge into the abatis at {hex}: a unit that enters one cannot attack after that move"
                ));
            }
            if !self.group_fits(&[unit], hex) {
                return Err(format!("{hex} would break the unit limits"));
            }
            if steps < 3 && self.stops_on(u, hex) {
                return Err(format!("the terrain at {hex} would stop the charge"));
            }
        }
        let target_at = self.check_target(unit, target)?;
        if !target_at.is_adjacent(to) {
            return Err(format!("unit {target} is not next to {to}"));
        }
        Ok(())
    }

    fn charge(&mut self, unit: usize, to: Coord, target: usize, events: &mut Vec<Event>) {
        let from = self.units[unit].at.expect("checked");
        let via = from
            .neighbours()
            .into_iter()
            .find(|&n| from.straight(n, 3) == to)
            .expect("checked");
        // Leaving a hostile area of influence takes the check, as any move
        // does (ruling 8); failing, the unit stays and may still attack.
        if self.leaves_hostile_influence(from, to, self.units[unit].owner) {
            let passed = self.command_check(unit, CheckFor::Leave, events);
            self.activation.as_mut().expect("active").may_leave = Some(passed);
            if !passed {
                return;
            }
        }
        self.reveal(unit, events);
        self.spend_special(unit);
        for steps in 1..=3 {
            self.step(&[unit], from.straight(via, steps), events);
            if self.units[unit].at.is_none() || self.phase != Phase::Battle {
                self.after_attack(events);
                return;
            }
        }
        if let Some(a) = self.activation.as_mut() {
            a.at = to;
            a.moved = 3;
            a.acted = true;
        }
        self.melee(unit, target, AttackKind::Charge, events);
    }
}
