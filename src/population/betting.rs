//! Betting's population: a tracker that knows exactly which of the other
//! side's tiles are still face down and reads their stacks by one model, a
//! reader that weighs several models of how the other side stacks by Bayes
//! from every showdown, a bluffer, two plain players, and the four tricks
//! the tests play; held out from Hard's tuning, `odds`, which weighs a
//! match by the chips at stake and never reads a stack, and `playout`
//! (betting_playout.rs), which plays the rest of the game out both ways.
//!
//! The readers share nothing with the levels: their account of the tiles
//! left, their reading of a stack (a Poisson count of the chips over one)
//! and their arrangements are their own.

use rand::{RngExt, SeedableRng};

use super::betting_playout::Playout;
use super::betting_stacks::stacked;
use super::{Habit, Member, Population, Tunable};
use crate::games::betting::engine::rules::{SLOTS, random_arrangement};
use crate::games::betting::engine::{Betting, BettingAction, BettingView, Phase, Placement, SlotOutcome};
use crate::rules::{Bot, Colour, GameRng, other};

impl Population for Betting {
    fn members() -> Vec<Member<Betting>> {
        vec![
            Member {
                name: "tracker",
                held_out: false,
                about: "exact account of the tiles still face down; reads stacks as chips by tile squared",
                make: |seed| Box::new(Reader::new(&[(2.0, 1.0)], seed)),
            },
            Member {
                name: "bayes",
                held_out: false,
                about: "weighs five ways of stacking by Bayes from the showdowns; bluffs a third of its games",
                make: |seed| {
                    Box::new(Reader::new(
                        &[(0.0, 0.15), (1.0, 0.2), (2.0, 0.25), (3.0, 0.25), (5.0, 0.15)],
                        seed,
                    ))
                },
            },
            Member {
                name: "odds",
                held_out: true,
                about: "its 7, 8 and 9 stacked tall; matches when the showdown's chips, over the colour's face-down tiles, beat what a fold gives up",
                make: |seed| Box::new(Odds(GameRng::seed_from_u64(seed))),
            },
            Member {
                name: "playout",
                held_out: true,
                about: "plays for the game: deals what it cannot see, plays the rest out matching and folding, takes what wins more games",
                make: |seed| Box::new(Playout::new(seed)),
            },
            Member {
                name: "bluffer",
                held_out: false,
                about: "a tall stack on a low tile every game; matches small gaps and good tiles",
                make: |seed| Box::new(Bluffer(GameRng::seed_from_u64(seed))),
            },
            Member {
                name: "counter",
                held_out: false,
                about: "chips by tile squared; matches when its tile beats most of the colour's face-down tiles",
                make: |seed| Box::new(Counter(GameRng::seed_from_u64(seed))),
            },
            Member {
                name: "cautious",
                held_out: false,
                about: "even stacks (three a tile); matches only with 7 or more, or a gap of one",
                make: |seed| Box::new(Cautious(GameRng::seed_from_u64(seed))),
            },
            Member {
                name: "match-always",
                held_out: false,
                about: "random stacks, always matches",
                make: |seed| {
                    Box::new(Trick::new(seed, random_arrangement, |_| {
                        BettingAction::Match(None)
                    }))
                },
            },
            Member {
                name: "fold-always",
                held_out: false,
                about: "random stacks, always folds",
                make: |seed| Box::new(Trick::new(seed, random_arrangement, |_| BettingAction::Fold)),
            },
            Member {
                name: "tower-on-zero",
                held_out: false,
                about: "21 chips on the 0, one on every other tile; always matches",
                make: |seed| Box::new(Trick::new(seed, tower_on_zero, |_| BettingAction::Match(None))),
            },
            Member {
                name: "by-number",
                held_out: false,
                about: "chips by the tile's number (1 on the 0 up to 5 on the 9); always matches",
                make: |seed| Box::new(Trick::new(seed, by_number, |_| BettingAction::Match(None))),
            },
        ]
    }
}

type Arrange = fn(&mut GameRng) -> Vec<Placement>;
type Decide = fn(&BettingView) -> BettingAction;

/// A player who always arranges and decides the same way.
struct Trick {
    rng: GameRng,
    arrange: Arrange,
    decide: Decide,
}

