//! Bidding's Hard. It keeps a distribution over the other side's pool,
//! narrowed by every card, result and lamp, and for each role the other
//! side plays (leading, answering a black card, answering a white one) a
//! family of habits, each weighed by Bayes by how well it explains what
//! the other side did in that role. Each round it solves a small game by
//! regret matching: its bids against an other side that plays what the
//! habits predict with chance `TRUST` and, with the rest, answers Hard's
//! own strategy as well as it can from any pool Hard believes it may hold
//! (a restricted Nash response). It draws its bid from the mixed strategy
//! the solve ends with, so it exploits the habits it has seen only as far
//! as a player who reads Hard cannot punish.

use rand::SeedableRng;

use super::rules::{Bidding, BiddingAction, BiddingView, Card, POOL, ROUNDS, lamp_range, lamps};
use crate::rules::best_response::Policy;
use crate::rules::restricted_response::{Free, above_floor, solve};
use crate::rules::{Bot, Considered, GameRng, Thought, draw_by_weight, other};

const SIZE: usize = POOL as usize + 1;

pub fn bot(seed: u64) -> HardBot {
    HardBot {
        rng: GameRng::seed_from_u64(seed),
        thought: None,
    }
}

pub struct HardBot {
    rng: GameRng,
    thought: Option<Thought>,
}

/// What the other side knows when it bids, as Hard reckons it.
#[derive(Debug, Clone, Copy)]
struct Their {
    /// Rounds left, this one included.
    rounds_left: u8,
    /// Wins they still need for five, and wins Hard still needs.
    need: u8,
    my_need: u8,
    /// Hard's pool as its lamps show it to them: the middle of the band.
    my_pool_seen: f64,
}

impl Their {
    fn plan(&self, pool: u8) -> f64 {
        f64::from(pool) / f64::from(self.need.min(self.rounds_left).max(1))
    }

    /// What Hard's plan looks like to them.
    fn my_plan(&self) -> f64 {
        self.my_pool_seen / f64::from(self.my_need.min(self.rounds_left).max(1))
    }

    fn spare(&self) -> bool {
        self.rounds_left > self.need
    }
}

/// The three roles the other side bids in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Lead,
    OverBlack,
    OverWhite,
}

