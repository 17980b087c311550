//! The bidding opponents: legal bids, and Hard against fixed tricks.

use black_and_white::games::bidding::engine::{Bidding, BiddingAction, BiddingView};
use black_and_white::population::Population;
use black_and_white::rules::{Bot, Bots, Level};

use crate::support::hard_against;

/// The member of bidding's population called `name`.
fn member(name: &str) -> fn(u64) -> Box<dyn Bot<Bidding>> {
    Bidding::member(name).expect("a member of the population").make
}

#[test]
fn hard_is_not_beaten_by_one_fixed_trick() {
    for name in ["always-ten", "zero-then-all-in", "mirror"] {
        let rate = hard_against::<Bidding>(member(name), 400);
        assert!(rate >= 0.6, "Hard scores only {rate:.3} against `{name}`");
    }
}

/// The Bayes reckoner is the member that does best against Hard (0.35 over
/// 2000 games, docs/bidding-opponents.md); a Hard that merely held even
/// would fail this 400-game test with a chance under one in ten thousand.
#[test]
fn hard_beats_the_strongest_member_of_the_population() {
    let rate = hard_against::<Bidding>(member("bayes"), 400);
    assert!(rate >= 0.55, "Hard scores only {rate:.3} against `bayes`");
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
