//! The betting opponents: legal actions at every level, and Hard against
//! fixed tricks.

use black_and_white::games::betting::rules::random_arrangement;
use black_and_white::games::betting::{Betting, BettingAction, BettingView, Phase, Placement};
use black_and_white::rules::{Bot, Game, Level};

use crate::support::hard_against;
use black_and_white::rules::GameRng;
use rand::SeedableRng;

type Arrange = fn(&mut GameRng) -> Vec<Placement>;
type Decide = fn(&BettingView) -> BettingAction;

/// A player who always decides the same way over some arrangement.
struct Trick {
    rng: GameRng,
    arrange: Arrange,
    decide: Decide,
}

impl Bot<Betting> for Trick {
    fn choose(&mut self, view: &BettingView) -> BettingAction {
        if view.phase == Phase::Setup {
            BettingAction::Arrange((self.arrange)(&mut self.rng))
        } else {
            (self.decide)(view)
        }
    }
}

/// Twenty-one chips on the 0, one on every other tile: a tower of bluff.
fn tower_on_zero(rng: &mut GameRng) -> Vec<Placement> {
    let mut arrangement = random_arrangement(rng);
    for p in &mut arrangement {
        p.chips = if p.tile == 0 { 21 } else { 1 };
    }
    arrangement
}

/// The chips follow the tiles exactly: 0 gets 1 chip, 9 gets 5 more.
fn by_number(rng: &mut GameRng) -> Vec<Placement> {
    let mut arrangement = random_arrangement(rng);
    let chips = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5];
    for p in &mut arrangement {
        p.chips = chips[usize::from(p.tile)];
    }
    arrangement
}

fn always_match(_: &BettingView) -> BettingAction {
    BettingAction::Match(None)
}

fn always_fold(_: &BettingView) -> BettingAction {
    BettingAction::Fold
}

#[test]
fn hard_is_not_beaten_by_one_fixed_trick() {
    let tricks: [(&str, Arrange, Decide); 4] = [
        ("random stacks, always match", random_arrangement, always_match),
        ("random stacks, always fold", random_arrangement, always_fold),
        ("a tower on the 0, always match", tower_on_zero, always_match),
        ("stacks by number, always match", by_number, always_match),
    ];
    for (name, arrange, decide) in tricks {
        let rate = hard_against::<Betting>(
            |seed| {
                Box::new(Trick {
                    rng: GameRng::seed_from_u64(seed),
                    arrange,
                    decide,
                })
            },
            400,
        );
        assert!(rate >= 0.6, "Hard scores only {rate:.3} against `{name}`");
    }
}

/// A level's arrangements, each checked against the rules' limits.
struct Arranges {
    level: Box<dyn Bot<Betting>>,
    setups: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Bot<Betting> for Arranges {
    fn choose(&mut self, view: &BettingView) -> BettingAction {
        let action = self.level.choose(view);
        if let BettingAction::Arrange(placements) = &action {
            let mut tiles: Vec<u8> = placements.iter().map(|p| p.tile).collect();
            tiles.sort();
            assert_eq!(tiles, (0..10).collect::<Vec<u8>>(), "each tile once");
            assert!(placements.iter().all(|p| p.chips >= 1), "{placements:?}");
            assert_eq!(placements.iter().map(|p| u32::from(p.chips)).sum::<u32>(), 30);
            self.setups.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        action
    }
}

#[test]
fn every_level_arranges_all_thirty_chips_on_all_ten_tiles() {
    for level in [Level::Random, Level::Easy, Level::Normal, Level::Hard] {
        let setups = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let games = 60;
        hard_against::<Betting>(
            |seed| {
                Box::new(Arranges {
                    level: Betting::bot(level, seed),
                    setups: setups.clone(),
                })
            },
            games,
        );
        assert_eq!(
            setups.load(std::sync::atomic::Ordering::SeqCst),
            games,
            "{}: one arrangement a game",
            level.label()
        );
    }
}
