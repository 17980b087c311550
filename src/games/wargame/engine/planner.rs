//! A planning opponent: for every unit or squad it may activate, every hex it
//! can reach this activation and the best attack from there are weighed by
//! what they gain toward its side's goal, what they are likely to destroy and
//! what they risk; it takes the best plan one step at a time and replans
//! after every die.

use super::board::Coord;
use super::data::{Ability, Order, UnitType};
use super::scenario::Goal;
use super::state::*;
use crate::rules::{Considered, Seat, Thought};

/// The chance that attack − defence = `margin` hits (criticals included).
pub fn hit_chance(margin: i32) -> f64 {
    match margin {
        m if m >= 0 => 30.0 / 36.0,
        -1 => 22.0 / 36.0,
        -2 => 14.0 / 36.0,
        -3 => 10.0 / 36.0,
        _ => 6.0 / 36.0,
    }
}

/// The chance 2d6 comes at or under `discipline`.
pub fn check_chance(discipline: i32) -> f64 {
    let ways = (1..=6)
        .flat_map(|a| (1..=6).map(move |b| a + b))
        .filter(|&s| s <= discipline)
        .count();
    ways as f64 / 36.0
}

/// One activation's plan: where to go and what to do there.
#[derive(Debug, Clone)]
pub struct Plan {
    pub units: Vec<usize>,
    pub path: Vec<Coord>,
    pub attack: Option<Action>,
    pub value: f64,
}

/// What one step of a unit is worth to the enemy: its cost spread over its
/// steps, and its whole cost when it is the last.
fn step_value(game: &Wargame, unit: usize) -> f64 {
    let u = &game.units[unit];
    let card = u.card();
    let per_step = f64::from(card.cost) / f64::from(card.size);
    if u.size <= 1 {
        per_step + f64::from(card.cost)
    } else {
        per_step
    }
}

impl Wargame {
    /// The hexes where `seat`'s units want to be, for a unit of `kind`.
    fn goals_for(&self, seat: Seat, kind: UnitType) -> Vec<Coord> {
        let enemies: Vec<Coord> = self
            .alive()
            .filter(|u| u.owner != seat)
            .filter_map(|u| u.at)
            .collect();
        let own = self.scenario.side(seat).goal;
        let theirs = self.scenario.side(1 - seat).goal;
        let forts = self.map.forts();
        match (own, theirs) {
            (Goal::Forts(_), _) | (_, Goal::Forts(_)) if kind == UnitType::Infantry && !forts.is_empty() => {
                forts
            }
            (Goal::Lead(_), _) => self.scenario.arrows.clone(),
            _ => enemies,
        }
    }

    /// How good it is for `group` of `seat` to stand on `at`.
    fn position_value(&self, seat: Seat, group: &[usize], at: Coord) -> f64 {
        let goals = self.goals_for(seat, self.units[group[0]].kind);
        self.value_near(seat, group, at, &goals)
    }

    /// `position_value` with the group's goals found once for many hexes.
    fn value_near(&self, seat: Seat, group: &[usize], at: Coord, goals: &[Coord]) -> f64 {
        let kind = self.units[group[0]].kind;
        let distance = goals.iter().map(|&g| at.distance(g)).min().unwrap_or(0) as f64;
        let mut value = match kind {
            // Artillery wants the nearest enemy 3 hexes off.
            UnitType::Artillery => -(distance - 3.0).abs() * 0.6,
            _ => -distance * 0.8,
        };
        if goals.contains(&at) && !matches!(self.scenario.side(seat).goal, Goal::Points(_)) {
            value += 3.0;
        }
        if goals.contains(&at) && kind == UnitType::Infantry && self.map.at(at) == super::data::Terrain::Fort
        {
            value += 3.0;
        }
        // Threats: enemies next to it may strike next turn.
        for &id in group {
            let u = &self.units[id];
            let defense = u.card().defense + super::data::Rulebook::get().ground(self.terrain(at)).defense;
            for e in self.alive().filter(|e| e.owner != seat) {
                let Some(e_at) = e.at else { continue };
                let d = e_at.distance(at);
                if d <= 1 && e.card().fights_in_melee() {
                    value -= 0.5 * hit_chance(e.card().melee - defense) * step_value(self, id);
                } else if d == 2 && e.card().ranged.is_some() {
                    value -= 0.3 * hit_chance(e.card().ranged.unwrap_or(0) - defense) * step_value(self, id);
                }
            }
        }
        value
    }

