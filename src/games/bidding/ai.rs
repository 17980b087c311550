//! The bidding opponents: a budget player that plans its five wins over the
//! rounds left, reads the first bidder's card (a black card means 9 or less,
//! so 10 always beats it) and throws rounds with 0. The levels differ in how
//! exactly they keep to the plan; the belief-keeping Hard opponent that
//! issue 3 asks for is still to come.

use rand::{RngExt, SeedableRng, rngs::StdRng};

use super::rules::{Bidding, BiddingAction, BiddingView, Card, ROUNDS};
use crate::rules::{Bot, Level};

pub fn bot(level: Level, seed: u64) -> Box<dyn Bot<Bidding>> {
    let rng = StdRng::seed_from_u64(seed);
    let wobble = match level {
        Level::Random => return Box::new(RandomBot(rng)),
        Level::Easy => 0.6,
        Level::Normal => 0.3,
        Level::Hard => 0.15,
    };
    Box::new(BudgetBot { rng, wobble })
}

struct RandomBot(StdRng);

impl Bot<Bidding> for RandomBot {
    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        BiddingAction {
            bid: self.0.random_range(0..=view.pool),
        }
    }
}

struct BudgetBot {
    rng: StdRng,
    /// How far a bid strays from the plan, as a share of it.
    wobble: f64,
}

impl Bot<Bidding> for BudgetBot {
    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        let needed = 5u8.saturating_sub(view.wins[view.seat]).max(1);
        let rounds_left = (ROUNDS + 1 - view.round) as u8;
        let plan = f64::from(view.pool) / f64::from(needed.min(rounds_left));
        let jitter = 1.0 + self.rng.random_range(-self.wobble..=self.wobble);
        let planned = (plan * jitter).round().clamp(0.0, f64::from(view.pool)) as u8;
        let bid = match view.card {
            // A black card is a bid of 9 or less: 10 wins for sure.
            Some(Card::Black) if view.pool >= 10 => 10,
            Some(Card::Black) => view.pool,
            // A white card may be anything from 10 up: contest it only when
            // the plan affords more than the least white bid.
            Some(Card::White) if planned > 10 => planned,
            Some(Card::White) => 0,
            // Leading: keep to the plan, but throw a round now and then when
            // there are more rounds left than wins needed.
            None if rounds_left > needed && self.rng.random_bool(0.3) => 0,
            None => planned,
        };
        BiddingAction { bid }
    }
}
