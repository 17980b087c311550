//! The checks of attacks, works and orders: why each is illegal, in words.
//! Their effects are in `actions` and `combat`.

use super::board::Coord;
use super::data::{Ability, Order, Rulebook, Terrain, Token, UnitType};
use super::state::*;
use crate::rules::Seat;

impl Wargame {
    /// A second attack of `kind` (a shot or artillery fire) by a unit that
    /// "can fire at enemy unit twice": after a first of the same kind, at
    /// the same target, without a move.
    pub(super) fn second_attack(&self, unit: usize, target: usize, kind: AttackKind) -> Result<(), String> {
        let a = self.activation.as_ref().expect("checked");
        if a.attacks == 0 {
            return Ok(());
        }
        if !self.units[unit].card().has(Ability::FireTwice) || a.moved > 0 || self.special_spent(unit) {
            return Err(if a.order == Some(Order::Berserk) {
                "Berserk gives two melee attacks, not a second shot".into()
            } else {
                "the unit has made its attack".to_string()
            });
        }
        if a.last_kind != Some(kind) {
            return Err("the second attack of a unit that fires twice follows a shot".into());
        }
        if !a.last_targets.contains(&target) {
            return Err("the second shot is at the same target".into());
        }
        Ok(())
    }

    pub(super) fn check_melee(&self, unit: usize, target: usize) -> Result<(), String> {
        self.may_attack(unit)?;
        if !self.units[unit].card().fights_in_melee() {
            return Err(format!("{} makes no melee attacks", self.units[unit].card().name));
        }
        let a = self.activation.as_ref().expect("checked");
        // "Berserk: an infantry unit can perform two melee attacks".
        let berserk = a.order == Some(Order::Berserk) && a.last_kind.is_some_and(AttackKind::is_melee);
        if a.attacks > 0 && !berserk {
            return Err("the unit has made its attack".into());
        }
        let at = self.check_target(unit, target)?;
        if !self.units[unit].at.is_some_and(|u| u.is_adjacent(at)) {
            return Err(format!("unit {target} is not next to unit {unit}"));
        }
        Ok(())
    }

    pub(super) fn check_shoot(&self, unit: usize, target: usize) -> Result<(), String> {
        self.may_attack(unit)?;
        let u = &self.units[unit];
        let card = u.card();
        if card.ranged.is_none() || u.kind == UnitType::Artillery {
            return Err(format!(
                "{} has no ranged attack (artillery uses `fire`)",
                card.name
            ));
        }
        self.second_attack(unit, target, AttackKind::Ranged)?;
        let a = self.activation.as_ref().expect("checked");
        let from = u.at.expect("alive");
        let at = self.check_target(unit, target)?;
        let distance = from.distance(at);
        let long_shot = card.has(Ability::LongShot) && a.moved == 0 && !self.special_spent(unit);
        if !(distance == 2 || distance == 3 && long_shot) {
            return Err(format!(
                "a ranged attack reaches exactly 2 hexes{}; the target is {distance} away",
                if card.has(Ability::LongShot) {
                    " (3 for marksmen that did not move)"
                } else {
                    ""
                }
            ));
        }
        if self.in_hostile_influence(from, u.owner) && !card.has(Ability::Volley) {
            return Err("no ranged attack from inside a hostile area of influence".into());
        }
        if !self.in_sight(from, at) {
            return Err("the target is not in sight".into());
        }
        Ok(())
    }

    pub(super) fn check_fire(&self, unit: usize, at: Coord, ammo: Ammo) -> Result<(), String> {
        self.may_attack(unit)?;
        let u = &self.units[unit];
        let card = u.card();
        if u.kind != UnitType::Artillery {
            return Err("only artillery fires; other units `shoot`".into());
        }
        if !self.map.contains(at) {
            return Err(format!("{at} is off the map"));
        }
        let a = self.activation.as_ref().expect("checked");
        if a.attacks > 0 {
            let again = self
                .units_at(at)
                .find(|t| a.last_targets.contains(&t.id))
                .map(|t| t.id);
            self.second_attack(
                unit,
                again.ok_or("the second shot is at the same target")?,
                AttackKind::Artillery,
            )?;
        }
        let from = u.at.expect("alive");
        let distance = from.distance(at);
        let enemy_there = !self.enemies_at(at, u.owner).is_empty();
        if card.has(Ability::Skirmisher) {
            if !(1..=3).contains(&distance) {
                return Err(format!("the Scorpio fires 1 to 3 hexes; {at} is {distance} away"));
            }
            if !self.in_sight(from, at) {
                return Err("the Scorpio fires only at what it sees".into());
            }
        } else {
            // "Artillery fire is a special kind of attack", and Power surge:
            // "unit can attack after making a full move".
            if a.moved > 0 && a.order != Some(Order::PowerSurge) {
                return Err("artillery that moved does not fire (unless under Power surge)".into());
            }
            if Rulebook::get().aim_need(distance).is_none() {
                return Err(format!("artillery fires 2 to 4 hexes; {at} is {distance} away"));
            }
        }
        match ammo {
            Ammo::Regular if !enemy_there => Err("regular fire needs an enemy unit on the hex".into()),
            Ammo::Regular => Ok(()),
            _ if !card.has(Ability::SpecialAmmo) => Err(format!("{} has only regular ammunition", card.name)),
            _ if self.special_spent(unit) => {
                Err("a special ability is used only once in a turn of two activations".into())
            }
            _ => Ok(()),
        }
    }

