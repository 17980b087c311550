//! The betting opponents: legal actions at every level, and Hard against
//! fixed tricks.

use black_and_white::games::betting::engine::{Betting, BettingAction, BettingView};
use black_and_white::population::Population;
use black_and_white::rules::{Bot, Bots, Level};

use crate::support::{hard_against, level_against};

/// The member of betting's population called `name`.
fn member(name: &str) -> fn(u64) -> Box<dyn Bot<Betting>> {
    Betting::member(name).expect("a member of the population").make
}

#[test]
fn hard_is_not_beaten_by_one_fixed_trick() {
    for name in ["match-always", "fold-always", "tower-on-zero", "by-number"] {
        let rate = hard_against::<Betting>(member(name), 400);
        assert!(rate >= 0.6, "Hard scores only {rate:.3} against `{name}`");
    }
}

/// The Bayes reader is the member that does best against Hard (docs/
/// betting-opponents.md); a Hard that merely held even would fail this
/// 600-game test with a chance under one in ten thousand.
#[test]
fn hard_beats_the_strongest_member_of_the_population() {
    let rate = hard_against::<Betting>(member("bayes"), 600);
    assert!(rate >= 0.55, "Hard scores only {rate:.3} against `bayes`");
}

/// The held-out `odds`, never tuned against, which beats Easy (0.71 over
/// 1000 games, docs/betting-opponents.md): Hard scores 0.857 against it
/// over 1000; a Hard that merely held even would fail this 200-game test
/// with a chance under one in ten thousand.
#[test]
fn hard_beats_the_held_out_odds_player() {
    assert!(Betting::member("odds").is_some_and(|m| m.held_out));
    let rate = hard_against::<Betting>(member("odds"), 200);
    assert!(
        rate >= 0.7,
        "Hard scores only {rate:.3} against the held-out `odds`"
    );
}

/// The second held-out member, `playout`, plays the rest of the game out
/// both ways at each choice: Hard beats it (0.816 over 1000 games) and it
/// beats Easy (Easy 0.210), docs/betting-opponents.md; an even Hard would
/// pass the first 200-game bound with a chance under one in ten thousand,
/// an even Easy the second under one in a thousand.
#[test]
fn the_held_out_playout_player_loses_to_hard_and_beats_easy() {
    let playout = Betting::member("playout").expect("a member");
    assert!(playout.held_out);
    let hard = hard_against::<Betting>(playout.make, 200);
    assert!(hard >= 0.65, "Hard scores only {hard:.3} against `playout`");
    let easy = level_against::<Betting>(Level::Easy, playout.make, 200);
    assert!(easy <= 0.38, "Easy scores {easy:.3} against `playout`");
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

/// Each of Hard's matches or folds: the chance to match its thought gave,
/// how many chips better matching looked than folding, and whether it
/// matched.
struct Decisions {
    hard: Box<dyn Bot<Betting>>,
    seen: std::sync::Arc<std::sync::Mutex<Vec<(f64, f64, bool)>>>,
}

impl Bot<Betting> for Decisions {
    fn choose(&mut self, view: &BettingView) -> BettingAction {
        let action = self.hard.choose(view);
        if let Some(thought) = self.hard.thought() {
            let option = |name: &str| {
                thought
                    .options
                    .iter()
                    .find_map(|c| Some((c.option.strip_prefix(name)?.to_owned(), c.value)))
                    .expect("both answers weighed")
            };
            let (chance, matching) = option("match (");
            let (_, folding) = option("fold (");
            let percent: f64 = chance.trim_end_matches("%)").parse().expect("a percentage");
            let matched = matches!(action, BettingAction::Match(_));
            self.seen
                .lock()
                .expect("one thread")
                .push((percent / 100.0, matching - folding, matched));
        }
        action
    }
}

/// Hard's match or fold is mixed where the two are near even and firm
/// where they are not: over 200 games against itself some decisions give
/// each answer a real chance and both answers are taken there, and where
/// one answer looks three chips better (a chance of six in a million to
/// take the other) it is taken every time.
#[test]
fn hard_mixes_match_and_fold_only_near_even() {
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    hard_against::<Betting>(
        |seed| {
            Box::new(Decisions {
                hard: Betting::bot(Level::Hard, seed),
                seen: seen.clone(),
            })
        },
        200,
    );
    let seen = seen.lock().expect("one thread");
    let near_even: Vec<bool> = seen
        .iter()
        .filter(|(chance, _, _)| (0.2..=0.8).contains(chance))
        .map(|&(_, _, matched)| matched)
        .collect();
    assert!(
        near_even.len() >= 20 && near_even.contains(&true) && near_even.contains(&false),
        "{} decisions near even of {}: {near_even:?}",
        near_even.len(),
        seen.len()
    );
    let clear: Vec<_> = seen.iter().filter(|(_, gap, _)| gap.abs() >= 3.0).collect();
    assert!(clear.len() >= 100, "only {} clear decisions", clear.len());
    for &&(chance, gap, matched) in &clear {
        assert_eq!(
            matched,
            gap > 0.0,
            "matching {gap:+} chips better ({chance}) went the other way"
        );
    }
}
