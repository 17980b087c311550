//! Tiles' population: a tracker that keeps every hand the other side may
//! hold and plays its best reply in expected points to a player who plays
//! at random; a reader that weighs three ways of playing by Bayes from the
//! colours and results seen; a bluffer that leads its 0 early as bait; two
//! plain players who count colours; and three tricks. Held out from Hard's
//! tuning: a sampler that plays each tile out against the hands that fit,
//! and the solved strategy of `tiles_regret.rs`.
//!
//! Their account of the hands and their table of values are their own:
//! nothing here calls the levels' belief or solver.

use std::collections::HashMap;
use std::sync::OnceLock;

use rand::{RngExt, SeedableRng, seq::IndexedRandom};

use super::tiles_regret::Solved;
use super::{Habit, Member, Population, Tunable};
use crate::games::tiles::engine::{Tiles, TilesAction, TilesView};
use crate::rules::{Bot, Colour, GameRng};

impl Population for Tiles {
    fn members() -> Vec<Member<Tiles>> {
        vec![
            Member {
                name: "tracker",
                held_out: false,
                about: "every hand the other side may hold, each as likely; best reply in points to a random player",
                make: |seed| Box::new(Reader::new(&[(Style::Random, 1.0)], seed)),
            },
            Member {
                name: "bayes",
                held_out: false,
                about: "weighs a random, a high-first and a low-first player by Bayes; best reply to the mixture",
                make: |seed| {
                    Box::new(Reader::new(
                        &[
                            (Style::Random, 0.4),
                            (Style::HighFirst, 0.3),
                            (Style::LowFirst, 0.3),
                        ],
                        seed,
                    ))
                },
            },
            Member {
                name: "regret",
                about: "a strategy of its own solved by regret minimisation on its tiles, their black tiles left and the score; draws each tile by its chance",
                held_out: true,
                make: |seed| Box::new(Solved::new(super::tiles_regret::shipped(), seed)),
            },
            Member {
                name: "sampler",
                about: "draws hands the other side may hold, plays each tile out against them at random, plays the one that wins most",
                held_out: true,
                make: |seed| Box::new(Sampler::new(seed)),
            },
            Member {
                name: "bluffer",
                held_out: false,
                about: "leads its 0 early as bait, then its highest; answers with the least tile that beats the colour",
                make: |seed| Box::new(Bluffer(GameRng::seed_from_u64(seed))),
            },
            Member {
                name: "counter",
                held_out: false,
                about: "counts colours: answers with the least tile over every tile of the colour they may hold, else throws its lowest; leads its middle tile",
                make: |_| Box::new(Counter),
            },
            Member {
                name: "greedy",
                held_out: false,
                about: "answers with the least tile that beats the colour's average left, else its lowest; leads its highest",
                make: |_| Box::new(Greedy),
            },
            Member {
                name: "highest",
                held_out: false,
                about: "always plays its highest tile",
                make: |_| Box::new(Trick(|hand, _| hand[hand.len() - 1])),
            },
            Member {
                name: "lowest",
                held_out: false,
                about: "always plays its lowest tile",
                make: |_| Box::new(Trick(|hand, _| hand[0])),
            },
            Member {
                name: "same-colour",
                held_out: false,
                about: "answers with its highest tile of the colour led (else its lowest); leads its lowest",
                make: |_| {
                    Box::new(Trick(|hand, led| {
                        led.and_then(|c| hand.iter().rev().find(|&&t| Colour::of(t) == c).copied())
                            .unwrap_or(hand[0])
                    }))
                },
            },
        ]
    }
}

/// Plays a fixed rule of its hand (sorted) and the colour led, if any.
struct Trick(fn(&[u8], Option<Colour>) -> u8);

impl Bot<Tiles> for Trick {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        let led = view.led.filter(|_| !view.is_leading());
        TilesAction {
            tile: (self.0)(&view.hand, led),
        }
    }
}

/// The tiles of `colour` the other side has not shown that colour for yet:
/// what counting colours allows (the highest first).
fn unplayed_of(view: &TilesView, colour: Colour) -> Vec<u8> {
    let played = view.history.iter().filter(|r| r.theirs == colour).count();
    let all: Vec<u8> = (0..9u8).rev().filter(|&t| Colour::of(t) == colour).collect();
    // Counting colours tells how many are left, not which: the highest
    // that many may still be there.
    all[..all.len() - played].to_vec()
}

/// Answers with the least tile over every tile of the colour the other side
/// could still hold, or throws its lowest; leads its middle tile.
struct Counter;

impl Bot<Tiles> for Counter {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        let hand = &view.hand;
        let tile = match view.led.filter(|_| !view.is_leading()) {
            None => hand[hand.len() / 2],
            Some(colour) => {
                let top = unplayed_of(view, colour).first().copied().unwrap_or(0);
                hand.iter().copied().find(|&t| t > top).unwrap_or(hand[0])
            }
        };
        TilesAction { tile }
    }
}

