//! Bidding's population: two reckoners that keep an exact account of the
//! other side's pool and bid what maximises their expected position, a
//! bluffer, and three fixed tricks; held out from Hard's tuning, a sampler
//! that plays every bid out against the pools that fit, and `regret`
//! (bidding_regret.rs), which solves each round by regret matching.
//!
//! The reckoners hold a belief over (how the other side bids, what it holds):
//! every pool the cards, results and lamps allow, weighted by how likely
//! each model of the other side made the bids that fit. The tracker believes
//! one model (a budget player, with a little noise); the Bayes reckoner
//! weighs four by how well they explain what it has seen.

use rand::{RngExt, SeedableRng};

use super::bidding_regret::Regret;
use super::{Habit, Member, Population, Tunable};
use crate::games::bidding::engine::rules::{POOL, ROUNDS};
use crate::games::bidding::engine::{Bidding, BiddingAction, BiddingView, Card, lamp_range, lamps};
use crate::rules::{Bot, GameRng, Seat, draw_by_weight, other};

impl Population for Bidding {
    fn members() -> Vec<Member<Bidding>> {
        vec![
            Member {
                name: "tracker",
                held_out: false,
                about: "exact pool tracking; expected-value best reply to a budget player",
                make: |seed| Box::new(Reckoner::new(&[(budget, 0.9), (anything, 0.1)], seed)),
            },
            Member {
                name: "bayes",
                held_out: false,
                about: "exact pool tracking; best reply to four models weighed by Bayes",
                make: |seed| {
                    Box::new(Reckoner::new(
                        &[(budget, 0.3), (cheap_white, 0.3), (win_big, 0.3), (anything, 0.1)],
                        seed,
                    ))
                },
            },
            Member {
                name: "sampler",
                held_out: true,
                about: "draws the other side's pool (and bid) from what fits, plays every bid out at random, bids the one that wins most",
                make: |seed| Box::new(Sampler::new(seed)),
            },
            Member {
                name: "regret",
                held_out: true,
                about: "solves each round as a game of its own by regret matching, its outlook the share of points left, and plays the mixed strategy",
                make: |seed| Box::new(Regret::new(their_pools, seed)),
            },
            Member {
                name: "bluffer",
                held_out: false,
                about: "leads with cheap white cards, now and then a heavy bid or nothing",
                make: |seed| Box::new(Bluffer(GameRng::seed_from_u64(seed))),
            },
            Member {
                name: "always-ten",
                held_out: false,
                about: "bids 10 every round",
                make: |_| Box::new(Trick(|_| 10)),
            },
            Member {
                name: "zero-then-all-in",
                held_out: false,
                about: "bids 0 for four rounds, then everything",
                make: |_| Box::new(Trick(|view| if view.round <= 4 { 0 } else { view.pool })),
            },
            Member {
                name: "mirror",
                held_out: false,
                about: "answers a black card with 9, anything else with 10",
                make: |_| Box::new(Trick(|view| if view.card == Some(Card::Black) { 9 } else { 10 })),
            },
        ]
    }
}

/// A player who always does the same thing.
struct Trick(fn(&BiddingView) -> u8);

impl Bot<Bidding> for Trick {
    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        BiddingAction {
            bid: (self.0)(view).min(view.pool),
        }
    }
}

/// What a bidder knows of its situation when it bids.
#[derive(Debug, Clone, Copy)]
struct Situation {
    /// Rounds left, this one included.
    rounds_left: u8,
    /// Wins it still needs for five.
    need: u8,
    /// The card of the bid it answers; `None` when it leads.
    answers: Option<Card>,
}

impl Situation {
    /// Points a win would cost if it spread its pool evenly.
    fn plan(&self, pool: u8) -> f64 {
        f64::from(pool) / f64::from(self.need.min(self.rounds_left).max(1))
    }
}

/// How likely a model of a bidder makes each bid 0..=pool.
type Model = fn(Situation, u8) -> Vec<f64>;

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

/// Answering a black card with 10 (or all it has) always wins.
fn beat_black(bids: &mut [f64]) {
    let most = bids.len() - 1;
    bids[most.min(10)] += 1.0;
}