impl Role {
    /// The role of the side that did not lead, answering `card`; or the
    /// leader's.
    fn answering(card: Option<Card>) -> Role {
        match card {
            None => Role::Lead,
            Some(Card::Black) => Role::OverBlack,
            Some(Card::White) => Role::OverWhite,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One way of bidding in one role.
#[derive(Debug, Clone, Copy)]
enum Habit {
    /// Leading: throws a spare round with chance `throw`, shows the cheapest
    /// white cards (10 to 12) with chance `cheap`, else bids its plan times
    /// `scale` (within 20%).
    Lead { throw: f64, cheap: f64, scale: f64 },
    /// Leading just over what Hard's plan would answer with.
    LeadOverMine,
    /// Leading with black bids of 1 to 9, as bait.
    Bait,
    /// Answering black with about `bid` (10 always wins), now and then 10.
    OverBlack { bid: u8 },
    /// Answering black with 0 or 10, evenly.
    Careless,
    /// Answering white: contests with chance `contest`, bidding its plan
    /// times `scale` (within 15%, at least 11); else lets it go with 0.
    OverWhite { contest: f64, scale: f64 },
    /// Answering white just over what Hard's plan would lead with, when it
    /// can afford that.
    OverWhiteMine,
    /// The same amount every time, in its role.
    Fixed { bid: u8 },
    /// Any bid at all: keeps the belief open to what nothing else explains.
    Anything,
}

/// Adds `mass` spread evenly over the bids `low..=high`, kept to the pool.
fn band(bids: &mut [f64], low: f64, high: f64, mass: f64) {
    let most = bids.len() - 1;
    let low = (low.round().max(0.0) as usize).min(most);
    let high = (high.round().max(0.0) as usize).clamp(low, most);
    let each = mass / (high - low + 1) as f64;
    for bid in &mut bids[low..=high] {
        *bid += each;
    }
}

impl Habit {
    /// The chance of each bid 0..=pool.
    fn bids(self, their: Their, pool: u8) -> Vec<f64> {
        let mut bids = vec![0.0; usize::from(pool) + 1];
        let most = f64::from(pool);
        let plan = their.plan(pool);
        let mine = their.my_plan();
        let sure = usize::from(pool.min(10));
        match self {
            Habit::Lead { throw, cheap, scale } => {
                let throw = if their.spare() { throw } else { 0.0 };
                bids[0] += throw;
                band(&mut bids, 10.0, 12.0, (1.0 - throw) * cheap);
                let centre = plan * scale;
                band(
                    &mut bids,
                    centre * 0.8,
                    centre * 1.2,
                    (1.0 - throw) * (1.0 - cheap),
                );
            }
            Habit::LeadOverMine => {
                let over = mine + 1.0;
                if their.spare() && over > plan * 1.6 {
                    bids[0] += 0.7;
                    band(&mut bids, 10.0, 12.0, 0.3);
                } else {
                    band(&mut bids, over.max(10.0), (mine * 1.6).max(12.0), 1.0);
                }
            }
            Habit::Bait => {
                band(&mut bids, 1.0, 9.0, 0.7);
                band(&mut bids, plan * 0.8, plan * 1.2, 0.3);
            }
            Habit::OverBlack { bid } => {
                let bid = f64::from(bid);
                band(&mut bids, bid - 1.0, bid + 1.0, 0.8);
                bids[sure] += 0.2;
            }
            Habit::Careless => {
                bids[0] += 0.5;
                bids[sure] += 0.5;
            }
            Habit::OverWhite { contest, scale } => {
                let centre = plan * scale;
                bids[0] += 1.0 - contest;
                band(
                    &mut bids,
                    (centre * 0.85).max(11.0),
                    (centre * 1.15).max(11.0),
                    contest,
                );
            }
            Habit::OverWhiteMine => {
                let over = mine * 1.2 + 1.0;
                if over > plan * 1.8 || over > most {
                    bids[0] += 1.0;
                } else {
                    band(&mut bids, over.max(11.0), (mine * 1.7 + 2.0).max(12.0), 1.0);
                }
            }
            Habit::Fixed { bid } => bids[usize::from(bid.min(pool))] += 1.0,
            Habit::Anything => band(&mut bids, 0.0, most, 1.0),
        }
        bids
    }
}

/// The amounts a player who always bids the same might choose.
const FIXED: [u8; 6] = [10, 11, 12, 13, 15, 20];

/// Each role's habits with their prior weights: plan-sized bids are
/// likeliest, the extremes less so, and any bid at all a little.
fn habits(role: Role) -> &'static [(Habit, f64)] {
    static HABITS: std::sync::OnceLock<[Vec<(Habit, f64)>; 3]> = std::sync::OnceLock::new();
    &HABITS.get_or_init(|| {
        let mut lead = vec![
            (Habit::LeadOverMine, 0.1),
            (Habit::Bait, 0.03),
            (Habit::Anything, 0.02),
        ];
        for (throw, t) in [(0.0, 0.3), (0.3, 0.4), (0.6, 0.3)] {
            for (cheap, c) in [(0.0, 0.6), (0.6, 0.4)] {
                for (scale, s) in [(0.5, 0.1), (0.8, 0.2), (1.1, 0.3), (1.5, 0.3), (2.2, 0.1)] {
                    lead.push((Habit::Lead { throw, cheap, scale }, 0.85 * t * c * s));
                }
            }
        }
        let mut over_black = vec![
            (Habit::OverBlack { bid: 10 }, 0.5),
            (Habit::Careless, 0.08),
            (Habit::Anything, 0.02),
        ];
        for bid in [1, 3, 5, 7, 9] {
            over_black.push((Habit::OverBlack { bid }, 0.08));
        }
        let mut over_white = vec![(Habit::OverWhiteMine, 0.1), (Habit::Anything, 0.02)];
        for bid in FIXED {
            lead.push((Habit::Fixed { bid }, 0.01));
            over_white.push((Habit::Fixed { bid }, 0.01));
        }
        for (contest, c) in [(0.25, 0.3), (0.6, 0.4), (1.0, 0.3)] {
            for (scale, s) in [(0.8, 0.15), (1.2, 0.35), (1.7, 0.35), (2.5, 0.15)] {
                over_white.push((Habit::OverWhite { contest, scale }, 0.88 * c * s));
            }
        }
        [lead, over_black, over_white]
    })[role.index()]
}

/// What Hard believes of the other side: its pool, and how much each habit
/// of each role is to be trusted.
struct Belief {
    pool: [f64; SIZE],
    weights: [Vec<f64>; 3],
}

/// The share of every habit's weight that goes back to its prior after each
/// round, so that a player who changes habits is followed.
const FORGETTING: f64 = 0.1;

impl Belief {
    fn new() -> Belief {
        let mut pool = [0.0; SIZE];
        pool[usize::from(POOL)] = 1.0;
        let prior = |role: Role| habits(role).iter().map(|&(_, w)| w).collect();
        Belief {
            pool,
            weights: [Role::Lead, Role::OverBlack, Role::OverWhite].map(prior),
        }
    }

    /// Calls `each(habit, bid, pool left, chance)` for every bid of theirs
    /// in `role` that `fits` allows, from every pool they may hold: the
    /// chance is the pool's times the habit's for that bid.
    fn walk(
        &self,
        role: Role,
        their: Their,
        fits: impl Fn(u8, u8) -> bool,
        mut each: impl FnMut(usize, u8, u8, f64),
    ) {
        for (h, (habit, _)) in habits(role).iter().enumerate() {
            for pool in 0..=POOL {
                let p = self.pool[usize::from(pool)];
                if p < 1e-12 {
                    continue;
                }
                for (bid, chance) in habit.bids(their, pool).into_iter().enumerate() {
                    let bid = bid as u8;
                    if chance > 0.0 && fits(bid, pool - bid) {
                        each(h, bid, pool - bid, p * chance);
                    }
                }
            }
        }
    }

    /// Their bids in `role`, weighted over habits and pools, as (bid, pool
    /// left, weight), kept to those `fits` allows.
    fn predict(&self, role: Role, their: Their, fits: impl Fn(u8, u8) -> bool) -> Vec<(u8, u8, f64)> {
        let weights = &self.weights[role.index()];
        let mut joint = vec![0.0; SIZE * SIZE];
        self.walk(role, their, fits, |h, bid, left, chance| {
            joint[usize::from(bid) * SIZE + usize::from(left)] += weights[h] * chance;
        });
        joint
            .into_iter()
            .enumerate()
            .filter(|&(_, w)| w > 1e-12)
            .map(|(i, w)| ((i / SIZE) as u8, (i % SIZE) as u8, w))
            .collect()
    }

    /// Takes in one settled round in which they bid in `role` and `fits`
    /// tells which of their bids (and pools left) agree with what was seen.
    fn observe(&mut self, role: Role, their: Their, fits: impl Fn(u8, u8) -> bool) {
        let r = role.index();
        let mut pool = [0.0; SIZE];
        let mut likelihood = vec![0.0; habits(role).len()];
        let weights = self.weights[r].clone();
        self.walk(role, their, fits, |h, _, left, chance| {
            likelihood[h] += chance;
            pool[usize::from(left)] += chance * weights[h];
        });
        let total: f64 = pool.iter().sum();
        if total <= 0.0 {
            // Nothing they could hold explains it: keep the belief as it was.
            return;
        }
        self.pool = pool.map(|p| p / total);
        let weighed: Vec<f64> = weights.iter().zip(&likelihood).map(|(w, l)| w * l).collect();
        let sum: f64 = weighed.iter().sum();
        self.weights[r] = weighed
            .iter()
            .zip(habits(role))
            .map(|(w, (_, prior))| (1.0 - FORGETTING) * w / sum + FORGETTING * prior)
            .collect();
    }

    /// The least and most pool of the likeliest nine in ten.
    fn likely_pools(&self) -> (u8, u8) {
        let cut = |from_top: bool| {
            let mut mass = 0.0;
            let order: Vec<u8> = if from_top {
                (0..=POOL).rev().collect()
            } else {
                (0..=POOL).collect()
            };
            for pool in order {
                mass += self.pool[usize::from(pool)];
                if mass > 0.05 {
                    return pool;
                }
            }
            if from_top { 0 } else { POOL }
        };
        (cut(false), cut(true))
    }

    /// The belief after every settled round the view shows.
    fn of(view: &BiddingView) -> Belief {
        let (me, them) = (view.seat, other(view.seat));
        let mut belief = Belief::new();
        let mut wins = [0u8; 2];
        let mut my_lamps = lamps(POOL);
        for (i, seen) in view.history.iter().enumerate() {
            let their = Their {
                rounds_left: (ROUNDS - i) as u8,
                need: 5u8.saturating_sub(wins[them]).max(1),
                my_need: 5u8.saturating_sub(wins[me]).max(1),
                my_pool_seen: middle(my_lamps),
            };
            let role = Role::answering((seen.first == me).then(|| Card::of(seen.mine)));
            belief.observe(role, their, |bid, left| {
                Card::of(bid) == seen.their_card
                    && lamps(left) == seen.lamps[them]
                    && match seen.winner {
                        None => bid == seen.mine,
                        Some(w) if w == me => bid < seen.mine,
                        Some(_) => bid > seen.mine,
                    }
            });
            if let Some(w) = seen.winner {
                wins[w] += 1;
            }
            my_lamps = seen.lamps[me];
        }
        belief
    }
}

/// The middle of the points a number of lamps stands for.
fn middle(lamps: u8) -> f64 {
    let (low, high) = lamp_range(lamps);
    (f64::from(low) + f64::from(high)) / 2.0
}

/// How steeply the chance of winning follows the log ratio of the pools
/// per win needed: fitted by measuring Hard against the population.
const SLOPE: f64 = 4.5;

/// The chance that the other side plays as its habits predict, in the
/// round's solve; with the rest it answers Hard's strategy as well as it
/// can.
const TRUST: f64 = 0.5;

/// Regret-matching steps of the round's solve.
const STEPS: usize = 100;

/// The other side's likeliest pools the solve's free player may hold.
const POOLS: usize = 6;

/// Bids the solve plays less often than this are dropped (what is left of
/// them is the solve not having converged, not a choice).
const FLOOR: f64 = 0.02;

/// The chance of winning the game from a position (pools and wins this
/// side's first): a logistic in the log ratio of each side's pool per win
/// it still needs.
pub(super) fn worth(pools: [u8; 2], wins: [u8; 2], rounds_left: u8) -> f64 {
    let lead = i16::from(wins[0]) - i16::from(wins[1]);
    if rounds_left == 0 || lead.unsigned_abs() > u16::from(rounds_left) {
        return match lead.signum() {
            1 => 1.0,
            -1 => 0.0,
            _ => 0.5,
        };
    }
    let need = |s: usize| 5u8.saturating_sub(wins[s]).max(1).min(rounds_left);
    let strength = |s: usize| ((f64::from(pools[s]) + 1.0) / f64::from(need(s))).ln();
    1.0 / (1.0 + (-SLOPE * (strength(0) - strength(1))).exp())
}

impl Bot<Bidding> for HardBot {
    fn thought(&self) -> Option<Thought> {
        self.thought.clone()
    }

    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        let (values, strategy, belief) = weigh(view);
        let bid = draw_by_weight(&mut self.rng, &strategy);
        // The mixed strategy, likeliest first: each bid with its chance in
        // Hard's draw and its chance of winning against the habits.
        let mut drawn = strategy.clone();
        drawn.sort_by(|a, b| b.1.total_cmp(&a.1));
        let options = drawn
            .iter()
            .map(|&(b, chance)| Considered {
                option: format!("bid {b} ({:.0}%)", 100.0 * chance),
                value: values[usize::from(b)],
            })
            .collect();
        let (low, high) = belief.likely_pools();
        self.thought = Some(Thought::listed(
            format!(
                "their pool is likely {low}–{high}; it drew {bid} from a mixed strategy over {} bids, \
                 likeliest first, that also holds against a player who reads it; each value is the bid's \
                 chance of winning the game against the bids their habits predict",
                strategy.len(),
            ),
            options,
        ));
        BiddingAction { bid }
    }
}

/// Hard's policy as the chance of each bid, for a player that knows its
/// code (the best response, best_response.rs): the round solve's mixed
/// strategy.
pub struct HardPolicy;

impl Policy<Bidding> for HardPolicy {
    fn chances(&mut self, view: &BiddingView) -> Vec<(BiddingAction, f64)> {
        let (_, strategy, _) = weigh(view);
        strategy
            .into_iter()
            .map(|(bid, chance)| (BiddingAction { bid }, chance))
            .collect()
    }
}

/// What Hard makes of `view`: each bid's chance of winning the game against
/// the habits' predictions (in bid order), its mixed strategy as (bid,
/// chance), and its belief.
fn weigh(view: &BiddingView) -> (Vec<f64>, Vec<(u8, f64)>, Belief) {
    let (me, them) = (view.seat, other(view.seat));
    let belief = Belief::of(view);
    let rounds_left = (ROUNDS + 1 - view.round) as u8;
    let their = Their {
        rounds_left,
        need: 5u8.saturating_sub(view.wins[them]).max(1),
        my_need: 5u8.saturating_sub(view.wins[me]).max(1),
        my_pool_seen: middle(view.lamps[me]),
    };
    // Their bid and the pool it leaves them, for each card Hard may show
    // when it leads, or the one bid it answers.
    let replies = match view.card {
        None => [Card::Black, Card::White]
            .map(|card| belief.predict(Role::answering(Some(card)), their, |_, _| true)),
        Some(card) => {
            let led = belief.predict(Role::Lead, their, |bid, _| Card::of(bid) == card);
            [led.clone(), led]
        }
    };
    let mut after = vec![0.0; 3 * SIZE * SIZE];
    for (result, gain) in [[1, 0], [0, 0], [0, 1]].into_iter().enumerate() {
        let wins = [view.wins[me] + gain[0], view.wins[them] + gain[1]];
        for kept in 0..=view.pool {
            for left in 0..=POOL {
                after[(result * SIZE + usize::from(kept)) * SIZE + usize::from(left)] =
                    worth([kept, left], wins, rounds_left - 1);
            }
        }
    }
    // The worth of the round's end when Hard bids `mine` and they bid
    // `theirs`, keeping `left`.
    let settled = |mine: u8, theirs: u8, left: u8| {
        let result = match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 2,
        };
        after[(result * SIZE + usize::from(view.pool - mine)) * SIZE + usize::from(left)]
    };
    let value = |mine: u8| {
        let replies = &replies[usize::from(Card::of(mine) == Card::White)];
        let (mut sum, mut total) = (0.0, 0.0);
        for &(bid, left, w) in replies {
            sum += w * settled(mine, bid, left);
            total += w;
        }
        if total > 0.0 { sum / total } else { 0.5 }
    };
    let values: Vec<f64> = (0..=view.pool).map(value).collect();
    // The free player: their likeliest pools, and for each a strategy per
    // card Hard shows (leading) or one (answering a card they showed).
    let mut pools: Vec<(u8, f64)> = (0..=POOL)
        .map(|p| (p, belief.pool[usize::from(p)]))
        .filter(|&(_, w)| w > 1e-9)
        .collect();
    pools.sort_by(|a, b| b.1.total_cmp(&a.1));
    // Answering, only the pools that could have made the card they showed.
    // A bid over Hard's pool plus one wins no more than that and keeps less.
    let bids_from = |pool: u8| -> Vec<u8> {
        (0..=pool.min(view.pool.saturating_add(1)))
            .filter(|&c| view.card.is_none_or(|card| Card::of(c) == card))
            .collect()
    };
    pools.retain(|&(pool, _)| !bids_from(pool).is_empty());
    pools.truncate(POOLS);
    let mass: f64 = pools.iter().map(|&(_, w)| w).sum();
    let group = |mine: u8| usize::from(view.card.is_none() && Card::of(mine) == Card::White);
    let bids: Vec<Vec<u8>> = pools.iter().map(|&(pool, _)| bids_from(pool)).collect();
    let groups: Vec<usize> = (0..=view.pool).map(group).collect();
    let options: Vec<usize> = bids.iter().map(Vec::len).collect();
    // Each payoff once, a row per Hard bid.
    let payoffs = pools
        .iter()
        .zip(&bids)
        .map(|(&(pool, _), bids)| {
            (0..=view.pool)
                .flat_map(|b| bids.iter().map(move |&c| (b, c)))
                .map(|(b, c)| settled(b, c, pool - c))
                .collect()
        })
        .collect();
    let free = Free {
        weights: pools.iter().map(|&(_, w)| w / mass).collect(),
        options,
        payoffs,
    };
    let strategy = solve(&values, TRUST, STEPS, &free, &groups);
    let mixed = above_floor(&strategy, FLOOR)
        .into_iter()
        .map(|(b, c)| (b as u8, c))
        .collect();
    (values, mixed, belief)
}
