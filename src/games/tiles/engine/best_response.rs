//! A best response to a tiles player whose policy it knows: the yardstick
//! of how far Hard can be exploited (`black-and-white exploit`). It may ask
//! the policy for the chance of each tile in any situation the other side
//! could be in, but never sees the other side's hand.
//!
//! It keeps the sequences of tiles the other side may have played
//! (rules/best_response.rs), then plays the tile worth most over them: the
//! other side's answer drawn from its policy, and the rest of the game
//! valued as if both hands were known (the solver's chance of winning
//! against an opponent who plays the rest at random). So it is an
//! approximate best response, one move deep, not the exact one a full
//! expectimax over information sets would give; where the true sequence
//! was dropped and nothing kept explains what it saw, it plays as the
//! policy would in its own seat for the rest of that game.

use rand::{RngExt, SeedableRng};

use super::rules::{Colour, Hand, TILES, Tiles, TilesAction, TilesView};
use super::solver::{Position, Solver};
use crate::rules::best_response::{Policy, Readable, World, Worlds, imagine};
use crate::rules::{Bot, Game, GameRng, Seat, other};

impl Readable for Tiles {
    fn imagined(view: &TilesView) -> Tiles {
        Tiles::imagined(view.history.first().map_or(view.leader, |r| r.leader))
    }

    fn seat(view: &TilesView) -> Seat {
        view.seat
    }

    fn own_actions(view: &TilesView) -> Vec<TilesAction> {
        let tiles = view.history.iter().map(|r| r.mine).chain(view.placed);
        tiles.map(|tile| TilesAction { tile }).collect()
    }

    fn their_count(view: &TilesView) -> usize {
        let they_led_now = view.led.is_some() && view.placed.is_none();
        view.history.len() + usize::from(they_led_now)
    }

    fn fits(view: &TilesView, theirs: &[TilesAction]) -> bool {
        let k = theirs.len() - 1;
        let x = theirs[k].tile;
        let Some(seen) = view.history.get(k) else {
            return view.led == Some(Colour::of(x));
        };
        let won_by = match seen.mine.cmp(&x) {
            std::cmp::Ordering::Greater => Some(view.seat),
            std::cmp::Ordering::Less => Some(other(view.seat)),
            std::cmp::Ordering::Equal => None,
        };
        Colour::of(x) == seen.theirs && won_by == seen.winner
    }
}

/// The most sequences of tiles kept.
const MOST_WORLDS: usize = 48;

pub struct BestResponse<P: Policy<Tiles>> {
    policy: P,
    solver: Solver,
    worlds: Worlds<Tiles>,
}

impl<P: Policy<Tiles>> BestResponse<P> {
    pub fn new(policy: P) -> Self {
        BestResponse {
            policy,
            // Every position valued by the chance of winning the game.
            solver: Solver::new(TILES as usize),
            worlds: Worlds::new(MOST_WORLDS),
        }
    }

    /// What each tile in hand is worth in `world`, in the hand's order: the
    /// chance of winning the game.
    fn worth(&mut self, view: &TilesView, world: &World<Tiles>) -> Vec<f64> {
        let mine = Hand(view.hand.iter().fold(0, |m, &t| m | 1 << t));
        let me = view.seat;
        let following = view.led.is_some() && view.placed.is_none();
        let played = world.theirs.iter().fold(0, |m, a| m | 1 << a.tile);
        // Their hand before this round's tiles: a tile they led is still in it.
        let theirs = match (following, world.theirs.last()) {
            (true, Some(led)) => Hand(Hand::FULL.0 & !played | 1 << led.tile),
            _ => Hand(Hand::FULL.0 & !played),
        };
        let at = Position {
            mine,
            theirs,
            i_lead: !following,
            lead_by: view.score[me] as i8 - view.score[other(me)] as i8,
        };
        if following {
            let led = world.theirs.last().expect("they led").tile;
            return view
                .hand
                .iter()
                .map(|&t| f64::from(self.solver.meet(at, t, led)))
                .collect();
        }
        // They see only my tile's colour: their answers to each colour,
        // asked of the policy once.
        let mut answers: [Option<Vec<(TilesAction, f64)>>; 2] = [None, None];
        let mut values = Vec::with_capacity(view.hand.len());
        for &t in &view.hand {
            let colour = usize::from(Colour::of(t) == Colour::White);
            if answers[colour].is_none() {
                answers[colour] = Some(self.answers(view, world, t));
            }
            let value = answers[colour]
                .iter()
                .flatten()
                .map(|(x, chance)| chance * f64::from(self.solver.meet(at, t, x.tile)))
                .sum();
            values.push(value);
        }
        values
    }

    /// The other side's answers, with their chances, to my leading `t` in
    /// `world`; none where the world cannot be replayed.
    fn answers(&mut self, view: &TilesView, world: &World<Tiles>, t: u8) -> Vec<(TilesAction, f64)> {
        let me = view.seat;
        let Some(mut game) = imagine::<Tiles>(view, &world.theirs) else {
            return Vec::new();
        };
        if game.apply(me, TilesAction { tile: t }).is_err() {
            return Vec::new();
        }
        self.policy.chances(&game.view(other(me)))
    }
}

impl<P: Policy<Tiles>> Bot<Tiles> for BestResponse<P> {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        self.worlds.follow(view, &mut self.policy);
        if self.worlds.lost() {
            // It lost track of the other side: it plays as the policy would
            // in its seat.
            return self.policy.chances(view)[0].0;
        }
        let worlds: Vec<World<Tiles>> = self.worlds.iter().cloned().collect();
        let mut values = vec![0.0; view.hand.len()];
        for world in &worlds {
            for (value, worth) in values.iter_mut().zip(self.worth(view, world)) {
                *value += world.weight * worth;
            }
        }
        let mut best = (f64::MIN, view.hand[0]);
        for (&t, &value) in view.hand.iter().zip(&values) {
            if value > best.0 {
                best = (value, t);
            }
        }
        TilesAction { tile: best.1 }
    }
}

/// A player that plays any tile in hand, each as likely: the reference
/// of what the best response scores against a player it cannot read at
/// all (and who plays no better for it).
pub struct Uniform(GameRng);

impl Uniform {
    pub fn new(seed: u64) -> Self {
        Uniform(GameRng::seed_from_u64(seed))
    }
}

impl Policy<Tiles> for Uniform {
    fn chances(&mut self, view: &TilesView) -> Vec<(TilesAction, f64)> {
        let chance = 1.0 / view.hand.len() as f64;
        view.hand
            .iter()
            .map(|&tile| (TilesAction { tile }, chance))
            .collect()
    }
}

impl Bot<Tiles> for Uniform {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        let i = self.0.random_range(0..view.hand.len());
        TilesAction { tile: view.hand[i] }
    }
}

/// A player that always plays its lowest tile: the toy that `exploit`'s
/// test beats nearly every game, its policy known exactly.
#[derive(Default)]
pub struct Lowest;

impl Policy<Tiles> for Lowest {
    fn chances(&mut self, view: &TilesView) -> Vec<(TilesAction, f64)> {
        let tile = view.hand.iter().copied().min().expect("a tile in hand");
        vec![(TilesAction { tile }, 1.0)]
    }
}

impl Bot<Tiles> for Lowest {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        self.chances(view)[0].0
    }
}
