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
//!   expectimax with an opponent model), not CFR. Its choice is mixed:
//!   each round is solved as a small game (a restricted Nash response,
//!   rules/restricted_response.rs) in which the other side plays as the
//!   model predicts with a chance that rises with the evidence for a
//!   habit (`HARD_TRUST` to `HARD_TRUST_HABITUAL`) and otherwise answers Hard's
//!   strategy as well as it can from any hand Hard believes it may hold,
//!   so that a player who knows its code reads little of its hand; and it
//!   trusts its read of the other side's habits only half way
//!   (`HARD_PRIOR_KEPT`).

use std::collections::HashMap;

use crate::rules::GameRng;
use rand::{RngExt, SeedableRng, seq::IndexedRandom};

use super::rules::Tiles;
use super::rules::{Colour, Hand, TilesAction, TilesView};
use super::solver::{Position, Solver, colour_mask};
use crate::rules::best_response::Policy;
use crate::rules::restricted_response::{Free, above_floor, solve};
use crate::rules::{Bot, Bots, Considered, Level, Thought, draw_by_weight, other, think_through};

impl Bots for Tiles {
    fn bot(level: Level, seed: u64) -> Box<dyn Bot<Self>> {
        bot(level, seed)
    }
}

pub fn bot(level: Level, seed: u64) -> Box<dyn Bot<Tiles>> {
    match level {
        Level::Random => Box::new(RandomBot(GameRng::seed_from_u64(seed))),
        _ => Box::new(solver_bot(level, seed)),
    }
}

/// The player of a level that searches (all but Random, which `bot`
/// makes without one).
fn solver_bot(level: Level, seed: u64) -> SolverBot {
    let rng = GameRng::seed_from_u64(seed);
    let (belief, endgame, mistakes, noise, random_share) = match level {
        Level::Random | Level::Easy => (BeliefKind::ByColour, 0, EASY_MISTAKES, 0.3, 1.0),
        Level::Normal => (BeliefKind::ByColour, 0, NORMAL_MISTAKES, 0.15, 1.0),
        Level::Hard => (BeliefKind::Exact, HARD_ENDGAME, 0.0, 0.0, HARD_RANDOM_SHARE),
    };
    SolverBot {
        rng,
        belief,
        mistakes,
        noise,
        random_share,
        solver: Solver::new(endgame),
        model: Solver::new(0),
        habits: std::array::from_fn(|h| match (h, level) {
            (0, Level::Hard) => HARD_RANDOM_HABIT,
            (_, Level::Hard) => (1.0 - HARD_RANDOM_HABIT) / (HABITS.len() - 1) as f64,
            (0, _) => 1.0,
            _ => 0.0,
        }),
        thought: None,
        weighing: None,
        solves: level == Level::Hard,
    }
}

/// The share of Easy's and Normal's moves made at random.
const EASY_MISTAKES: f64 = 0.45;
const NORMAL_MISTAKES: f64 = 0.0;
/// How much of Hard's model of its opponent is a random player; the rest is
/// a player who counts colours.
const HARD_RANDOM_SHARE: f32 = 0.8;
/// The chance that the other side plays as Hard's model predicts, in the
/// round's solve; with the rest it answers Hard's strategy as well as it
/// can (docs/tiles-opponents.md has the trade measured).
const HARD_TRUST: f64 = 0.5;
/// The trust in a model whose habits explain the plays seen without a
/// doubt (`SolverBot::trust`).
const HARD_TRUST_HABITUAL: f64 = 0.9;
/// Regret-matching steps of the round's solve.
const HARD_STEPS: usize = 200;
/// Tiles the solve plays less often than this are dropped.
const HARD_FLOOR: f64 = 0.02;
/// The least share of its prior that Hard keeps in its model of the other
/// side's habits however the plays seen fit one: a safe exploitation,
/// wrong about a player who has none of the nine habits at little cost.
const HARD_PRIOR_KEPT: f64 = 0.5;
/// Hard's prior weight of a random (or colour-counting) player; the other
/// habits share the rest.
const HARD_RANDOM_HABIT: f64 = 0.7;
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
    /// The prior weight of each habit it weighs, in `HABITS`'s order.
    habits: [f64; HABITS.len()],
    /// Its reasoning for the last choice.
    thought: Option<Thought>,
    /// The choice it is weighing, a tile at a time.
    weighing: Option<Weighing>,
    /// Whether it solves each round for a mixed choice (Hard); without,
    /// it plays the best tile.
    solves: bool,
}