    pub(super) fn check_dig(&self, seat: Seat, unit: usize) -> Result<(), String> {
        let a = self.special_allowed(unit)?;
        if !self.units[unit].card().has(Ability::Engineer) {
            return Err("only engineers build trenches and abatis".into());
        }
        if a.acted {
            return Err("engineers build only in an activation without a move".into());
        }
        let at = self.units[unit].at.expect("alive");
        if self.tokens_at(at).works.is_some() {
            return Err("this hex already has a trench or an abatis".into());
        }
        if matches!(
            self.terrain(at),
            Terrain::Fort | Terrain::Bunker | Terrain::Bridge
        ) {
            return Err(format!("no works on a {:?}", self.terrain(at)));
        }
        if !self.units_at(at).all(|o| o.kind == UnitType::Infantry) {
            return Err("only infantry may share a hex with new works".into());
        }
        let most = Rulebook::get().army.most_works;
        if self.works_laid[seat] >= most {
            return Err(format!("each side lays at most {most} trenches and abatis"));
        }
        Ok(())
    }

    pub(super) fn check_clear(&self, unit: usize) -> Result<(), String> {
        let a = self.activation.as_ref().expect("checked");
        if !a.units.contains(&unit) || self.units[unit].kind != UnitType::Infantry {
            return Err("the activated infantry removes an abatis".into());
        }
        if a.acted {
            return Err("removing an abatis takes the whole activation".into());
        }
        let at = self.units[unit].at.expect("alive");
        if self.tokens_at(at).works.map(|w| w.0) != Some(Token::Abatis) {
            return Err("there is no abatis on the unit's hex".into());
        }
        Ok(())
    }

    pub(super) fn enemy_target(&self, seat: Seat, target: usize) -> Result<Coord, String> {
        let t = self
            .units
            .get(target)
            .ok_or_else(|| format!("no unit {target}"))?;
        if t.owner == seat {
            return Err(format!("unit {target} is your own"));
        }
        t.at.ok_or_else(|| format!("unit {target} is destroyed"))
    }

    pub(super) fn check_inspect(&self, seat: Seat, target: usize) -> Result<(), String> {
        let a = self.activation.as_ref().expect("checked");
        let at = self.enemy_target(seat, target)?;
        if self.units[target].known[seat] {
            return Err(format!("you already know unit {target}'s class"));
        }
        match a.order {
            Some(Order::Recon) => {
                let d = a.at.distance(at);
                if a.acted || !(2..=3).contains(&d) || !self.in_sight(a.at, at) {
                    return Err("Recon looks at an enemy in sight 2 to 3 hexes away, before moving".into());
                }
                Ok(())
            }
            Some(Order::RevealInInfluence) if a.at.is_adjacent(at) => Ok(()),
            Some(Order::RevealInInfluence) => Err("the enemy must stand next to the unit".into()),
            _ => Err("seeing a class takes Recon or Cardinal Rafael's special order".into()),
        }
    }

    pub(super) fn check_restore(&self, unit: usize) -> Result<(), String> {
        let a = self.activation.as_ref().expect("checked");
        if a.order != Some(Order::RestoringStrength) || !a.units.contains(&unit) || a.acted {
            return Err("Restoring strength takes the order and the whole activation".into());
        }
        if self.units[unit].size >= self.units[unit].card().size {
            return Err(format!("unit {unit} is at full size"));
        }
        Ok(())
    }

    pub(super) fn check_order_target(&self, order: Order, target: usize) -> Result<(), String> {
        let a = self.activation.as_ref().expect("checked");
        if a.order != Some(order) || a.acted {
            return Err(format!("{order:?} takes that order and the whole activation"));
        }
        let at = self.enemy_target(self.active, target)?;
        if !a.at.is_adjacent(at) {
            return Err("the enemy must be in the unit's area of influence".into());
        }
        Ok(())
    }

    pub(super) fn check_pursue(&self) -> Result<(), String> {
        let a = self.activation.as_ref().expect("checked");
        let (hex, target, unit) = a.pursuit.ok_or("there is nobody to pursue")?;
        if self.units[unit].at.is_none() {
            return Err("the pursuer is destroyed".into());
        }
        self.check_enter(&[unit], hex)?;
        let t = self.units[target].at.ok_or("the target is destroyed")?;
        if !t.is_adjacent(hex) || self.smoky(t) {
            return Err("the retreating unit is out of reach".into());
        }
        Ok(())
    }

    pub(super) fn check_withdraw(&self, to: Coord) -> Result<(), String> {
        let a = self.activation.as_ref().expect("checked");
        let unit = a
            .withdraw
            .ok_or("a tactical retreat follows a melee attack under its order")?;
        if self.units[unit].at.is_none() {
            return Err("the unit is destroyed".into());
        }
        if !self.retreat_hexes(unit).contains(&to) {
            return Err(format!("unit {unit} cannot retreat to {to}"));
        }
        Ok(())
    }
}