/// Answers with the least tile over the average of the colour's tiles it
/// has not seen, or throws its lowest; leads its highest.
struct Greedy;

impl Bot<Tiles> for Greedy {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        let hand = &view.hand;
        let tile = match view.led.filter(|_| !view.is_leading()) {
            None => hand[hand.len() - 1],
            Some(colour) => {
                let left = unplayed_of(view, colour);
                let average = left.iter().map(|&t| f64::from(t)).sum::<f64>() / left.len().max(1) as f64;
                hand.iter()
                    .copied()
                    .find(|&t| f64::from(t) > average)
                    .unwrap_or(hand[0])
            }
        };
        TilesAction { tile }
    }
}

/// How many games the sampler plays out for each tile it may play.
const PLAYOUTS: usize = 150;

/// Flat Monte Carlo over what the other side may hold: it draws their
/// hand from every hand that fits the colours and results seen (each as
/// likely), plays each of its tiles and the rest of the game out with both
/// sides at random, and plays the tile that wins most often.
struct Sampler {
    reader: Reader,
    rng: GameRng,
}

impl Sampler {
    fn new(seed: u64) -> Sampler {
        Sampler {
            reader: Reader::new(&[(Style::Random, 1.0)], seed),
            rng: GameRng::seed_from_u64(seed ^ 0x5a5a),
        }
    }

    /// One game played out from `view` with their hand `theirs` (the tile
    /// they led among it) and my tile `t`: 1 a win, 0.5 a draw, 0 a loss.
    fn play_out(&mut self, view: &TilesView, theirs: Bits, t: u8) -> f64 {
        let me = view.seat;
        let mut lead_by = i32::from(view.score[me]) - i32::from(view.score[1 - me]);
        let mut mine = bits(&view.hand);
        let mut theirs = theirs;
        let answered = view.led.filter(|_| !view.is_leading());
        let u = match answered {
            Some(colour) => self.any(theirs, |x| Colour::of(x) == colour),
            None => self.any(theirs, |_| true),
        };
        let mut first = Some((t, u));
        while mine != 0 {
            let (a, b) = match first.take() {
                Some(round) => round,
                None => (self.any(mine, |_| true), self.any(theirs, |_| true)),
            };
            mine &= !(1 << a);
            theirs &= !(1 << b);
            lead_by += i32::from(a > b) - i32::from(a < b);
        }
        0.5 + 0.5 * f64::from(lead_by.signum())
    }

    /// Any tile of `hand` that `fits`, each as likely.
    fn any(&mut self, hand: Bits, fits: impl Fn(u8) -> bool) -> u8 {
        let tiles: Vec<u8> = tiles_of(hand).filter(|&x| fits(x)).collect();
        *tiles.choose(&mut self.rng).expect("a tile that fits")
    }
}

impl Bot<Tiles> for Sampler {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        let mut hands: Vec<Bits> = self.reader.hands(view).into_keys().collect();
        hands.sort_unstable();
        let mut best = (f64::MIN, view.hand[0]);
        for &t in &view.hand {
            let mut won = 0.0;
            for _ in 0..PLAYOUTS {
                let theirs = *hands.choose(&mut self.rng).expect("a hand fits what was seen");
                won += self.play_out(view, theirs, t);
            }
            if won > best.0 {
                best = (won, t);
            }
        }
        TilesAction { tile: best.1 }
    }
}

/// A set of tiles as bits.
type Bits = u16;

fn bits(tiles: &[u8]) -> Bits {
    tiles.iter().fold(0, |b, &t| b | 1 << t)
}

fn tiles_of(hand: Bits) -> impl Iterator<Item = u8> {
    (0..9u8).filter(move |t| hand & (1 << t) != 0)
}

/// 1 if `a` beats `b`, -1 if it loses, 0 for a draw.
fn points(a: u8, b: u8) -> f32 {
    f32::from(i8::from(a > b) - i8::from(a < b))
}