    /// The expected worth of an attack action: damage dealt less damage
    /// risked in the counterattack.
    fn attack_worth(&self, action: &Action) -> f64 {
        match *action {
            Action::Melee { unit, target } | Action::Charge { unit, target, .. } => {
                let kind = if matches!(action, Action::Charge { .. }) {
                    AttackKind::Charge
                } else {
                    AttackKind::Melee
                };
                let p = hit_chance(
                    self.attack_value(unit, target, kind) - self.defense_value(target, unit, kind),
                );
                let t = &self.units[target];
                let counter = if t.card().fights_in_melee() && t.size > 1 {
                    check_chance(self.discipline(target))
                        * hit_chance(
                            self.attack_value(target, unit, AttackKind::Counter)
                                - self.defense_value(unit, target, AttackKind::Counter),
                        )
                        * step_value(self, unit)
                } else {
                    0.0
                };
                p * (step_value(self, target) - counter)
            }
            Action::Shoot { unit, target } => {
                hit_chance(
                    self.attack_value(unit, target, AttackKind::Ranged)
                        - self.defense_value(target, unit, AttackKind::Ranged),
                ) * step_value(self, target)
            }
            Action::Fire {
                unit,
                at,
                ammo: Ammo::Regular,
            } => {
                let from = self.units[unit].at.expect("alive");
                let aim = if self.units[unit].card().has(Ability::Skirmisher) {
                    1.0
                } else {
                    let need = super::data::Rulebook::get()
                        .aim_need(from.distance(at))
                        .unwrap_or(7);
                    let markers = self.tokens_at(at).markers[self.units[unit].owner];
                    // The die must show need − markers or more.
                    let lowest = (i32::from(need) - i32::from(markers)).clamp(1, 7);
                    f64::from(7 - lowest) / 6.0
                };
                let targets = self.enemies_at(at, self.units[unit].owner);
                aim * targets
                    .iter()
                    .map(|&t| {
                        hit_chance(
                            self.attack_value(unit, t, AttackKind::Artillery)
                                - self.defense_value(t, unit, AttackKind::Artillery),
                        ) * step_value(self, t)
                    })
                    .sum::<f64>()
            }
            _ => 0.0,
        }
    }

    /// The attacks the activated units could try: on every enemy within
    /// four hexes, each kind that could reach it.
    fn attack_candidates(&self) -> Vec<Action> {
        let Some(a) = &self.activation else {
            return Vec::new();
        };
        let seat = self.units[a.units[0]].owner;
        let mut out = Vec::new();
        for &unit in &a.units {
            let Some(from) = self.units[unit].at else { continue };
            for e in self.alive().filter(|e| e.owner != seat) {
                let at = e.at.expect("alive");
                let d = from.distance(at);
                match (self.units[unit].kind, d) {
                    (UnitType::Artillery, 1..=4) => out.push(Action::Fire {
                        unit,
                        at,
                        ammo: Ammo::Regular,
                    }),
                    (_, 1) => out.push(Action::Melee { unit, target: e.id }),
                    (_, 2 | 3) => out.push(Action::Shoot { unit, target: e.id }),
                    _ => {}
                }
                if self.units[unit].card().charge_bonus().is_some() && !a.acted && (2..=4).contains(&d) {
                    for via in from.neighbours() {
                        out.push(Action::Charge {
                            unit,
                            to: from.straight(via, 3),
                            target: e.id,
                        });
                    }
                }
            }
        }
        out.dedup();
        out.retain(|action| self.check_action(seat, action).is_ok());
        out
    }