/// A budget player: its pool over the wins it needs, within 30%.
fn budget(now: Situation, pool: u8) -> Vec<f64> {
    let mut bids = vec![0.0; usize::from(pool) + 1];
    let plan = now.plan(pool);
    match now.answers {
        Some(Card::Black) => beat_black(&mut bids),
        Some(Card::White) => {
            // It contests a white card only when its plan goes over 10.
            let (low, high) = ((plan * 0.7).round(), (plan * 1.3).round());
            let under = ((10.0 - low + 1.0).clamp(0.0, high - low + 1.0)) / (high - low + 1.0);
            bids[0] += under;
            band(&mut bids, low.max(11.0), high.max(11.0), 1.0 - under);
        }
        None => {
            let throw = if now.rounds_left > now.need { 0.3 } else { 0.0 };
            bids[0] += throw;
            band(&mut bids, plan * 0.7, plan * 1.3, 1.0 - throw);
        }
    }
    bids
}

/// Shows white as cheaply as it can and gives most contested rounds away.
fn cheap_white(now: Situation, pool: u8) -> Vec<f64> {
    let mut bids = vec![0.0; usize::from(pool) + 1];
    let plan = now.plan(pool);
    match now.answers {
        Some(Card::Black) => {
            band(&mut bids, 1.0, 9.0, 0.5);
            beat_black(&mut bids);
            bids.iter_mut().for_each(|b| *b *= 2.0 / 3.0);
        }
        Some(Card::White) => {
            bids[0] += 0.6;
            band(&mut bids, plan, plan * 1.5, 0.4);
        }
        None => {
            bids[0] += 0.3;
            band(&mut bids, 10.0, 13.0, 0.7);
        }
    }
    bids
}

/// Gives many rounds away and wins the others by a wide margin.
fn win_big(now: Situation, pool: u8) -> Vec<f64> {
    let mut bids = vec![0.0; usize::from(pool) + 1];
    if now.answers == Some(Card::Black) {
        beat_black(&mut bids);
        return bids;
    }
    let plan = now.plan(pool);
    bids[0] += 0.4;
    band(&mut bids, plan * 1.2, plan * 2.0, 0.6);
    bids
}

/// Anything at all: keeps the belief from ruling out what it cannot explain.
fn anything(_: Situation, pool: u8) -> Vec<f64> {
    let mut bids = vec![0.0; usize::from(pool) + 1];
    band(&mut bids, 0.0, f64::from(pool), 1.0);
    bids
}

/// What the other side may hold before this round by the rules alone: a
/// reckoner that counts every bid that fits alike.
fn their_pools(view: &BiddingView) -> [f64; POOL as usize + 1] {
    Reckoner::new(&[(anything, 1.0)], 0).belief(view)[0]
}

/// Bids what maximises its expected position against its belief; between
/// bids worth the same to within `TIE`, it picks at random, as a person
/// would.
struct Reckoner {
    models: Vec<(Model, f64)>,
    rng: GameRng,
}

/// Expected positions this close count as equal.
const TIE: f64 = 0.003;

/// The chance of winning the game from a position, reckoned from the pools
/// per needed win: a rough guide for the reckoners, not an exact value.
fn position(pools: [u8; 2], wins: [u8; 2], rounds_left: u8) -> f64 {
    if wins[0] >= 5 {
        return 1.0;
    }
    if wins[1] >= 5 {
        return 0.0;
    }
    let need = [5 - wins[0], 5 - wins[1]];
    if rounds_left == 0 || (need[0] > rounds_left && need[1] > rounds_left) {
        return match wins[0].cmp(&wins[1]) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Less => 0.0,
            std::cmp::Ordering::Equal => 0.5,
        };
    }
    if need[0] > rounds_left {
        return 0.02;
    }
    if need[1] > rounds_left {
        return 0.98;
    }
    let strength = |s: usize| ((f64::from(pools[s]) + 1.0) / f64::from(need[s])).ln();
    1.0 / (1.0 + (-2.5 * (strength(0) - strength(1))).exp())
}

/// Beliefs over the other side's pool, one row of weights per model.
type Belief = Vec<[f64; POOL as usize + 1]>;

impl Reckoner {
    fn new(models: &[(Model, f64)], seed: u64) -> Reckoner {
        Reckoner {
            models: models.to_vec(),
            rng: GameRng::seed_from_u64(seed),
        }
    }

