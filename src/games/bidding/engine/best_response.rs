//! A best response to a bidding player whose policy it knows: the
//! yardstick of how far Hard can be exploited (`black-and-white exploit`).
//! It asks the policy for the chance of each bid in any situation the
//! other side could be in, but never sees the other side's pool.
//!
//! It keeps the sequences of bids the other side may have made
//! (rules/best_response.rs, the 16 likeliest: each of Hard's choices takes
//! milliseconds), then bids what is worth most over them: the other side's
//! answer drawn from its policy, and the rest of the game valued by Hard's
//! own estimate of the chance of winning from the pools and wins (`worth`
//! in hard.rs). An approximate best response, one bid deep; where the true
//! sequence was dropped and nothing kept explains what it saw, it bids as
//! the policy would in its own seat for the rest of that game.

use super::hard::worth;
use super::rules::{Bidding, BiddingAction, BiddingView, Card, POOL, ROUNDS, lamps};
use crate::rules::best_response::{Policy, Readable, Worlds, imagine};
use crate::rules::{Bot, Game, Seat, other};

impl Readable for Bidding {
    fn imagined(view: &BiddingView) -> Bidding {
        Bidding::imagined(view.history.first().map_or(view.first, |r| r.first))
    }

    fn seat(view: &BiddingView) -> Seat {
        view.seat
    }

    fn own_actions(view: &BiddingView) -> Vec<BiddingAction> {
        let bids = view.history.iter().map(|r| r.mine).chain(view.sealed);
        bids.map(|bid| BiddingAction { bid }).collect()
    }

    fn their_count(view: &BiddingView) -> usize {
        // Their card shows while they have bid first this round.
        view.history.len() + usize::from(view.card.is_some())
    }

    fn fits(view: &BiddingView, theirs: &[BiddingAction]) -> bool {
        let k = theirs.len() - 1;
        let x = theirs[k].bid;
        let Some(seen) = view.history.get(k) else {
            return view.card == Some(Card::of(x));
        };
        let spent: u32 = theirs.iter().map(|a| u32::from(a.bid)).sum();
        let Some(left) = u32::from(POOL).checked_sub(spent) else {
            return false;
        };
        let won_by = match seen.mine.cmp(&x) {
            std::cmp::Ordering::Greater => Some(view.seat),
            std::cmp::Ordering::Less => Some(other(view.seat)),
            std::cmp::Ordering::Equal => None,
        };
        Card::of(x) == seen.their_card
            && lamps(left as u8) == seen.lamps[other(view.seat)]
            && won_by == seen.winner
    }
}

/// The most sequences of bids kept.
const MOST_WORLDS: usize = 16;

pub struct BestResponse<P: Policy<Bidding>> {
    policy: P,
    worlds: Worlds<Bidding>,
}

impl<P: Policy<Bidding>> BestResponse<P> {
    pub fn new(policy: P) -> Self {
        BestResponse {
            policy,
            worlds: Worlds::new(MOST_WORLDS),
        }
    }
}

impl<P: Policy<Bidding>> Bot<Bidding> for BestResponse<P> {
    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        self.worlds.follow(view, &mut self.policy);
        if self.worlds.lost() {
            // It lost track of the other side: it bids as the policy would
            // in its seat.
            return self.policy.chances(view)[0].0;
        }
        let (me, them) = (view.seat, other(view.seat));
        let rounds_left = (ROUNDS + 1 - view.round) as u8;
        // The chance of winning once the round is settled, from my bid and
        // theirs and the pool they keep.
        let after = |mine: u8, theirs: u8, kept: u8| {
            let mut wins = [view.wins[me], view.wins[them]];
            match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => wins[0] += 1,
                std::cmp::Ordering::Less => wins[1] += 1,
                std::cmp::Ordering::Equal => {}
            }
            worth([view.pool - mine, kept], wins, rounds_left - 1)
        };
        let mut values = vec![0.0; usize::from(view.pool) + 1];
        for world in self.worlds.iter() {
            let spent: u8 = world.theirs.iter().map(|a| a.bid).sum();
            let pool = POOL - spent;
            if view.card.is_some() {
                let led = world.theirs.last().expect("they bid first").bid;
                for (mine, value) in values.iter_mut().enumerate() {
                    *value += world.weight * after(mine as u8, led, pool);
                }
                continue;
            }
            // Their answer to each card I may show: a bid of 0 shows black,
            // 10 white, and they see only the card.
            for card_bid in [0, 10].into_iter().filter(|&b| b <= view.pool) {
                let Some(mut game) = imagine::<Bidding>(view, &world.theirs) else {
                    continue;
                };
                if game.apply(me, BiddingAction { bid: card_bid }).is_err() {
                    continue;
                }
                let replies = self.policy.chances(&game.view(them));
                for (mine, value) in values.iter_mut().enumerate() {
                    let mine = mine as u8;
                    if Card::of(mine) != Card::of(card_bid) {
                        continue;
                    }
                    let worth: f64 = replies
                        .iter()
                        .map(|(x, chance)| chance * after(mine, x.bid, pool.saturating_sub(x.bid)))
                        .sum();
                    *value += world.weight * worth;
                }
            }
        }
        let bid = (0..=view.pool)
            .max_by(|&a, &b| {
                values[usize::from(a)]
                    .total_cmp(&values[usize::from(b)])
                    .then(b.cmp(&a))
            })
            .unwrap_or(0);
        BiddingAction { bid }
    }
}
