//! The bidding opponents: legal bids, and Hard against fixed tricks.

use black_and_white::games::bidding::{Bidding, BiddingAction, BiddingView, Card};
use black_and_white::rules::{Bot, Game, Level};

use crate::support::hard_against;

/// A player who always does the same thing.
struct Trick(fn(&BiddingView) -> u8);

impl Bot<Bidding> for Trick {
    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        BiddingAction {
            bid: (self.0)(view).min(view.pool),
        }
    }
}

fn always_ten(_: &BiddingView) -> u8 {
    10
}

fn nothing_then_all_in(view: &BiddingView) -> u8 {
    if view.round <= 4 { 0 } else { view.pool }
}

fn mirror_the_card(view: &BiddingView) -> u8 {
    match view.card {
        Some(Card::Black) => 9,
        _ => 10,
    }
}

#[test]
fn hard_is_not_beaten_by_one_fixed_trick() {
    for (name, trick) in [
        ("always 10", always_ten as fn(&BiddingView) -> u8),
        ("0 then all-in", nothing_then_all_in),
        ("mirror the card", mirror_the_card),
    ] {
        let rate = hard_against::<Bidding>(|_| Box::new(Trick(trick)), 400);
        assert!(rate >= 0.6, "Hard scores only {rate:.3} against `{name}`");
    }
}

/// A level's bids, each checked against the pool its own view shows.
struct Within {
    level: Box<dyn Bot<Bidding>>,
    bids: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Bot<Bidding> for Within {
    fn choose(&mut self, view: &BiddingView) -> BiddingAction {
        let action = self.level.choose(view);
        assert!(
            action.bid <= view.pool,
            "bid {} from a pool of {}",
            action.bid,
            view.pool
        );
        self.bids.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        action
    }
}

#[test]
fn every_level_bids_within_its_pool_in_every_round() {
    for level in [Level::Random, Level::Easy, Level::Normal, Level::Hard] {
        let bids = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let games = 40;
        hard_against::<Bidding>(
            |seed| {
                Box::new(Within {
                    level: Bidding::bot(level, seed),
                    bids: bids.clone(),
                })
            },
            games,
        );
        assert_eq!(
            bids.load(std::sync::atomic::Ordering::SeqCst),
            9 * games,
            "{}: one bid a round",
            level.label()
        );
    }
}
