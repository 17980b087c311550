//! The bidding opponents. Easy and Normal are budget players: they plan
//! their five wins over the rounds left, read the first bidder's card (a
//! black card means 9 or less, so 10 always beats it) and throw rounds with
//! 0; Easy keeps to its plan loosely. Hard (hard.rs) tracks the other
//! side's pool and habits and bids its best reply to them.

use crate::rules::GameRng;
use rand::{RngExt, SeedableRng};

use super::rules::{Bidding, BiddingAction, BiddingView, Card, ROUNDS};
use crate::rules::{Bot, Bots, Level, Thought};

impl Bots for Bidding {
    fn bot(level: Level, seed: u64) -> Box<dyn Bot<Self>> {
        bot(level, seed)
    }
}

pub fn bot(level: Level, seed: u64) -> Box<dyn Bot<Bidding>> {
    let rng = GameRng::seed_from_u64(seed);
    let (wobble, blunders) = match level {
        Level::Random => return Box::new(RandomBot(rng)),
        Level::Easy => (0.6, 0.35),
        Level::Normal => (0.3, 0.0),
        Level::Hard => return Box::new(super::hard::bot(seed)),
    };
    Box::new(BudgetBot {
        rng,
        thought: None,
        wobble,
        blunders,
    })
}

struct RandomBot(GameRng);

impl Bot<Bidding> for RandomBot {
    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        BiddingAction {
            bid: self.0.random_range(0..=view.pool),
        }
    }
}

struct BudgetBot {
    rng: GameRng,
    /// Its reasoning for the last bid.
    thought: Option<Thought>,
    /// How far a bid strays from the plan, as a share of it.
    wobble: f64,
    /// The share of bids made at random, up to half the pool.
    blunders: f64,
}

impl Bot<Bidding> for BudgetBot {
    fn thought(&self) -> Option<Thought> {
        self.thought.clone()
    }

    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        if self.rng.random_bool(self.blunders) {
            let bid = self.rng.random_range(0..=view.pool / 2);
            self.thought = Some(Thought {
                belief: format!("a bid at random up to half its pool (a slip it makes on purpose): {bid}"),
                options: Vec::new(),
            });
            return BiddingAction { bid };
        }
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
        self.thought = Some(Thought {
            belief: format!(
                "{needed} wins needed in {rounds_left} rounds: about {plan:.0} a win from its pool of {}, so it bids {bid}",
                view.pool
            ),
            options: Vec::new(),
        });
        BiddingAction { bid }
    }
}