/// A choice being weighed, a tile at a time: what the view tells, and the
/// tiles weighed so far.
struct Weighing {
    view: TilesView,
    slip: bool,
    /// What each habit's chances are multiplied by (`habit_weights`).
    habit_weight: [f64; HABITS.len()],
    /// How far the round's solve trusts the model (`SolverBot::trust`).
    trust: f64,
    belief: Belief,
    mine: Hand,
    following: Option<Colour>,
    lead_by: i8,
    /// What a counting opponent would play with each hand: it leads
    /// knowing my colour counts, or answers the colour of my tile.
    counting: HashMap<(Hand, Option<Colour>), u8>,
    /// The hands such a player thinks I may hold: the same for every guess.
    my_hands: Vec<Hand>,
    /// The tiles weighed so far, in the hand's order.
    weighed: Vec<Considered>,
}

impl SolverBot {
    fn start_weighing(&mut self, view: &TilesView) -> Weighing {
        let slip = self.rng.random_bool(self.mistakes);
        let belief = match self.belief {
            BeliefKind::ByColour => Belief::by_colour(view),
            BeliefKind::Exact => Belief::from_view(view),
        };
        let mine = Hand(view.hand.iter().fold(0, |m, &t| m | 1 << t));
        let me = view.seat;
        let my_hands: Vec<Hand> = if self.random_share < 1.0 {
            Hand::with_counts(mine.count(Colour::Black), mine.count(Colour::White)).collect()
        } else {
            Vec::new()
        };
        let (fits, posteriors) = self.posteriors(&belief);
        let habit_weight = self.habit_weights(&fits, &posteriors);
        Weighing {
            view: view.clone(),
            slip,
            habit_weight,
            trust: self.trust(&posteriors),
            belief,
            mine,
            following: view.led.filter(|_| !view.is_leading()),
            lead_by: view.score[me] as i8 - view.score[other(me)] as i8,
            counting: HashMap::new(),
            my_hands,
            weighed: Vec::new(),
        }
    }

    /// What each habit's chances of the plays seen are multiplied by: its
    /// posterior, kept `HARD_PRIOR_KEPT` of the way to its prior, over how
    /// well it explains the plays (so that the hands' weights under it sum
    /// to that share).
    fn habit_weights(
        &self,
        fits: &[f64; HABITS.len()],
        posteriors: &[f64; HABITS.len()],
    ) -> [f64; HABITS.len()] {
        std::array::from_fn(|h| {
            if fits[h] <= 0.0 {
                return 0.0;
            }
            let kept = (1.0 - HARD_PRIOR_KEPT) * posteriors[h] + HARD_PRIOR_KEPT * self.habits[h];
            kept / fits[h]
        })
    }

    /// How well each habit explains the plays seen (the chance of them,
    /// summed over the hands), and its posterior by Bayes.
    fn posteriors(&self, belief: &Belief) -> ([f64; HABITS.len()], [f64; HABITS.len()]) {
        let fits: [f64; HABITS.len()] = std::array::from_fn(|h| belief.weighted().map(|(_, c)| c[h]).sum());
        let total: f64 = (0..HABITS.len()).map(|h| fits[h] * self.habits[h]).sum();
        let posteriors = std::array::from_fn(|h| {
            if total > 0.0 {
                fits[h] * self.habits[h] / total
            } else {
                self.habits[h]
            }
        });
        (fits, posteriors)
    }