/// The expected point difference from here on with both hands known,
/// against a player who plays any of its tiles at random, answering as
/// well as the colour led allows: every pair of equal-sized hands, each
/// with either side leading.
fn values() -> &'static [f32] {
    static VALUES: OnceLock<Vec<f32>> = OnceLock::new();
    VALUES.get_or_init(|| {
        let mut v = vec![0.0f32; 1 << 19];
        let mut hands: Vec<Bits> = (0..1u16 << 9).collect();
        hands.sort_by_key(|h| h.count_ones());
        for &mine in &hands {
            for &theirs in hands.iter().filter(|h| h.count_ones() == mine.count_ones()) {
                if mine == 0 {
                    continue;
                }
                for lead in [true, false] {
                    let value = if lead {
                        tiles_of(mine)
                            .map(|t| reply_value(&v, mine, theirs, t))
                            .fold(f32::MIN, f32::max)
                    } else {
                        [Colour::Black, Colour::White]
                            .into_iter()
                            .map(|c| {
                                let led: Vec<u8> = tiles_of(theirs).filter(|&u| Colour::of(u) == c).collect();
                                if led.is_empty() {
                                    return 0.0;
                                }
                                let best = tiles_of(mine)
                                    .map(|t| answer_value(&v, mine, theirs, t, &led))
                                    .fold(f32::MIN, f32::max);
                                best * led.len() as f32 / theirs.count_ones() as f32
                            })
                            .sum()
                    };
                    v[index(mine, theirs, lead)] = value;
                }
            }
        }
        v
    })
}

fn index(mine: Bits, theirs: Bits, lead: bool) -> usize {
    (usize::from(mine) << 10) | (usize::from(theirs) << 1) | usize::from(lead)
}

/// After a round of `t` against `u`: its points and the rest's value.
fn settle(v: &[f32], mine: Bits, theirs: Bits, t: u8, u: u8, i_led: bool) -> f32 {
    let p = points(t, u);
    let lead = if p == 0.0 { i_led } else { p > 0.0 };
    p + v[index(mine & !(1 << t), theirs & !(1 << u), lead)]
}

/// Leading `t` against a random answer.
fn reply_value(v: &[f32], mine: Bits, theirs: Bits, t: u8) -> f32 {
    let n = theirs.count_ones() as f32;
    tiles_of(theirs)
        .map(|u| settle(v, mine, theirs, t, u, true))
        .sum::<f32>()
        / n
}

/// Answering with `t` a tile that is one of `led`, each as likely.
fn answer_value(v: &[f32], mine: Bits, theirs: Bits, t: u8, led: &[u8]) -> f32 {
    led.iter()
        .map(|&u| settle(v, mine, theirs, t, u, false))
        .sum::<f32>()
        / led.len() as f32
}

/// A way the other side might choose its tile.
#[derive(Clone, Copy)]
enum Style {
    Random,
    HighFirst,
    LowFirst,
}

impl Style {
    /// The chance it plays `tile` from `hand`, leading or answering `led`.
    fn chance(self, hand: Bits, tile: u8) -> f64 {
        let weight = |t: u8| match self {
            Style::Random => 1.0,
            Style::HighFirst => 2f64.powi(i32::from(t)),
            Style::LowFirst => 2f64.powi(-i32::from(t)),
        };
        weight(tile) / tiles_of(hand).map(weight).sum::<f64>()
    }
}

/// The other side's hands as this seat can tell them, each weighed by how
/// likely every style made the plays that lead to it.
struct Reader {
    styles: Vec<(Style, f64)>,
    rng: GameRng,
}

impl Reader {
    fn new(styles: &[(Style, f64)], seed: u64) -> Reader {
        Reader {
            styles: styles.to_vec(),
            rng: GameRng::seed_from_u64(seed),
        }
    }

    /// Every hand they may hold now (with the tile just led, if they led),
    /// with its weight under each style.
    fn hands(&self, view: &TilesView) -> HashMap<Bits, Vec<f64>> {
        let mut found: HashMap<Bits, Vec<f64>> = HashMap::new();
        let start = vec![1.0; self.styles.len()];
        self.walk(view, 0, 0b1_1111_1111, start, &mut found);
        found
    }

    fn walk(
        &self,
        view: &TilesView,
        round: usize,
        hand: Bits,
        weights: Vec<f64>,
        found: &mut HashMap<Bits, Vec<f64>>,
    ) {
        let Some(seen) = view.history.get(round) else {
            let entry = found.entry(hand).or_insert_with(|| vec![0.0; weights.len()]);
            // The tracker counts each hand once; the styles weigh the plays.
            for (e, w) in entry.iter_mut().zip(&weights) {
                *e = if self.styles.len() == 1 { 1.0 } else { *e + w };
            }
            return;
        };
        let me = view.seat;
        for u in tiles_of(hand).filter(|&u| Colour::of(u) == seen.theirs) {
            let fits = match seen.winner {
                None => u == seen.mine,
                Some(w) if w == me => u < seen.mine,
                Some(_) => u > seen.mine,
            };
            if fits {
                let next: Vec<f64> = weights
                    .iter()
                    .zip(&self.styles)
                    .map(|(w, (style, _))| w * style.chance(hand, u))
                    .collect();
                self.walk(view, round + 1, hand & !(1 << u), next, found);
            }
        }
    }
}

