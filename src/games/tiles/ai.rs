//! The computer opponents for tiles. Every level chooses from its seat's
//! view alone.
//!
//! - Random: any tile in hand.
//! - Easy: a simple rule of thumb, and one move in three at random.
//! - Normal: counts the opponent's colours and reasons on the tiles a colour
//!   allows; wins small, throws low tiles into rounds it expects to lose.
//! - Hard: keeps an exact belief (every opponent hand still consistent with
//!   the colours and results seen) and scores each tile by its expected
//!   result, sampling hands from that belief and playing the rest of the game
//!   out with the Normal policy on both sides (determinized Monte Carlo).

use std::collections::HashMap;

use rand::{RngExt, SeedableRng, rngs::StdRng, seq::IndexedRandom};

use super::Tiles;
use super::rules::{Colour, ColourCount, Hand, ROUNDS, TilesAction, TilesView};
use crate::rules::{Bot, Level, Seat, other};

pub fn bot(level: Level, seed: u64) -> Box<dyn Bot<Tiles>> {
    let rng = StdRng::seed_from_u64(seed);
    match level {
        Level::Random => Box::new(RandomBot(rng)),
        Level::Easy => Box::new(EasyBot(rng)),
        Level::Normal => Box::new(NormalBot(rng)),
        Level::Hard => Box::new(HardBot {
            rng,
            rollouts: HARD_ROLLOUTS,
        }),
    }
}

/// Rollouts per candidate tile: about 10 ms a move on the CI machine.
const HARD_ROLLOUTS: usize = 160;

struct RandomBot(StdRng);

impl Bot<Tiles> for RandomBot {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        TilesAction {
            tile: *view.hand.choose(&mut self.0).expect("asked with tiles in hand"),
        }
    }
}

struct EasyBot(StdRng);

impl Bot<Tiles> for EasyBot {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        let hand = &view.hand;
        let tile = if self.0.random_bool(1.0 / 3.0) {
            *hand.choose(&mut self.0).expect("asked with tiles in hand")
        } else if let Some(led) = view.led.filter(|_| !view.is_leading()) {
            // Beat the middle of the led colour if it can, else throw the lowest.
            let middle = if led == Colour::Black { 4 } else { 3 };
            hand.iter().copied().find(|&t| t > middle).unwrap_or(hand[0])
        } else {
            hand[hand.len() / 2]
        };
        TilesAction { tile }
    }
}

struct NormalBot(StdRng);

impl Bot<Tiles> for NormalBot {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        let hand = Hand(view.hand.iter().fold(0, |m, &t| m | 1 << t));
        let led = view.led.filter(|_| !view.is_leading());
        TilesAction {
            tile: normal_policy(hand, view.opponent_left, led, &mut self.0),
        }
    }
}

/// How much a tile is worth keeping for later rounds, per pip.
const KEEP_WEIGHT: f64 = 0.45;

/// The Normal policy, on what any player knows: its own hand, the colours the
/// opponent has left and, when following, the colour led. It treats every
/// tile of a colour the opponent still holds as equally likely.
pub fn normal_policy(hand: Hand, opponent_left: ColourCount, led: Option<Colour>, rng: &mut StdRng) -> u8 {
    let keep = |t: u8| KEEP_WEIGHT * f64::from(t) / 8.0;
    let mut best = (f64::MIN, 0);
    for t in hand.tiles() {
        let value = match led {
            Some(colour) => {
                let values: Vec<u8> = (0..9).filter(|&v| Colour::of(v) == colour).collect();
                let n = values.len() as f64;
                let win = values.iter().filter(|&&v| t > v).count() as f64 / n;
                let draw = values.iter().filter(|&&v| t == v).count() as f64 / n;
                win + 0.5 * draw - keep(t)
            }
            None => {
                // The chance the opponent holds nothing higher, each tile of a
                // colour being held in proportion to that colour's count left.
                let held = |v: u8| match Colour::of(v) {
                    Colour::Black => f64::from(opponent_left.black) / 5.0,
                    Colour::White => f64::from(opponent_left.white) / 4.0,
                };
                let none_higher: f64 = (t + 1..9).map(|v| 1.0 - held(v)).product();
                none_higher + 0.5 * held(t) * none_higher - keep(t)
            }
        };
        let noisy = value + rng.random_range(0.0..0.08);
        if noisy > best.0 {
            best = (noisy, t);
        }
    }
    best.1
}

struct HardBot {
    rng: StdRng,
    rollouts: usize,
}

