//! Bidding's second held-out member (issue 42), `regret`: it solves each
//! round as a small game of its own by regret matching and plays the mixed
//! strategy the solve ends with.
//!
//! The round's game: its bids against the other side's (their pool taken
//! as the mean of every pool the rules still allow), each pair scored by
//! its outlook after the round, where every round left goes to a side with
//! that side's share of the points left. Leading, the other side answers
//! knowing only its card, so they have one strategy per card; answering a
//! card, both choose blind. Nothing here is shared with the levels.

use rand::SeedableRng;

use crate::games::bidding::engine::rules::{POOL, ROUNDS};
use crate::games::bidding::engine::{Bidding, BiddingAction, BiddingView, Card};
use crate::rules::{Bot, GameRng, draw_by_weight, other};

/// Regret-matching steps a round's solve takes.
const ITERATIONS: usize = 500;
/// Bids the final strategy plays less often than this are dropped: they
/// are the solve's leftovers, not a choice.
const FLOOR: f64 = 0.02;

/// What the other side may hold before this round, each pool 0..=99 with
/// its weight: the population's account, handed in.
pub type Pools = fn(&BiddingView) -> [f64; POOL as usize + 1];

pub struct Regret {
    pools: Pools,
    rng: GameRng,
}

impl Regret {
    pub fn new(pools: Pools, seed: u64) -> Regret {
        Regret {
            pools,
            rng: GameRng::seed_from_u64(seed),
        }
    }
}

impl Bot<Bidding> for Regret {
    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        let (me, them) = (view.seat, other(view.seat));
        let pools = (self.pools)(view);
        let mean: f64 = pools.iter().enumerate().map(|(p, w)| p as f64 * w).sum::<f64>()
            / pools.iter().sum::<f64>().max(1e-12);
        let mut their_pool = (mean.round() as u8).min(POOL);
        if view.card == Some(Card::White) {
            // A white card is a bid of 10 at least, whatever the mean says.
            their_pool = their_pool.max(10);
        }
        let wins = [view.wins[me], view.wins[them]];
        let after = ROUNDS - view.round.min(ROUNDS);
        let mine: Vec<u8> = (0..=view.pool).collect();
        let theirs: Vec<u8> = (0..=their_pool)
            .filter(|&bid| view.card.is_none_or(|card| Card::of(bid) == card))
            .collect();
        let payoff: Vec<Vec<f64>> = mine
            .iter()
            .map(|&b| {
                theirs
                    .iter()
                    .map(|&c| {
                        let won = match b.cmp(&c) {
                            std::cmp::Ordering::Greater => [1, 0],
                            std::cmp::Ordering::Less => [0, 1],
                            std::cmp::Ordering::Equal => [0, 0],
                        };
                        outlook(
                            [wins[0] + won[0], wins[1] + won[1]],
                            after,
                            [view.pool - b, their_pool - c],
                        )
                    })
                    .collect()
            })
            .collect();
        // Leading, they see our card: one strategy of theirs per card.
        let group: Vec<usize> = mine
            .iter()
            .map(|&b| usize::from(view.card.is_none() && Card::of(b) == Card::White))
            .collect();
        let strategy = solve(&payoff, &group);
        let kept: Vec<(u8, f64)> = mine
            .iter()
            .copied()
            .zip(strategy.iter().copied())
            .filter(|&(_, p)| p >= FLOOR)
            .collect();
        if kept.is_empty() {
            // Spread thinner than the floor everywhere: its likeliest bid.
            let likeliest = (0..mine.len()).max_by(|&a, &b| strategy[a].total_cmp(&strategy[b]));
            return BiddingAction {
                bid: likeliest.map_or(0, |i| mine[i]),
            };
        }
        BiddingAction {
            bid: draw_by_weight(&mut self.rng, &kept),
        }
    }
}

/// The chance of winning the game (a draw counts half) with `wins` so far
/// and `rounds` left, each going to the first side with its share of the
/// points left.
fn outlook(wins: [u8; 2], rounds: usize, pools: [u8; 2]) -> f64 {
    let total = f64::from(pools[0]) + f64::from(pools[1]);
    let q = if total > 0.0 {
        f64::from(pools[0]) / total
    } else {
        0.5
    };
    let mut chance = 0.0;
    let mut ways = 1.0;
    for k in 0..=rounds {
        if k > 0 {
            ways = ways * (rounds + 1 - k) as f64 / k as f64;
        }
        // With no points left on either side every round left is drawn.
        let (ours, theirs) = if total > 0.0 { (k, rounds - k) } else { (0, 0) };
        let p = if total > 0.0 {
            ways * q.powi(k as i32) * (1.0 - q).powi((rounds - k) as i32)
        } else if k == 0 {
            1.0
        } else {
            0.0
        };
        let score = match (usize::from(wins[0]) + ours).cmp(&(usize::from(wins[1]) + theirs)) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
        chance += p * score;
    }
    chance
}

/// Regret matching (each step's regrets floored at zero, later steps
/// weighed more in the average) on a round where our bid `b` scores
/// `payoff[b][c]` against their `c`, and they choose knowing only
/// `group[b]`. Our average strategy.
fn solve(payoff: &[Vec<f64>], group: &[usize]) -> Vec<f64> {
    let (n, m) = (payoff.len(), payoff.first().map_or(0, Vec::len));
    if m == 0 {
        let mut only = vec![0.0; n];
        only[0] = 1.0;
        return only;
    }
    let groups = group.iter().max().map_or(1, |g| g + 1);
    let mut ours = vec![0.0; n];
    let mut theirs = vec![vec![0.0; m]; groups];
    let mut average = vec![0.0; n];
    for step in 1..=ITERATIONS {
        let sigma = matched(&ours);
        let tau: Vec<Vec<f64>> = theirs.iter().map(|r| matched(r)).collect();
        let values: Vec<f64> = (0..n)
            .map(|b| payoff[b].iter().zip(&tau[group[b]]).map(|(u, t)| u * t).sum())
            .collect();
        let expected: f64 = values.iter().zip(&sigma).map(|(v, s)| v * s).sum();
        for b in 0..n {
            ours[b] = (ours[b] + values[b] - expected).max(0.0);
            average[b] += step as f64 * sigma[b];
        }
        for (g, regrets) in theirs.iter_mut().enumerate() {
            let mut gains = vec![0.0; m];
            for b in (0..n).filter(|&b| group[b] == g) {
                for (gain, u) in gains.iter_mut().zip(&payoff[b]) {
                    *gain += sigma[b] * (1.0 - u);
                }
            }
            let expected: f64 = gains.iter().zip(&tau[g]).map(|(v, t)| v * t).sum();
            for (r, gain) in regrets.iter_mut().zip(gains) {
                *r = (*r + gain - expected).max(0.0);
            }
        }
    }
    let total: f64 = average.iter().sum();
    average.iter().map(|a| a / total).collect()
}

/// The strategy regret matching plays for these regrets: in proportion to
/// them, or evenly when none is positive.
fn matched(regrets: &[f64]) -> Vec<f64> {
    let total: f64 = regrets.iter().sum();
    if total > 0.0 {
        regrets.iter().map(|r| r / total).collect()
    } else {
        vec![1.0 / regrets.len() as f64; regrets.len()]
    }
}