impl Trick {
    fn new(seed: u64, arrange: Arrange, decide: Decide) -> Trick {
        Trick {
            rng: GameRng::seed_from_u64(seed),
            arrange,
            decide,
        }
    }
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
pub fn tower_on_zero(rng: &mut GameRng) -> Vec<Placement> {
    let mut arrangement = random_arrangement(rng);
    for p in &mut arrangement {
        p.chips = if p.tile == 0 { 21 } else { 1 };
    }
    arrangement
}

/// The chips follow the tiles exactly: 0 gets 1 chip, 9 gets 5.
pub fn by_number(rng: &mut GameRng) -> Vec<Placement> {
    let mut arrangement = random_arrangement(rng);
    for p in &mut arrangement {
        p.chips = p.tile / 2 + 1;
    }
    arrangement
}

/// The other side's tiles not yet turned over at a showdown, of `colour`.
fn face_down(view: &BettingView, colour: Colour) -> Vec<u8> {
    let them = other(view.seat);
    let shown: Vec<u8> = view
        .history
        .iter()
        .filter_map(|r| r.tiles.map(|t| t[them]))
        .collect();
    (0..SLOTS as u8)
        .filter(|t| Colour::of(*t) == colour && !shown.contains(t))
        .collect()
}

/// What `mine` is expected to win a chip at stake against the other side's
/// face-down tiles of `colour`, each weighed by `chance`.
fn edge(view: &BettingView, mine: u8, colour: Colour, chance: impl Fn(u8) -> f64) -> f64 {
    let (mut win, mut lose, mut total) = (0.0, 0.0, 0.0);
    for tile in face_down(view, colour) {
        let c = chance(tile);
        total += c;
        if tile < mine {
            win += c;
        } else if tile > mine {
            lose += c;
        }
    }
    if total > 0.0 { (win - lose) / total } else { 0.0 }
}

/// How likely `stack` chips are on `tile` for a player whose twenty chips
/// over one each fall on tiles in proportion to (tile + 1)^power: the count
/// over one taken as Poisson.
fn stack_chance(tile: u8, stack: u8, power: f64) -> f64 {
    let total: f64 = (1..=SLOTS).map(|t| (t as f64).powf(power)).sum();
    let mean = 20.0 * f64::from(tile + 1).powf(power) / total;
    let over = i32::from(stack.saturating_sub(1));
    let log =
        f64::from(over) * mean.max(1e-9).ln() - mean - (1..=over).map(|k| f64::from(k).ln()).sum::<f64>();
    log.exp().max(1e-12)
}

/// Reads the other side's stacks by one or more models of how they stack,
/// each weighed by how well it explains their showdowns so far; matches when
/// the stack it could win, times its edge, is worth more than the chips a
/// fold gives away.
struct Reader {
    /// (power, prior weight).
    models: Vec<(f64, f64)>,
    rng: GameRng,
}

impl Reader {
    fn new(models: &[(f64, f64)], seed: u64) -> Reader {
        Reader {
            models: models.to_vec(),
            rng: GameRng::seed_from_u64(seed),
        }
    }