    /// How far the round's solve trusts the model: `HARD_TRUST` against a
    /// player whose plays fit no habit better than chance, rising to
    /// `HARD_TRUST_HABITUAL` as the evidence moves the random habit's
    /// posterior from its prior to nothing (a player with a habit is
    /// exploited; one without is played near equilibrium).
    fn trust(&self, posteriors: &[f64; HABITS.len()]) -> f64 {
        let habitual = (1.0 - posteriors[0] / self.habits[0]).clamp(0.0, 1.0);
        HARD_TRUST + (HARD_TRUST_HABITUAL - HARD_TRUST) * habitual
    }

    /// The value of playing `t`, averaged over the hands and habits the
    /// other side may have.
    fn weigh(&mut self, w: &mut Weighing, t: u8) -> f64 {
        let following = w.following;
        let (mut total, mut weight) = (0.0f64, 0.0f64);
        for (theirs, chances) in w.belief.weighted() {
            let at = Position {
                mine: w.mine,
                theirs,
                i_lead: following.is_none(),
                lead_by: w.lead_by,
            };
            let options = match following {
                Some(colour) => Hand(theirs.0 & colour_mask(colour)),
                None => theirs,
            };
            for (h, habit) in HABITS.into_iter().enumerate() {
                // The chance of this hand and the plays so far.
                let seen = chances[h] * w.habit_weight[h];
                if seen == 0.0 {
                    continue;
                }
                if h > 0 {
                    // It plays (or has just led) x with its habit's chance.
                    let answering = following.is_none().then(|| Colour::of(t));
                    for x in options.tiles() {
                        let chance = seen * f64::from(habit.chance(theirs, x, answering));
                        total += chance * f64::from(self.solver.meet(at, t, x));
                        weight += chance;
                    }
                    continue;
                }
                // A random opponent: leads colour c with chance |c| / |hand|,
                // then any tile of it; answers with any tile.
                let chance = seen * f64::from(self.random_share) * options.len() as f64 / theirs.len() as f64;
                total += chance * f64::from(self.solver.play(at, t, options));
                weight += chance;
                if self.random_share < 1.0 {
                    let answers = following.is_none().then(|| Colour::of(t));
                    let (model, my_hands, lead_by) = (&mut self.model, &w.my_hands, w.lead_by);
                    let x = *w
                        .counting
                        .entry((theirs, answers))
                        .or_insert_with(|| counting_choice(model, theirs, my_hands, answers, -lead_by));
                    if following.is_none_or(|c| Colour::of(x) == c) {
                        let chance = seen * f64::from(1.0 - self.random_share);
                        total += chance * f64::from(self.solver.meet(at, t, x));
                        weight += chance;
                    }
                }
            }
        }
        total / weight
    }

    /// Every tile in hand weighed at once, without noise: Hard's values as
    /// the best response (best_response.rs) asks for them.
    fn weigh_all(&mut self, view: &TilesView) -> Weighing {
        let mut w = self.start_weighing(view);
        for &t in &view.hand {
            let value = self.weigh(&mut w, t);
            w.weighed.push(Considered {
                option: format!("tile {t}"),
                value,
            });
        }
        w
    }

