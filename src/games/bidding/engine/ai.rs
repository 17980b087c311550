//! The bidding opponents. Easy and Normal are budget players: they plan
//! their five wins over the rounds left, read the first bidder's card (a
//! black card means 9 or less, so 10 always beats it) and throw rounds with
//! 0; Easy keeps to its plan loosely. Hard keeps an interval for the
//! opponent's pool from every card, result and lamp it has seen, and bids
//! just over what that pool and the opponent's own plan allow.

use crate::rules::GameRng;
use rand::{RngExt, SeedableRng};

use super::rules::{Bidding, BiddingAction, BiddingView, Card, POOL, ROUNDS, lamp_range};
use crate::rules::{Bot, Level, Thought, other};

pub fn bot(level: Level, seed: u64) -> Box<dyn Bot<Bidding>> {
    let rng = GameRng::seed_from_u64(seed);
    let (wobble, blunders) = match level {
        Level::Random => return Box::new(RandomBot(rng)),
        Level::Easy => (0.6, 0.25),
        Level::Normal => (0.3, 0.0),
        Level::Hard => return Box::new(HardBot::default()),
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

/// What a seat can tell of its opponent's pool: the least and most it can
/// hold, from the cards, results and lamps of every settled round.
pub fn their_pool(view: &BiddingView) -> (u8, u8) {
    let me = view.seat;
    let (mut low, mut high) = (i32::from(POOL), i32::from(POOL));
    for seen in &view.history {
        let mine = i32::from(seen.mine);
        let (mut least, mut most) = match seen.their_card {
            Card::Black => (0, 9),
            Card::White => (10, high),
        };
        match seen.winner {
            Some(w) if w == me => most = most.min(mine - 1),
            Some(_) => least = least.max(mine + 1),
            None => (least, most) = (mine, mine),
        }
        most = most.min(high);
        let (band_low, band_high) = lamp_range(seen.lamps[other(me)]);
        low = (low - most).max(i32::from(band_low));
        high = (high - least).min(i32::from(band_high));
    }
    (low.clamp(0, 99) as u8, high.clamp(0, 99) as u8)
}

#[derive(Default)]
struct HardBot {
    thought: Option<Thought>,
}

impl Bot<Bidding> for HardBot {
    fn thought(&self) -> Option<Thought> {
        self.thought.clone()
    }

    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        let me = view.seat;
        let rounds_left = (ROUNDS + 1 - view.round) as f64;
        let my_need = f64::from(5u8.saturating_sub(view.wins[me]).max(1)).min(rounds_left);
        let their_need = f64::from(5u8.saturating_sub(view.wins[other(me)]).max(1)).min(rounds_left);
        let (low, high) = their_pool(view);
        let their_mid = (f64::from(low) + f64::from(high)) / 2.0;
        // What a budget player would spend on one win.
        let their_plan = their_mid / their_need;
        let my_plan = f64::from(view.pool) / my_need;
        let affordable = |bid: u8| f64::from(bid) <= 1.6 * my_plan && bid <= view.pool;
        let bid = match view.card {
            // A black bid is at most 9, and at most their pool: beat it surely.
            Some(Card::Black) => (high.min(9) + 1).min(view.pool),
            Some(Card::White) => {
                let guess = probe(view, true)
                    .unwrap_or(their_plan * 1.35 + 1.0)
                    .round()
                    .clamp(11.0, f64::from(high) + 1.0) as u8;
                if affordable(guess) { guess } else { 0 }
            }
            None if high < 10 => (high + 1).min(9).min(view.pool),
            None => {
                let over = probe(view, false)
                    .unwrap_or(their_plan * 1.4 + 1.0)
                    .round()
                    .max(10.0) as u8;
                // Give the round away only when winning it would cost more
                // than the plan affords.
                if affordable(over) { over } else { 0 }
            }
        };
        // It weighs no list of bids: it reckons one from these figures.
        let belief = format!(
            "their pool {low}–{high}; a budget bidder would spend about {their_plan:.0} a win; \
             its own plan affords {my_plan:.0} a win (at most {:.0}), so it bids {bid}",
            1.6 * my_plan
        );
        self.thought = Some(Thought {
            belief,
            options: Vec::new(),
        });
        BiddingAction { bid }
    }
}

/// A bid learnt from the last round in which the opponent bid in the same
/// role against a white card: lower after a win (probing how little beats
/// them), higher after a loss. `None` before there is such a round.
fn probe(view: &BiddingView, they_lead: bool) -> Option<f64> {
    let me = view.seat;
    let last = view.history.iter().rev().find(|seen| {
        let they_led = seen.first != me;
        they_led == they_lead
            && (!they_lead || seen.their_card == Card::White)
            && (they_lead || seen.mine >= 10)
    })?;
    let mine = f64::from(last.mine);
    Some(match last.winner {
        Some(w) if w == me => mine * 0.7,
        Some(_) => mine * 1.5 + 1.0,
        None => mine + 1.0,
    })
}
