//! The computer opponents for tiles. Every level chooses from its seat's
//! view alone, and all but Random score each tile with the same solver
//! (solver.rs): the exact value of the rest of the game when both hands are
//! known, averaged over the opponent hands the level believes possible.
//!
//! - Random: any tile in hand (the arena's yardstick).
//! - Easy: believes any hand with the right colour counts, plays for points
//!   against an imagined random opponent, misjudges a little, and makes
//!   three moves in ten at random.
//! - Normal: counts colours and tiles left the same way, without the random
//!   moves.
//! - Hard: keeps the exact belief (every opponent hand still consistent with
//!   the colours and results seen, weighted by how many orders of play lead
//!   to it); models its opponent as part random player, part a player who
//!   counts colours (whose move it predicts for each hand); and with seven
//!   tiles or fewer in hand plays for the game's result given the score
//!   rather than for points. This is search over the belief (determinized
//!   expectimax with an opponent model), not CFR.

use std::collections::HashMap;

use crate::rules::GameRng;
use rand::{RngExt, SeedableRng, seq::IndexedRandom};

use super::rules::Tiles;
use super::rules::{Colour, Hand, TilesAction, TilesView};
use super::solver::{Position, Solver, colour_mask};
use crate::rules::{Bot, Considered, Level, Thought, other};

pub fn bot(level: Level, seed: u64) -> Box<dyn Bot<Tiles>> {
    let rng = GameRng::seed_from_u64(seed);
    let (belief, endgame, mistakes, noise, random_share) = match level {
        Level::Random => return Box::new(RandomBot(rng)),
        Level::Easy => (BeliefKind::ByColour, 0, EASY_MISTAKES, 0.3, 1.0),
        Level::Normal => (BeliefKind::ByColour, 0, NORMAL_MISTAKES, 0.15, 1.0),
        Level::Hard => (BeliefKind::Exact, HARD_ENDGAME, 0.0, 0.002, HARD_RANDOM_SHARE),
    };
    Box::new(SolverBot {
        rng,
        belief,
        mistakes,
        noise,
        random_share,
        solver: Solver::new(endgame),
        model: Solver::new(0),
        thought: None,
    })
}

/// The share of Easy's and Normal's moves made at random.
const EASY_MISTAKES: f64 = 0.3;
const NORMAL_MISTAKES: f64 = 0.0;
/// How much of Hard's model of its opponent is a random player; the rest is
/// a player who counts colours.
const HARD_RANDOM_SHARE: f32 = 0.8;
/// Hard plays for the result with this many tiles or fewer in hand: the
/// exact search stays under 100 ms a move in the release build.
const HARD_ENDGAME: usize = 7;

struct RandomBot(GameRng);

impl Bot<Tiles> for RandomBot {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        TilesAction {
            tile: *view.hand.choose(&mut self.0).expect("asked with tiles in hand"),
        }
    }
}

#[derive(Clone, Copy)]
enum BeliefKind {
    /// Any hand with the opponent's colour counts, all equally likely.
    ByColour,
    /// Only hands consistent with every colour and result seen.
    Exact,
}

struct SolverBot {
    rng: GameRng,
    belief: BeliefKind,
    mistakes: f64,
    /// Random jitter added to each tile's value, so that near-equal tiles
    /// are chosen unpredictably (and weaker levels misjudge a little).
    noise: f32,
    /// The share of a random player in its model of the opponent; the rest
    /// is a player who counts colours.
    random_share: f32,
    solver: Solver,
    /// Values for predicting a counting opponent, who plays for points.
    model: Solver,
    /// Its reasoning for the last choice.
    thought: Option<Thought>,
}