    /// The best attack open to the activation now, with its worth.
    fn best_attack(&self) -> Option<(Action, f64)> {
        self.attack_candidates()
            .into_iter()
            .map(|a| {
                let worth = self.attack_worth(&a);
                (a, worth)
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// The best plan for the activation in progress: of the plans weighed,
    /// staying unless another is worth more (a move 0.05 more).
    pub fn best_plan(&self) -> Option<Plan> {
        let units = &self.activation.as_ref()?.units;
        let mut best: Option<Plan> = None;
        self.weigh_plans(|path, attack, value| {
            let margin = if path.is_empty() { 0.0 } else { 0.05 };
            if best.as_ref().is_none_or(|b| value > b.value + margin) {
                best = Some(Plan {
                    units: units.clone(),
                    path: path.to_vec(),
                    attack,
                    value,
                });
            }
        });
        best
    }

    /// Every plan the planner weighs for the activation in progress, best
    /// first: Hard's search tries the runners-up.
    pub fn plans(&self) -> Vec<Plan> {
        let Some(a) = &self.activation else {
            return Vec::new();
        };
        let mut plans = Vec::new();
        self.weigh_plans(|path, attack, value| {
            plans.push(Plan {
                units: a.units.clone(),
                path: path.to_vec(),
                attack,
                value,
            })
        });
        plans.sort_by(|a, b| b.value.total_cmp(&a.value));
        plans
    }

    /// Offers each plan for the activation in progress with its worth, in
    /// the order weighed: staying, striking from here, then every hex
    /// reachable by its shortest way with the best attack from there.
    fn weigh_plans(&self, mut offer: impl FnMut(&[Coord], Option<Action>, f64)) {
        let Some(a) = self.activation.as_ref() else {
            return;
        };
        let seat = self.units[a.units[0]].owner;
        let here = self.position_value(seat, &a.units, a.at);
        offer(&[], None, here);
        if let Some((attack, worth)) = self.best_attack() {
            let stays = match attack {
                Action::Charge { to, .. } => {
                    let mut after = self.clone();
                    for &id in &a.units {
                        after.units[id].at = Some(to);
                    }
                    after.position_value(seat, &a.units, to)
                }
                _ => here,
            };
            offer(&[], Some(attack), stays + worth * 2.0);
        }
        // One scratch game stands in for each hex: only the group's hex and
        // the activation differ between them.
        let mut scratch = self.clone();
        let stand = |scratch: &mut Wargame, activation: &Activation| {
            for &id in &a.units {
                scratch.units[id].at = Some(activation.at);
            }
            scratch.activation = Some(activation.clone());
        };
        let goals = self.goals_for(seat, self.units[a.units[0]].kind);
        let mut seen = vec![a.at];
        let mut frontier = std::collections::VecDeque::from([(a.clone(), Vec::new())]);
        while let Some((from, path)) = frontier.pop_front() {
            for to in from.at.neighbours() {
                stand(&mut scratch, &from);
                if seen.contains(&to) || scratch.check_move(to).is_err() {
                    continue;
                }
                seen.push(to);
                let mut next = from.clone();
                next.at = to;
                next.moved += 1;
                next.stopped |= a.units.iter().any(|&id| scratch.stops_on(&scratch.units[id], to));
                next.may_leave = Some(true);
                stand(&mut scratch, &next);
                let mut path = path.clone();
                path.push(to);
                let mut value = scratch.value_near(seat, &a.units, to, &goals);
                let mut attack = None;
                if let Some((action, worth)) = scratch.best_attack() {
                    value += worth * 2.0;
                    attack = Some(action);
                }
                // Leaving a hostile area may fail the check.
                let leaves = std::iter::once(a.at)
                    .chain(path.iter().copied())
                    .zip(path.iter().copied())
                    .any(|(from, step)| self.leaves_hostile_influence(from, step, seat));
                if a.may_leave.is_none() && leaves {
                    let weakest = a.units.iter().map(|&id| self.discipline(id)).min().unwrap_or(7);
                    let p = check_chance(weakest);
                    value = p * value + (1.0 - p) * here;
                }
                offer(&path, attack, value);
                frontier.push_back((next, path));
            }
        }
    }
}

/// A game the planner plays on for both sides, a slice of actions at a
/// time: Hard's trial battles and its playouts.
pub struct Playout {
    pub game: Wargame,
    played: usize,
    /// The most actions played before the playout is cut short.
    limit: usize,
}

impl Playout {
    pub fn new(game: Wargame, limit: usize) -> Playout {
        Playout {
            game,
            played: 0,
            limit,
        }
    }

    /// Plays on while `actions` last, until the battle ends, `stops` says
    /// so or the limit is reached: false when the actions ran out first.
    pub fn play(&mut self, actions: &mut usize, stops: impl Fn(&Wargame) -> bool) -> bool {
        while self.played < self.limit {
            let Some(to_move) = self.game.whose_move() else {
                break;
            };
            if stops(&self.game) {
                break;
            }
            if *actions == 0 {
                return false;
            }
            let action = choose(&self.game, to_move);
            if self.game.check_action(to_move, &action).is_err() {
                break;
            }
            self.game.perform(to_move, action);
            self.played += 1;
            *actions -= 1;
        }
        true
    }
}

/// The planner's next action for the seat to move in `game`.
pub fn choose(game: &Wargame, seat: Seat) -> Action {
    decide(game, seat).0
}

/// The planner's choice with its reasoning: the activations it weighed and
/// the gain it gave each, or the plan an activation follows.
pub fn choose_with_thought(game: &Wargame, seat: Seat) -> (Action, Thought) {
    let (action, why) = decide(game, seat);
    (action, why.thought(game))
}

/// Why the planner chose as it did, worded only when asked: playouts
/// choose thousands of times and never ask.
enum Why {
    LastBlow,
    StrikeBack,
    FallBack,
    Holds,
    Plan(f64),
    Weighed(Vec<Ranked>),
}

impl Why {
    fn thought(self, game: &Wargame) -> Thought {
        let said = |belief: &str| Thought {
            belief: belief.into(),
            options: Vec::new(),
        };
        match self {
            Why::LastBlow => said("a last blow of Till death would destroy it: it stands"),
            Why::StrikeBack => said("striking back costs nothing"),
            Why::FallBack => said("the best hex to fall back to"),
            Why::Holds => said("it holds its hex or can lose a step"),
            Why::Plan(value) => said(&format!("its plan for this activation is worth {value:.1}")),
            Why::Weighed(ranked) => weighed(game, &ranked),
        }
    }
}

fn decide(game: &Wargame, seat: Seat) -> (Action, Why) {
    if let Some(p) = game.pending.front() {
        let unit = p.unit();
        if let Pending::Counter { attacker, .. } = p {
            // Striking back costs nothing, except against Till death's last
            // blow at a unit that would fall to it.
            let last_blow = game.order_on(*attacker) == Some(Order::TillDeath) && game.units[unit].size == 1;
            return if last_blow {
                (Action::Stand { unit }, Why::LastBlow)
            } else {
                (Action::Counterattack { unit }, Why::StrikeBack)
            };
        }
        let best_retreat = game.retreat_hexes(unit).into_iter().max_by(|a, b| {
            game.position_value(seat, &[unit], *a)
                .total_cmp(&game.position_value(seat, &[unit], *b))
        });
        let must = matches!(p, Pending::MustRetreat { .. });
        let stand = !must && (game.holds(unit) || game.units[unit].size > 1);
        return match (stand, best_retreat) {
            (false, Some(to)) => (Action::Retreat { unit, to }, Why::FallBack),
            _ => (Action::Stand { unit }, Why::Holds),
        };
    }
    if game.activation.is_some() {
        let plan = game.best_plan().expect("in an activation");
        let action = match (plan.path.first(), plan.attack) {
            (Some(&to), _) => Action::Move { to },
            (None, Some(attack)) => attack,
            (None, None) => Action::EndActivation,
        };
        return (action, Why::Plan(plan.value));
    }
    let ranked = ranked_activations(game, seat);
    (picked(&ranked), Why::Weighed(ranked))
}

/// The planner's choice among the activations it ranked: the best, or the
/// end of the turn when none gains more than 0.1, with its reasoning.
pub fn pick(game: &Wargame, ranked: &[Ranked]) -> (Action, Thought) {
    (picked(ranked), weighed(game, ranked))
}

/// The best activation ranked, or the end of the turn when none gains
/// more than 0.1.
pub fn picked(ranked: &[Ranked]) -> Action {
    match ranked.first() {
        Some(best) if best.gain > 0.1 => best.action.clone(),
        _ => Action::EndTurn,
    }
}

/// The activations weighed and their gains, for the log.
fn weighed(game: &Wargame, ranked: &[Ranked]) -> Thought {
    let mut weighed = vec![Considered {
        option: "end the turn".into(),
        value: 0.1,
    }];
    weighed.extend(ranked.iter().map(|r| Considered {
        option: r.label(game),
        value: r.gain,
    }));
    Thought::ranked(
        "what each activation would gain, by its best plan (ending the turn counts 0.1)".into(),
        weighed,
        5,
    )
}

/// An activation the planner weighed: with the order that helps its plan,
/// what it would gain and how the log names it.
#[derive(Debug, Clone)]
pub struct Ranked {
    pub action: Action,
    pub gain: f64,
    /// The plan its gain is weighed by.
    pub plan: Plan,
}

impl Ranked {
    /// How the log names it: the blocks and where they stand in `game`.
    pub fn label(&self, game: &Wargame) -> String {
        let units = &self.plan.units;
        let names: Vec<&str> = units.iter().map(|&u| game.units[u].class.as_str()).collect();
        let at = game.units[units[0]].at.expect("alive");
        format!("activate {} at ({}, {})", names.join(" + "), at.0, at.1)
    }
}

/// Every activation open to `seat` by what its best plan would gain, best
/// first (the first of equals first).
pub fn ranked_activations(game: &Wargame, seat: Seat) -> Vec<Ranked> {
    let mut ranked = Vec::new();
    for units in game.activatable(seat) {
        let mut trial = game.clone();
        trial.perform(
            seat,
            Action::Activate {
                units: units.clone(),
                order: None,
            },
        );
        let at = game.units[units[0]].at.expect("alive");
        let Some(plan) = trial.best_plan() else { continue };
        let gain = plan.value - game.position_value(seat, &units, at);
        ranked.push(Ranked {
            action: activation_for(game, seat, &plan),
            gain,
            plan,
        });
    }
    ranked.sort_by(|a, b| b.gain.total_cmp(&a.gain));
    ranked
}

/// The activation that begins `plan`: with the commander order that helps
/// it when that order may be given now, else without one.
pub fn activation_for(game: &Wargame, seat: Seat, plan: &Plan) -> Action {
    let with_order = Action::Activate {
        units: plan.units.clone(),
        order: order_for(game, seat, &plan.units, plan),
    };
    if game.check_action(seat, &with_order).is_ok() {
        with_order
    } else {
        Action::Activate {
            units: plan.units.clone(),
            order: None,
        }
    }
}

/// The commander order that helps this plan: one of orders 2-4 that fits
/// the attack planned, else the free special order when it only helps.
fn order_for(game: &Wargame, seat: Seat, units: &[usize], plan: &Plan) -> Option<u8> {
    use super::data::Order::*;
    let kind = game.units[units[0]].kind;
    let attack = plan.attack.as_ref();
    let melee = matches!(attack, Some(Action::Melee { .. } | Action::Charge { .. }));
    let ranged = matches!(attack, Some(Action::Shoot { .. }));
    let fires = matches!(attack, Some(Action::Fire { .. }));
    let fits = |order| match order {
        DisciplineBoost | CriticalFailureReroll => true,
        AimingReroll => fires,
        RangedReroll | SteadyAim => ranged,
        Motivation | FinishThem | Defense | TillDeath => melee,
        Dodge => melee && kind == UnitType::Cavalry,
        Berserk => melee && kind == UnitType::Infantry,
        _ => false,
    };
    (2..=4)
        .filter(|_| !game.used.order && attack.is_some())
        .find(|&n| game.commander_order(seat, n).is_some_and(fits))
        .or_else(|| game.commander_order(seat, 1).is_some_and(fits).then_some(1))
}