    /// The belief after every settled round the view shows.
    fn belief(&self, view: &BiddingView) -> Belief {
        let (me, them) = (view.seat, other(view.seat));
        let mut belief: Belief = self
            .models
            .iter()
            .map(|&(_, prior)| {
                let mut row = [0.0; POOL as usize + 1];
                row[usize::from(POOL)] = prior;
                row
            })
            .collect();
        let mut wins = [0u8; 2];
        for (i, seen) in view.history.iter().enumerate() {
            let now = Situation {
                rounds_left: (ROUNDS - i) as u8,
                need: 5u8.saturating_sub(wins[them]).max(1),
                answers: (seen.first == me).then(|| Card::of(seen.mine)),
            };
            let fits = |bid: u8, left: u8| {
                Card::of(bid) == seen.their_card
                    && lamps(left) == seen.lamps[them]
                    && match seen.winner {
                        None => bid == seen.mine,
                        Some(w) if w == me => bid < seen.mine,
                        Some(_) => bid > seen.mine,
                    }
            };
            let mut next: Belief = vec![[0.0; POOL as usize + 1]; self.models.len()];
            for (m, &(model, _)) in self.models.iter().enumerate() {
                for pool in 0..=POOL {
                    let weight = belief[m][usize::from(pool)];
                    if weight == 0.0 {
                        continue;
                    }
                    for (bid, chance) in model(now, pool).into_iter().enumerate() {
                        let bid = bid as u8;
                        if chance > 0.0 && fits(bid, pool - bid) {
                            next[m][usize::from(pool - bid)] += weight * chance;
                        }
                    }
                }
            }
            let total: f64 = next.iter().flatten().sum();
            if total > 0.0 {
                next.iter_mut().flatten().for_each(|w| *w /= total);
                belief = next;
            }
            if let Some(w) = seen.winner {
                wins[w] += 1;
            }
        }
        belief
    }

    /// Their bid and what it leaves them, weighted, for a situation of theirs.
    fn their_bids(&self, belief: &Belief, now: Situation, shown: Option<Card>) -> Vec<(u8, u8, f64)> {
        let mut joint = vec![0.0; (usize::from(POOL) + 1) * (usize::from(POOL) + 1)];
        for (m, &(model, _)) in self.models.iter().enumerate() {
            for pool in 0..=POOL {
                let weight = belief[m][usize::from(pool)];
                if weight < 1e-9 {
                    continue;
                }
                for (bid, chance) in model(now, pool).into_iter().enumerate() {
                    if chance > 0.0 && shown.is_none_or(|card| Card::of(bid as u8) == card) {
                        joint[bid * (usize::from(POOL) + 1) + usize::from(pool) - bid] += weight * chance;
                    }
                }
            }
        }
        let stride = usize::from(POOL) + 1;
        joint
            .into_iter()
            .enumerate()
            .filter(|&(_, w)| w > 1e-9)
            .map(|(i, w)| ((i / stride) as u8, (i % stride) as u8, w))
            .collect()
    }
}

impl Bot<Bidding> for Reckoner {
    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        let (me, them) = (view.seat, other(view.seat));
        let belief = self.belief(view);
        let rounds_left = (ROUNDS + 1 - view.round) as u8;
        let theirs = |answers| Situation {
            rounds_left,
            need: 5u8.saturating_sub(view.wins[them]).max(1),
            answers,
        };
        let leading = view.card.is_none();
        let replies = if leading {
            [Card::Black, Card::White].map(|card| self.their_bids(&belief, theirs(Some(card)), None))
        } else {
            let led = self.their_bids(&belief, theirs(None), view.card);
            [led.clone(), led]
        };
        // The position after the round, by its result (won, drawn, lost),
        // the pool kept and the pool they keep.
        let size = usize::from(POOL) + 1;
        let mut after = vec![0.0; 3 * size * size];
        for (result, gain) in [[1, 0], [0, 0], [0, 1]].into_iter().enumerate() {
            let wins = [view.wins[me] + gain[0], view.wins[them] + gain[1]];
            for kept in 0..=view.pool {
                for left in 0..=POOL {
                    after[(result * size + usize::from(kept)) * size + usize::from(left)] =
                        position([kept, left], wins, rounds_left - 1);
                }
            }
        }
        let value = |mine: u8| {
            let replies = &replies[usize::from(Card::of(mine) == Card::White)];
            let (mut sum, mut total) = (0.0, 0.0);
            for &(bid, left, w) in replies {
                let result = match mine.cmp(&bid) {
                    std::cmp::Ordering::Greater => 0,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 2,
                };
                sum += w * after[(result * size + usize::from(view.pool - mine)) * size + usize::from(left)];
                total += w;
            }
            if total > 0.0 { sum / total } else { 0.5 }
        };
        let values: Vec<f64> = (0..=view.pool).map(value).collect();
        let best = values.iter().copied().fold(f64::MIN, f64::max);
        let equal: Vec<u8> = (0..=view.pool)
            .filter(|&b| values[usize::from(b)] >= best - TIE)
            .collect();
        BiddingAction {
            bid: equal[self.rng.random_range(0..equal.len())],
        }
    }
}