impl Bot<Tiles> for HardBot {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        if view.hand.len() == 1 {
            return TilesAction { tile: view.hand[0] };
        }
        let belief = Belief::from_view(view);
        let mine = Hand(view.hand.iter().fold(0, |m, &t| m | 1 << t));
        let following = view.led.filter(|_| !view.is_leading());
        let samples: Vec<(Hand, Option<u8>)> = (0..self.rollouts)
            .map(|_| {
                let theirs = belief.sample(&mut self.rng);
                let led = following.map(|colour| {
                    let options: Vec<u8> = theirs.tiles().filter(|&t| Colour::of(t) == colour).collect();
                    *options
                        .choose(&mut self.rng)
                        .expect("belief holds the led colour")
                });
                (theirs, led)
            })
            .collect();
        let me = view.seat;
        let mut best = (f64::MIN, view.hand[0]);
        for &t in &view.hand {
            let mut total = 0.0;
            for (i, &(theirs, led)) in samples.iter().enumerate() {
                let mut rollout_rng = StdRng::seed_from_u64(i as u64 ^ u64::from(view.round as u8) << 32);
                let mut game = Rollout {
                    hands: [Hand::default(); 2],
                    score: view.score,
                    leader: view.leader,
                    round: view.round,
                };
                game.hands[me] = mine;
                game.hands[other(me)] = theirs;
                let opp_tile = match led {
                    Some(x) => x,
                    None => {
                        let left = count(game.hands[me].without(t));
                        normal_policy(theirs, left, Some(Colour::of(t)), &mut rollout_rng)
                    }
                };
                game.settle(me, t, opp_tile);
                total += game.finish(me, &mut rollout_rng);
            }
            let mean = total / samples.len() as f64;
            if mean > best.0 {
                best = (mean, t);
            }
        }
        TilesAction { tile: best.1 }
    }
}

fn count(hand: Hand) -> ColourCount {
    ColourCount {
        black: hand.count(Colour::Black),
        white: hand.count(Colour::White),
    }
}

/// A full-information game played out quickly by the Normal policy.
struct Rollout {
    hands: [Hand; 2],
    score: [u8; 2],
    leader: Seat,
    round: usize,
}

impl Rollout {
    fn settle(&mut self, me: Seat, mine: u8, theirs: u8) {
        let tiles = if me == 0 { [mine, theirs] } else { [theirs, mine] };
        for s in [0, 1] {
            self.hands[s] = self.hands[s].without(tiles[s]);
        }
        if tiles[0] != tiles[1] {
            let w = usize::from(tiles[1] > tiles[0]);
            self.score[w] += 1;
            self.leader = w;
        }
        self.round += 1;
    }

    /// Plays to the end; returns the result for `me` (win 1, draw 0.5).
    fn finish(&mut self, me: Seat, rng: &mut StdRng) -> f64 {
        while self.round <= ROUNDS {
            let l = self.leader;
            let f = other(l);
            let lead = normal_policy(self.hands[l], count(self.hands[f]), None, rng);
            let follow = normal_policy(
                self.hands[f],
                count(self.hands[l].without(lead)),
                Some(Colour::of(lead)),
                rng,
            );
            let (mine, theirs) = if l == me { (lead, follow) } else { (follow, lead) };
            self.settle(me, mine, theirs);
        }
        let (a, b) = (self.score[me], self.score[other(me)]);
        if a > b {
            1.0
        } else if a == b {
            0.5
        } else {
            0.0
        }
    }
}

/// Every opponent hand still consistent with what this seat has seen, with
/// how many orders of play lead to it.
pub struct Belief {
    hands: Vec<(Hand, u32)>,
    total: u32,
}

impl Belief {
    pub fn from_view(view: &TilesView) -> Belief {
        let mut found: HashMap<Hand, u32> = HashMap::new();
        let mut hand = Hand::FULL;
        assign(view, 0, &mut hand, &mut found);
        let led = view.led.filter(|_| !view.is_leading());
        let mut hands: Vec<(Hand, u32)> = found
            .into_iter()
            .filter(|(h, _)| led.is_none_or(|c| h.count(c) > 0))
            .collect();
        hands.sort_by_key(|(h, _)| h.0);
        let total = hands.iter().map(|(_, n)| n).sum();
        Belief { hands, total }
    }

    pub fn hands(&self) -> impl Iterator<Item = Hand> + '_ {
        self.hands.iter().map(|(h, _)| *h)
    }

    fn sample(&self, rng: &mut StdRng) -> Hand {
        let mut pick = rng.random_range(0..self.total.max(1));
        for &(hand, n) in &self.hands {
            if pick < n {
                return hand;
            }
            pick -= n;
        }
        self.hands.last().map(|(h, _)| *h).unwrap_or(Hand::FULL)
    }
}

fn assign(view: &TilesView, i: usize, left: &mut Hand, found: &mut HashMap<Hand, u32>) {
    let Some(seen) = view.history.get(i) else {
        *found.entry(*left).or_default() += 1;
        return;
    };
    let me = view.seat;
    for o in left.tiles().filter(|&o| Colour::of(o) == seen.theirs) {
        let fits = match seen.winner {
            None => o == seen.mine,
            Some(w) if w == me => seen.mine > o,
            Some(_) => o > seen.mine,
        };
        if fits {
            let before = *left;
            *left = left.without(o);
            assign(view, i + 1, left, found);
            *left = before;
        }
    }
}