impl Bot<Tiles> for Reader {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        let v = values();
        let mine = bits(&view.hand);
        let led = view.led.filter(|_| !view.is_leading());
        let hands = self.hands(view);
        // Each style's weight is its prior times how well it explains the
        // plays: the sum over hands.
        let evidence: Vec<f64> = (0..self.styles.len())
            .map(|s| self.styles[s].1 * hands.values().map(|w| w[s]).sum::<f64>())
            .collect();
        let total: f64 = evidence.iter().sum();
        let mut best = (f64::MIN, Vec::new());
        for t in tiles_of(mine) {
            let mut value = 0.0;
            for (&theirs, weights) in &hands {
                let options: Vec<u8> = match led {
                    Some(c) => tiles_of(theirs).filter(|&u| Colour::of(u) == c).collect(),
                    None => tiles_of(theirs).collect(),
                };
                for (s, (style, _)) in self.styles.iter().enumerate() {
                    let w = weights[s] * evidence[s] / total;
                    if w == 0.0 {
                        continue;
                    }
                    let picks: f64 = options.iter().map(|&u| style.chance(theirs, u)).sum();
                    for &u in &options {
                        let p = style.chance(theirs, u) / picks;
                        value += w * p * f64::from(settle(v, mine, theirs, t, u, led.is_none()));
                    }
                }
            }
            if value > best.0 + 1e-9 {
                best = (value, vec![t]);
            } else if value > best.0 - 1e-9 {
                best.1.push(t);
            }
        }
        TilesAction {
            tile: *best.1.choose(&mut self.rng).expect("a tile in hand"),
        }
    }
}

/// Leads its 0 in the first three rounds as bait, else its highest; answers
/// with the least tile that beats every tile of the colour led the other
/// side may still hold, or throws its lowest.
struct Bluffer(GameRng);

impl Bot<Tiles> for Bluffer {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        let hand = &view.hand;
        let tile = match view.led.filter(|_| !view.is_leading()) {
            None if view.round <= 3 && hand.contains(&0) && self.0.random_bool(0.7) => 0,
            None => hand[hand.len() - 1],
            Some(colour) => {
                let shown = view.history.iter().filter(|r| r.theirs == colour).count();
                let theirs_left = (0..9u8).filter(|&t| Colour::of(t) == colour).count() - shown;
                // The highest of the colour they could hold, if they kept their best.
                let top = (0..9u8)
                    .rev()
                    .filter(|&t| Colour::of(t) == colour)
                    .nth(0)
                    .unwrap_or(8);
                let target = if theirs_left <= 1 {
                    top.saturating_sub(2)
                } else {
                    top
                };
                hand.iter().copied().find(|&t| t > target).unwrap_or(hand[0])
            }
        };
        TilesAction { tile }
    }
}

/// A family of players for the counter-strategy search: how often it leads
/// high, baits with its 0, answers with the least sure winner, and plays at
/// random.
struct Tuned {
    habits: Vec<f64>,
    rng: GameRng,
}

impl Tunable for Tiles {
    fn habits() -> Vec<Habit> {
        let habit = |name, start, step| Habit::new(name, start, step, 0.0, 1.0);
        vec![
            habit("lead_high", 0.5, 0.25),
            habit("bait", 0.3, 0.25),
            habit("answer_sure", 0.5, 0.25),
            habit("answer_low", 0.5, 0.25),
            habit("random", 0.2, 0.2),
        ]
    }

    fn tuned(habits: &[f64], seed: u64) -> Box<dyn Bot<Tiles>> {
        Box::new(Tuned {
            habits: habits.to_vec(),
            rng: GameRng::seed_from_u64(seed),
        })
    }
}

impl Bot<Tiles> for Tuned {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        let [lead_high, bait, answer_sure, answer_low, random] = self.habits[..] else {
            unreachable!("five habits");
        };
        let hand = &view.hand;
        let (low, high) = (hand[0], hand[hand.len() - 1]);
        let tile = if self.rng.random_bool(random) {
            *hand.choose(&mut self.rng).expect("a tile in hand")
        } else {
            match view.led.filter(|_| !view.is_leading()) {
                None if hand.contains(&0) && self.rng.random_bool(bait) => 0,
                None if self.rng.random_bool(lead_high) => high,
                None => *hand.choose(&mut self.rng).expect("a tile in hand"),
                Some(colour) => {
                    let top = (0..9u8).rev().find(|&t| Colour::of(t) == colour).unwrap_or(8);
                    match hand.iter().copied().find(|&t| t > top) {
                        Some(sure) if self.rng.random_bool(answer_sure) => sure,
                        _ if self.rng.random_bool(answer_low) => low,
                        _ => *hand.choose(&mut self.rng).expect("a tile in hand"),
                    }
                }
            }
        };
        TilesAction { tile }
    }
}