    /// The tile chosen once every tile is weighed, and the thought behind it.
    fn decide(&mut self, w: Weighing) -> TilesAction {
        // The first tile of the highest value, or of the lowest.
        let first = |better: fn(f64, f64) -> bool, start: f64| {
            let weighed = w.view.hand.iter().zip(&w.weighed);
            weighed
                .fold((start, w.view.hand[0]), |found, (&t, c)| {
                    if better(c.value, found.0) {
                        (c.value, t)
                    } else {
                        found
                    }
                })
                .1
        };
        let (best, worst) = (first(|a, b| a > b, f64::MIN), first(|a, b| a < b, f64::MAX));
        if w.slip {
            self.thought = Some(Thought::ranked(
                "the tile it values least (a slip it makes on purpose)".into(),
                w.weighed,
                4,
            ));
            return TilesAction { tile: worst };
        }
        // How likely each habit is, given the plays seen.
        let mut habits: Vec<(f64, Habit)> = HABITS
            .iter()
            .enumerate()
            .map(|(h, &habit)| {
                (
                    w.belief.weighted().map(|(_, c)| c[h]).sum::<f64>() * w.habit_weight[h],
                    habit,
                )
            })
            .collect();
        let total: f64 = habits.iter().map(|h| h.0).sum();
        habits.sort_by(|a, b| b.0.total_cmp(&a.0));
        let (chance, likeliest) = habits[0];
        let belief = format!(
            "{} hands the other side may hold; its likeliest way of playing ({:.0}%): leads {}, answers {}",
            w.belief.hands().count(),
            chance / total.max(f64::MIN_POSITIVE) * 100.0,
            likeliest.leads.describe(),
            likeliest.answers.describe(),
        );
        let Some(chances) = self.mixed(&w) else {
            self.thought = Some(Thought::ranked(belief, w.weighed, 4));
            return TilesAction { tile: best };
        };
        let mut drawn: Vec<(usize, f64)> = chances
            .iter()
            .copied()
            .enumerate()
            .filter(|&(_, c)| c > 0.0)
            .collect();
        let tile = w.view.hand[draw_by_weight(&mut self.rng, &drawn)];
        // The mixed strategy, likeliest first: each tile with its chance in
        // Hard's draw and its worth against the model.
        drawn.sort_by(|a, b| b.1.total_cmp(&a.1));
        let options = drawn
            .iter()
            .map(|&(i, chance)| Considered {
                option: format!("{} ({:.0}%)", w.weighed[i].option, chance * 100.0),
                value: w.weighed[i].value,
            })
            .collect();
        self.thought = Some(Thought::listed(
            format!(
                "{belief}; it drew tile {tile} from a mixed strategy that also holds against a player who reads it"
            ),
            options,
        ));
        TilesAction { tile }
    }

    /// Each tile's chance in a mixed choice, in the hand's order: `None`
    /// for a level that plays its best tile. The round is solved as a
    /// restricted Nash response: the tiles' values against the model are
    /// what the other side's predicted play is worth, and the free player
    /// chooses from each hand the belief allows (weighed as the model
    /// weighs it), knowing the colour of Hard's tile when Hard leads. A
    /// pair of tiles is worth the rest of the game with both hands known,
    /// the mean of Hard's value and one less the other side's, so that
    /// neither side's view of it is favoured.
    fn mixed(&mut self, w: &Weighing) -> Option<Vec<f64>> {
        if !self.solves {
            return None;
        }
        let tiles = &w.view.hand;
        let fixed: Vec<f64> = w.weighed.iter().map(|c| c.value).collect();
        let i_lead = w.following.is_none();
        let for_result = self.solver.plays_for_result(w.mine.len());
        let mut free = Free {
            weights: Vec::new(),
            options: Vec::new(),
            payoffs: Vec::new(),
        };
        for (theirs, chances) in w.belief.weighted() {
            let weight: f64 = chances.iter().zip(&w.habit_weight).map(|(c, h)| c * h).sum();
            if weight <= 0.0 {
                continue;
            }
            let answers = match w.following {
                Some(colour) => Hand(theirs.0 & colour_mask(colour)),
                None => theirs,
            };
            let at = Position {
                mine: w.mine,
                theirs,
                i_lead,
                lead_by: w.lead_by,
            };
            let seen_by_them = Position {
                mine: theirs,
                theirs: w.mine,
                i_lead: !i_lead,
                lead_by: -w.lead_by,
            };
            let mut payoffs = Vec::with_capacity(tiles.len() * answers.len());
            for &t in tiles {
                for x in answers.tiles() {
                    let mine = f64::from(self.solver.meet(at, t, x));
                    let theirs = f64::from(self.solver.meet(seen_by_them, x, t));
                    let mean = if for_result {
                        (mine + 1.0 - theirs) / 2.0
                    } else {
                        (mine - theirs) / 2.0
                    };
                    payoffs.push(mean);
                }
            }
            free.weights.push(weight);
            free.options.push(answers.len());
            free.payoffs.push(payoffs);
        }
        let total: f64 = free.weights.iter().sum();
        free.weights.iter_mut().for_each(|x| *x /= total);
        let groups: Vec<usize> = tiles
            .iter()
            .map(|&t| usize::from(i_lead && Colour::of(t) == Colour::White))
            .collect();
        let strategy = solve(&fixed, w.trust, HARD_STEPS, &free, &groups);
        let mut chances = vec![0.0; tiles.len()];
        for (i, chance) in above_floor(&strategy, HARD_FLOOR) {
            chances[i] = chance;
        }
        Some(chances)
    }
}