/// How many games the sampler plays out for each bid it may make.
const PLAYOUTS: usize = 40;

/// Flat Monte Carlo over what the other side may hold: it draws their pool
/// (and, answering, their bid) from every one that fits the cards, lamps
/// and results seen, each as likely as a player of any bid makes it; plays
/// each bid it may make and the rest of the game out with both sides
/// bidding at random within twice an even share of their pool; and bids
/// the one that wins most often.
struct Sampler {
    reckoner: Reckoner,
    rng: GameRng,
}

impl Sampler {
    fn new(seed: u64) -> Sampler {
        Sampler {
            reckoner: Reckoner::new(&[(anything, 1.0)], seed),
            rng: GameRng::seed_from_u64(seed ^ 0x5a5a),
        }
    }

    /// A random bid from `pool` with `rounds_left` rounds to bid in.
    fn any_bid(&mut self, pool: u8, rounds_left: usize) -> u8 {
        let most = (2 * usize::from(pool) / rounds_left.max(1)).min(usize::from(pool));
        self.rng.random_range(0..=most) as u8
    }

    /// The rest of the game after this round's bids, at random: 1 a win,
    /// 0.5 a draw, 0 a loss.
    fn play_out(&mut self, view: &BiddingView, pools: [u8; 2], bids: [u8; 2]) -> f64 {
        let mut wins = [view.wins[view.seat], view.wins[other(view.seat)]];
        let mut pools = [pools[0] - bids[0], pools[1] - bids[1]];
        let mut round_bids = bids;
        let mut rounds_left = ROUNDS + 1 - view.round;
        loop {
            match round_bids[0].cmp(&round_bids[1]) {
                std::cmp::Ordering::Greater => wins[0] += 1,
                std::cmp::Ordering::Less => wins[1] += 1,
                std::cmp::Ordering::Equal => {}
            }
            rounds_left -= 1;
            if rounds_left == 0 {
                break;
            }
            round_bids = [0, 1].map(|s| self.any_bid(pools[s], rounds_left));
            pools = [pools[0] - round_bids[0], pools[1] - round_bids[1]];
        }
        0.5 + 0.5 * f64::from(wins[0].cmp(&wins[1]) as i8)
    }
}

impl Bot<Bidding> for Sampler {
    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        let belief = self.reckoner.belief(view);
        let rounds_left = ROUNDS + 1 - view.round;
        // What they may hold before this round, and, answering, what they
        // bid and kept.
        let pools: Vec<(u8, f64)> = (0..=POOL)
            .map(|p| (p, belief[0][usize::from(p)]))
            .filter(|&(_, w)| w > 0.0)
            .collect();
        let led: Vec<((u8, u8), f64)> = match view.card {
            Some(_) => {
                let now = Situation {
                    rounds_left: rounds_left as u8,
                    need: 5u8.saturating_sub(view.wins[other(view.seat)]).max(1),
                    answers: None,
                };
                let bids = self.reckoner.their_bids(&belief, now, view.card);
                bids.into_iter().map(|(bid, left, w)| ((bid, left), w)).collect()
            }
            None => Vec::new(),
        };
        let mut best = (f64::MIN, 0);
        for mine in 0..=view.pool {
            let mut won = 0.0;
            for _ in 0..PLAYOUTS {
                let (theirs, their_pool) = if led.is_empty() {
                    let pool = draw_by_weight(&mut self.rng, &pools);
                    (self.any_bid(pool, rounds_left), pool)
                } else {
                    let (bid, left) = draw_by_weight(&mut self.rng, &led);
                    (bid, bid + left)
                };
                won += self.play_out(view, [view.pool, their_pool], [mine, theirs]);
            }
            if won > best.0 {
                best = (won, mine);
            }
        }
        BiddingAction { bid: best.1 }
    }
}

/// Leads with cheap white cards, now and then a heavy bid or nothing;
/// beats black cards and mostly gives white ones away.
struct Bluffer(GameRng);