impl Bot<Tiles> for SolverBot {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        if view.hand.len() == 1 || self.rng.random_bool(self.mistakes) {
            let tile = *view.hand.choose(&mut self.rng).expect("asked with tiles in hand");
            let why = if view.hand.len() == 1 {
                "its last tile"
            } else {
                "a tile at random (a slip it makes on purpose)"
            };
            self.thought = Some(Thought::ranked(why.into(), Vec::new(), 0));
            return TilesAction { tile };
        }
        let belief = match self.belief {
            BeliefKind::ByColour => Belief::by_colour(view),
            BeliefKind::Exact => Belief::from_view(view),
        };
        let mine = Hand(view.hand.iter().fold(0, |m, &t| m | 1 << t));
        let following = view.led.filter(|_| !view.is_leading());
        let me = view.seat;
        let lead_by = view.score[me] as i8 - view.score[other(me)] as i8;
        // What a counting opponent would play with each hand: it leads
        // knowing my colour counts, or answers the colour of my tile.
        let mut counting: HashMap<(Hand, Option<Colour>), u8> = HashMap::new();
        // The hands such a player thinks I may hold: the same for every guess.
        let my_hands: Vec<Hand> = if self.random_share < 1.0 {
            Hand::with_counts(mine.count(Colour::Black), mine.count(Colour::White)).collect()
        } else {
            Vec::new()
        };
        let mut best = (f32::MIN, view.hand[0]);
        let mut weighed = Vec::new();
        for &t in &view.hand {
            let (mut total, mut weight) = (0.0, 0.0);
            for (theirs, count) in belief.weighted() {
                let at = Position {
                    mine,
                    theirs,
                    i_lead: following.is_none(),
                    lead_by,
                };
                let count = count as f32;
                // A random opponent: leads colour c with chance |c| / |hand|,
                // then any tile of it; answers with any tile.
                let options = match following {
                    Some(colour) => Hand(theirs.0 & colour_mask(colour)),
                    None => theirs,
                };
                let w = count * self.random_share * options.len() as f32 / theirs.len() as f32;
                total += w * self.solver.play(at, t, options);
                weight += w;
                if self.random_share < 1.0 {
                    let answers = following.is_none().then(|| Colour::of(t));
                    let x = *counting.entry((theirs, answers)).or_insert_with(|| {
                        counting_choice(&mut self.model, theirs, &my_hands, answers, -lead_by)
                    });
                    if following.is_none_or(|c| Colour::of(x) == c) {
                        let w = count * (1.0 - self.random_share);
                        total += w * self.solver.meet(at, t, x);
                        weight += w;
                    }
                }
            }
            let value = total / weight + self.rng.random_range(0.0..=self.noise);
            weighed.push(Considered {
                option: format!("tile {t}"),
                value: f64::from(value),
            });
            if value > best.0 {
                best = (value, t);
            }
        }
        let belief = format!(
            "{} hands the other side may hold; it plays as a random player {:.0}% of the time",
            belief.hands().count(),
            self.random_share * 100.0
        );
        self.thought = Some(Thought::ranked(belief, weighed, 4));
        TilesAction { tile: best.1 }
    }

    fn thought(&self) -> Option<Thought> {
        self.thought.clone()
    }
}

/// The tile a player who counts colours plays with `hand`, against an
/// opponent whose hand it knows only by colour counts (`possible`: every
/// hand with those counts), leading or answering a tile of colour
/// `answering`.
fn counting_choice(
    solver: &mut Solver,
    hand: Hand,
    possible: &[Hand],
    answering: Option<Colour>,
    lead_by: i8,
) -> u8 {
    let mut best = (f32::MIN, hand.tiles().next().unwrap_or(0));
    for y in hand.tiles() {
        let (mut total, mut weight) = (0.0, 0.0);
        for &theirs in possible {
            let options = match answering {
                Some(colour) => Hand(theirs.0 & colour_mask(colour)),
                None => theirs,
            };
            if options.is_empty() {
                continue;
            }
            let at = Position {
                mine: hand,
                theirs,
                i_lead: answering.is_none(),
                lead_by,
            };
            let w = options.len() as f32 / theirs.len() as f32;
            total += w * solver.play(at, y, options);
            weight += w;
        }
        let value = total / weight.max(f32::MIN_POSITIVE);
        if value > best.0 {
            best = (value, y);
        }
    }
    best.1
}

/// Every opponent hand still consistent with what this seat has seen, with
/// how many orders of play lead to it.
pub struct Belief {
    hands: Vec<(Hand, u32)>,
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
        Belief { hands }
    }

    /// Every hand with the colour counts the opponent has left (the tile it
    /// has just led still in it), each once: what counting colours alone
    /// allows.
    pub fn by_colour(view: &TilesView) -> Belief {
        let led = view.led.filter(|_| !view.is_leading());
        let mut left = view.opponent_left;
        match led {
            Some(Colour::Black) => left.black += 1,
            Some(Colour::White) => left.white += 1,
            None => {}
        }
        let hands = Hand::with_counts(left.black, left.white)
            .map(|h| (h, 1))
            .collect();
        Belief { hands }
    }

    pub fn hands(&self) -> impl Iterator<Item = Hand> + '_ {
        self.hands.iter().map(|(h, _)| *h)
    }

    /// Each hand with the number of orders of play that lead to it.
    pub fn weighted(&self) -> impl Iterator<Item = (Hand, u32)> + '_ {
        self.hands.iter().copied()
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