impl Bot<Tiles> for SolverBot {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        think_through(self, view)
    }

    /// One tile weighed a call: Hard's early moves take tens of
    /// milliseconds, which a table spreads over frames.
    fn think(&mut self, view: &TilesView) -> Option<TilesAction> {
        if view.hand.len() == 1 {
            self.thought = Some(Thought::ranked("its last tile".into(), Vec::new(), 0));
            return Some(TilesAction { tile: view.hand[0] });
        }
        let mut w = match self.weighing.take() {
            Some(w) if w.view == *view => w,
            _ => self.start_weighing(view),
        };
        let t = view.hand[w.weighed.len()];
        let value = self.weigh(&mut w, t) + f64::from(self.rng.random_range(0.0..=self.noise));
        w.weighed.push(Considered {
            option: format!("tile {t}"),
            value,
        });
        if w.weighed.len() < view.hand.len() {
            self.weighing = Some(w);
            return None;
        }
        Some(self.decide(w))
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

/// How the other side may choose a tile, leading or answering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Any tile, each as likely.
    Random,
    /// Mostly its highest tiles.
    High,
    /// Mostly its lowest tiles.
    Low,
    /// Answering: mostly its highest tile of the colour led, else its
    /// lowest.
    ColourHigh,
}

impl Style {
    fn describe(self) -> &'static str {
        match self {
            Style::Random => "any tile",
            Style::High => "high first",
            Style::Low => "low first",
            Style::ColourHigh => "with its highest of the colour led",
        }
    }

    /// How much more likely a tile one higher (or lower) is.
    const LEAN: f32 = 30.0;
    /// The share of its plays that follow no style (any tile): a player
    /// with a habit is followed, and one without is not read as having one
    /// after a play or two that happen to fit.
    const SLIPS: f32 = 0.2;

    /// The chance it plays `tile` from `hand`, answering `led` if it does.
    fn chance(self, hand: Hand, tile: u8, led: Option<Colour>) -> f32 {
        let of_colour = led
            .map(|c| Hand(hand.0 & colour_mask(c)))
            .filter(|h| !h.is_empty());
        let (pool, weight): (Hand, Box<dyn Fn(u8) -> f32>) = match self {
            Style::Random => (hand, Box::new(|_| 1.0)),
            Style::High => (hand, Box::new(|t| Self::LEAN.powi(i32::from(t)))),
            Style::Low => (hand, Box::new(|t| Self::LEAN.powi(-i32::from(t)))),
            Style::ColourHigh => match of_colour {
                Some(h) => (h, Box::new(|t| Self::LEAN.powi(i32::from(t)))),
                None => (hand, Box::new(|t| Self::LEAN.powi(-i32::from(t)))),
            },
        };
        let uniform = Self::SLIPS / hand.len() as f32;
        if !pool.contains(tile) {
            return uniform;
        }
        (1.0 - Self::SLIPS) * weight(tile) / pool.tiles().map(&weight).sum::<f32>() + uniform
    }
}

/// A way the other side may play: how it leads and how it answers. Hard
/// weighs each by how well it explains the colours and results seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Habit {
    pub leads: Style,
    pub answers: Style,
}