impl Bot<Bidding> for Bluffer {
    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        let seat: Seat = view.seat;
        let need = 5u8.saturating_sub(view.wins[seat]).max(1);
        let rounds_left = (ROUNDS + 1 - view.round) as u8;
        let plan = f64::from(view.pool) / f64::from(need.min(rounds_left));
        let roll: f64 = self.0.random();
        let bid = match view.card {
            Some(Card::Black) => 10,
            Some(Card::White) if roll < 0.5 => 0,
            Some(Card::White) => (plan * 1.3).round() as u8,
            None if roll < 0.5 => self.0.random_range(10..=13),
            None if roll < 0.8 => (plan * 1.5).round() as u8,
            None => 0,
        };
        BiddingAction {
            bid: bid.min(view.pool),
        }
    }
}

/// A family of budget bidders, for the counter-strategy search: each
/// habit is one a player might tune against Hard.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Tuned {
    /// Leading with rounds to spare: the chance of bidding 0.
    lead_throw: f64,
    /// Leading: the chance of a cheap white card (10 to 12).
    lead_cheap: f64,
    /// Leading otherwise: the bid as a multiple of the plan.
    lead_scale: f64,
    /// Answering a black card: the bid (10 always wins).
    black_answer: f64,
    /// Answering a white card: the chance of contesting it.
    white_contest: f64,
    /// Contesting: the bid as a multiple of the plan (at least 11).
    white_scale: f64,
    /// How far its plan follows the other side's, as their lamps show it,
    /// rather than its own: 0 its own, 1 theirs.
    read: f64,
    /// Bids scaled by this once it needs a win in every round left.
    late_push: f64,
}

impl Tunable for Bidding {
    fn habits() -> Vec<Habit> {
        let habit = Habit::new;
        // Where the search starts: a plain budget player.
        vec![
            habit("lead_throw", 0.3, 0.2, 0.0, 1.0),
            habit("lead_cheap", 0.0, 0.2, 0.0, 1.0),
            habit("lead_scale", 1.0, 0.4, 0.2, 4.0),
            habit("black_answer", 10.0, 3.0, 0.0, 10.0),
            habit("white_contest", 0.5, 0.2, 0.0, 1.0),
            habit("white_scale", 1.2, 0.4, 0.2, 4.0),
            habit("read", 0.0, 0.25, 0.0, 1.0),
            habit("late_push", 1.0, 0.3, 0.5, 3.0),
        ]
    }

    fn tuned(habits: &[f64], seed: u64) -> Box<dyn Bot<Bidding>> {
        let h = |i: usize| habits[i];
        Box::new(TunedBot {
            habits: Tuned {
                lead_throw: h(0),
                lead_cheap: h(1),
                lead_scale: h(2),
                black_answer: h(3),
                white_contest: h(4),
                white_scale: h(5),
                read: h(6),
                late_push: h(7),
            },
            rng: GameRng::seed_from_u64(seed),
        })
    }
}

struct TunedBot {
    habits: Tuned,
    rng: GameRng,
}

impl Bot<Bidding> for TunedBot {
    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        let h = self.habits;
        let (me, them) = (view.seat, other(view.seat));
        let rounds_left = (ROUNDS + 1 - view.round) as u8;
        let need = |seat: Seat| 5u8.saturating_sub(view.wins[seat]).max(1).min(rounds_left);
        let (low, high) = lamp_range(view.lamps[them]);
        let theirs = (f64::from(low) + f64::from(high)) / 2.0 / f64::from(need(them));
        let own = f64::from(view.pool) / f64::from(need(me));
        let push = if need(me) >= rounds_left { h.late_push } else { 1.0 };
        let plan = ((1.0 - h.read) * own + h.read * theirs) * push;
        let jitter = 1.0 + self.rng.random_range(-0.15..=0.15);
        let bid = match view.card {
            Some(Card::Black) => h.black_answer.round(),
            Some(Card::White) if self.rng.random_bool(h.white_contest) => {
                (plan * h.white_scale * jitter).max(11.0)
            }
            Some(Card::White) => 0.0,
            None if rounds_left > need(me) && self.rng.random_bool(h.lead_throw) => 0.0,
            None if self.rng.random_bool(h.lead_cheap) => f64::from(self.rng.random_range(10..=12u8)),
            None => plan * h.lead_scale * jitter,
        };
        BiddingAction {
            bid: (bid.round().max(0.0) as u8).min(view.pool),
        }
    }
}