    /// Each model's weight after the showdowns seen.
    fn weights(&self, view: &BettingView) -> Vec<f64> {
        let them = other(view.seat);
        let mut weights: Vec<f64> = self.models.iter().map(|m| m.1).collect();
        for r in view.history.iter().filter(|r| r.outcome == SlotOutcome::Showdown) {
            if let Some(tiles) = r.tiles {
                for (w, &(power, _)) in weights.iter_mut().zip(&self.models) {
                    *w *= stack_chance(tiles[them], r.bets[them], power);
                }
            }
        }
        let total: f64 = weights.iter().sum();
        weights.iter().map(|w| w / total).collect()
    }
}

impl Bot<Betting> for Reader {
    fn choose(&mut self, view: &BettingView) -> BettingAction {
        if view.phase == Phase::Setup {
            // The single-model tracker stacks plainly; the Bayes reader
            // bluffs a third of its games with a low tile stacked high.
            let bluff = self.models.len() > 1 && self.rng.random_bool(0.35);
            let low = self.rng.random_range(0..3u8);
            return BettingAction::Arrange(stacked(&mut self.rng, |t| {
                let t = if bluff && t == low { 8 } else { t };
                f64::from(t + 1).powi(3)
            }));
        }
        let (Some(mine), Some(colours), Some(chips)) = (view.my_tile(), view.colours, view.chips) else {
            return BettingAction::Fold;
        };
        let them = other(view.seat);
        let weights = self.weights(view);
        let edge = edge(view, mine, colours[them], |tile| {
            self.models
                .iter()
                .zip(&weights)
                .map(|(&(power, _), w)| w * stack_chance(tile, chips[them], power))
                .sum()
        });
        if f64::from(chips[them]) * edge > -f64::from(chips[view.seat]) {
            BettingAction::Match(None)
        } else {
            BettingAction::Fold
        }
    }
}

/// One tall stack on a low tile every game, and its 9 stacked high too;
/// matches any gap of three or less, and any gap with a tile of 6 or more.
struct Bluffer(GameRng);

impl Bot<Betting> for Bluffer {
    fn choose(&mut self, view: &BettingView) -> BettingAction {
        if view.phase == Phase::Setup {
            let low = self.0.random_range(0..3u8);
            return BettingAction::Arrange(stacked(&mut self.0, |t| match t {
                t if t == low => 8.0,
                9 => 7.0,
                t => 1.0 + f64::from(t) / 3.0,
            }));
        }
        match (view.decision, view.my_tile()) {
            (Some(d), Some(tile)) if d.gap <= 3 || tile >= 6 => BettingAction::Match(None),
            _ => BettingAction::Fold,
        }
    }
}

/// Stacks by tile squared, and matches when its tile beats more of the
/// colour's face-down tiles than it loses to, whatever the stacks say.
struct Counter(GameRng);

impl Bot<Betting> for Counter {
    fn choose(&mut self, view: &BettingView) -> BettingAction {
        if view.phase == Phase::Setup {
            return BettingAction::Arrange(stacked(&mut self.0, |t| f64::from(t + 1).powi(2)));
        }
        let (Some(mine), Some(colours)) = (view.my_tile(), view.colours) else {
            return BettingAction::Fold;
        };
        let left = face_down(view, colours[other(view.seat)]);
        let beaten = left.iter().filter(|&&t| t < mine).count();
        let beating = left.iter().filter(|&&t| t > mine).count();
        if beaten > beating {
            BettingAction::Match(None)
        } else {
            BettingAction::Fold
        }
    }
}

/// Stacks five or six chips on each of its 7, 8 and 9 and about two on
/// the rest; it weighs a match by the chips at stake: matching a stack of `t` wins or
/// loses `t` at the showdown, by the share of the colour's face-down tiles
/// its tile beats or loses to, where a fold gives up the `m` it has on
/// the slot. It never reads a stack.
struct Odds(GameRng);

impl Bot<Betting> for Odds {
    fn choose(&mut self, view: &BettingView) -> BettingAction {
        if view.phase == Phase::Setup {
            return BettingAction::Arrange(stacked(&mut self.0, |t| if t >= 7 { 6.0 } else { 1.2 }));
        }
        let (Some(mine), Some(colours), Some(chips)) = (view.my_tile(), view.colours, view.chips) else {
            return BettingAction::Fold;
        };
        let me = view.seat;
        let left = face_down(view, colours[other(me)]);
        let n = left.len().max(1) as f64;
        let beaten = left.iter().filter(|&&t| t < mine).count() as f64 / n;
        let beating = left.iter().filter(|&&t| t > mine).count() as f64 / n;
        let (m, t) = (f64::from(chips[me]), f64::from(chips[other(me)]));
        if t * (beaten - beating) > -m {
            BettingAction::Match(None)
        } else {
            BettingAction::Fold
        }
    }
}

/// Three chips on every tile; matches only with a 7 or more, or a gap of
/// one chip.
struct Cautious(GameRng);

impl Bot<Betting> for Cautious {
    fn choose(&mut self, view: &BettingView) -> BettingAction {
        if view.phase == Phase::Setup {
            return BettingAction::Arrange(stacked(&mut self.0, |_| 1.0));
        }
        match (view.decision, view.my_tile()) {
            (Some(d), Some(tile)) if d.gap <= 1 || tile >= 7 => BettingAction::Match(None),
            _ => BettingAction::Fold,
        }
    }
}

/// A family of players for the counter-strategy search: chips stacked by
/// the tile to a power, now and then a low tile stacked high, and a match
/// whenever the edge a tile has over its colour's face-down tiles clears a
/// threshold.
struct Tuned {
    habits: Vec<f64>,
    rng: GameRng,
}

impl Tunable for Betting {
    fn habits() -> Vec<Habit> {
        let habit = Habit::new;
        vec![
            habit("power", 2.0, 1.0, 0.0, 6.0),
            habit("bluff", 0.2, 0.2, 0.0, 1.0),
            habit("bluff_height", 7.0, 2.0, 0.0, 9.0),
            habit("threshold", 0.0, 0.3, -1.5, 1.5),
            habit("read", 0.5, 0.3, 0.0, 1.0),
            habit("early_high", 0.5, 0.3, 0.0, 1.0),
        ]
    }

    fn tuned(habits: &[f64], seed: u64) -> Box<dyn Bot<Betting>> {
        Box::new(Tuned {
            habits: habits.to_vec(),
            rng: GameRng::seed_from_u64(seed),
        })
    }
}

impl Bot<Betting> for Tuned {
    fn choose(&mut self, view: &BettingView) -> BettingAction {
        let [power, bluff, height, threshold, read, early_high] = self.habits[..] else {
            unreachable!("six habits");
        };
        if view.phase == Phase::Setup {
            let low = self.rng.random_range(0..3u8);
            let bluffing = self.rng.random_bool(bluff);
            let mut arrangement = stacked(&mut self.rng, |t| {
                let t = if bluffing && t == low {
                    height
                } else {
                    f64::from(t)
                };
                (t + 1.0).powf(power)
            });
            // Some players bring their strong tiles early, to win chips to
            // match with later.
            if self.rng.random_bool(early_high) {
                arrangement.sort_by_key(|p| std::cmp::Reverse(p.tile));
                arrangement.rotate_left(self.rng.random_range(0..3));
            }
            return BettingAction::Arrange(arrangement);
        }
        let (Some(mine), Some(colours), Some(chips)) = (view.my_tile(), view.colours, view.chips) else {
            return BettingAction::Fold;
        };
        let them = other(view.seat);
        let edge = edge(view, mine, colours[them], |tile| {
            (1.0 - read) + read * stack_chance(tile, chips[them], 3.0)
        });
        let (stake, at_risk) = (f64::from(chips[them]), f64::from(chips[view.seat]));
        if stake * edge + at_risk > threshold * stake {
            BettingAction::Match(None)
        } else {
            BettingAction::Fold
        }
    }
}