/// Every habit Hard weighs; the first, a random player, is also the only
/// one Easy and Normal know.
pub const HABITS: [Habit; 9] = [
    Habit::new(Style::Random, Style::Random),
    Habit::new(Style::High, Style::High),
    Habit::new(Style::Low, Style::Low),
    Habit::new(Style::High, Style::Low),
    Habit::new(Style::Low, Style::High),
    Habit::new(Style::High, Style::ColourHigh),
    Habit::new(Style::Low, Style::ColourHigh),
    Habit::new(Style::Random, Style::ColourHigh),
    Habit::new(Style::Random, Style::Low),
];

impl Habit {
    const fn new(leads: Style, answers: Style) -> Habit {
        Habit { leads, answers }
    }

    /// The chance it plays `tile` from `hand`, answering `led` if it does.
    fn chance(self, hand: Hand, tile: u8, led: Option<Colour>) -> f32 {
        match led {
            None => self.leads.chance(hand, tile, None),
            Some(_) => self.answers.chance(hand, tile, led),
        }
    }
}

/// Every opponent hand still consistent with what this seat has seen, with
/// the chance of the plays that lead to it under each habit.
pub struct Belief {
    hands: Vec<(Hand, [f64; HABITS.len()])>,
}

impl Belief {
    pub fn from_view(view: &TilesView) -> Belief {
        let mut found: HashMap<Hand, [f64; HABITS.len()]> = HashMap::new();
        assign(view, 0, Hand::FULL, [1.0; HABITS.len()], &mut found);
        let led = view.led.filter(|_| !view.is_leading());
        let mut hands: Vec<(Hand, [f64; HABITS.len()])> = found
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
            .map(|h| (h, std::array::from_fn(|i| if i == 0 { 1.0 } else { 0.0 })))
            .collect();
        Belief { hands }
    }

    pub fn hands(&self) -> impl Iterator<Item = Hand> + '_ {
        self.hands.iter().map(|(h, _)| *h)
    }

    /// Each hand with the chance of the plays that lead to it under each
    /// habit, in `HABITS`'s order.
    pub fn weighted(&self) -> impl Iterator<Item = (Hand, [f64; HABITS.len()])> + '_ {
        self.hands.iter().copied()
    }
}

fn assign(
    view: &TilesView,
    i: usize,
    left: Hand,
    chances: [f64; HABITS.len()],
    found: &mut HashMap<Hand, [f64; HABITS.len()]>,
) {
    let Some(seen) = view.history.get(i) else {
        let sum = found.entry(left).or_default();
        for (s, c) in sum.iter_mut().zip(chances) {
            *s += c;
        }
        return;
    };
    let me = view.seat;
    // They answered the colour of my tile, or led.
    let answered = (seen.leader == me).then(|| Colour::of(seen.mine));
    for o in left.tiles().filter(|&o| Colour::of(o) == seen.theirs) {
        let fits = match seen.winner {
            None => o == seen.mine,
            Some(w) if w == me => seen.mine > o,
            Some(_) => o > seen.mine,
        };
        if fits {
            let next = std::array::from_fn(|h| chances[h] * f64::from(HABITS[h].chance(left, o, answered)));
            assign(view, i + 1, left.without(o), next, found);
        }
    }
}

/// Hard's policy as the chance of each tile, for a player that knows its
/// code (the best response, best_response.rs).
pub struct HardPolicy(SolverBot);

impl Default for HardPolicy {
    fn default() -> Self {
        HardPolicy(solver_bot(Level::Hard, 0))
    }
}

impl Policy<Tiles> for HardPolicy {
    fn chances(&mut self, view: &TilesView) -> Vec<(TilesAction, f64)> {
        if view.hand.len() == 1 {
            return vec![(TilesAction { tile: view.hand[0] }, 1.0)];
        }
        let w = self.0.weigh_all(view);
        let chances = self.0.mixed(&w).expect("Hard mixes");
        let actions = view.hand.iter().map(|&tile| TilesAction { tile });
        actions.zip(chances).collect()
    }
}
