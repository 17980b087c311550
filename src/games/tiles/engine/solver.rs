//! Exact values of tiles positions against an opponent who plays uniformly
//! among the tiles it holds, when both hands are known; the follower still
//! sees only the colour of the led tile. Hard averages these values over
//! every opponent hand its belief allows.
//!
//! Two objectives: with many tiles left, the expected point difference from
//! here on (a table of 2^19 positions, solved in milliseconds); in the
//! endgame, the chance of winning the game given the score (exact, with the
//! score in the key, but only over the few positions the endgame reaches).

use std::cmp::Ordering;
use std::collections::HashMap;

use super::rules::{Colour, Hand};

/// A position from "my" side: both hands, who leads, my lead in points.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pub mine: Hand,
    pub theirs: Hand,
    pub i_lead: bool,
    pub lead_by: i8,
}

impl Position {
    fn hands_key(self) -> usize {
        usize::from(self.mine.0) | usize::from(self.theirs.0) << 9 | usize::from(self.i_lead) << 18
    }

    /// The position once I play `t` and the opponent `x`, and my point.
    fn after(self, t: u8, x: u8) -> (Position, f32) {
        let (point, i_lead) = match t.cmp(&x) {
            Ordering::Greater => (1, true),
            Ordering::Less => (-1, false),
            Ordering::Equal => (0, self.i_lead),
        };
        let next = Position {
            mine: self.mine.without(t),
            theirs: self.theirs.without(x),
            i_lead,
            lead_by: self.lead_by + point,
        };
        (next, f32::from(point))
    }
}

pub struct Solver {
    /// From this many tiles in hand down, play for the game's result.
    endgame: usize,
    /// Expected point difference by hands and leader; NaN where not solved.
    difference: Vec<f32>,
    /// Chance of winning (a draw counts half) by hands, leader and score.
    result: HashMap<(usize, i8), f32>,
}

impl Solver {
    /// A solver that plays for the game's result once `endgame` or fewer
    /// tiles are left in hand (0: never).
    pub fn new(endgame: usize) -> Self {
        Solver {
            endgame,
            difference: vec![f32::NAN; 1 << 19],
            result: HashMap::new(),
        }
    }

    /// Whether a hand of `tiles` tiles is valued by the chance of winning
    /// (else by the expected point difference).
    pub fn plays_for_result(&self, tiles: usize) -> bool {
        tiles <= self.endgame
    }

    /// What playing `t` is worth when the opponent's tile is any of
    /// `options` with equal chance: in the endgame the chance of winning the
    /// game, before it the expected point difference from here on.
    pub fn play(&mut self, at: Position, t: u8, options: Hand) -> f32 {
        let n = options.len() as f32;
        options.tiles().map(|x| self.meet(at, t, x)).sum::<f32>() / n
    }

    /// What playing `t` is worth when the opponent plays `x`.
    pub fn meet(&mut self, at: Position, t: u8, x: u8) -> f32 {
        let (next, point) = at.after(t, x);
        if self.plays_for_result(at.mine.len()) {
            self.result(next)
        } else {
            point + self.difference(next)
        }
    }

    fn difference(&mut self, at: Position) -> f32 {
        if at.mine.is_empty() {
            return 0.0;
        }
        let key = at.hands_key();
        if !self.difference[key].is_nan() {
            return self.difference[key];
        }
        let v = self.choose(at, |solver, at, t, options| {
            let n = options.len() as f32;
            options
                .tiles()
                .map(|x| {
                    let (next, point) = at.after(t, x);
                    point + solver.difference(next)
                })
                .sum::<f32>()
                / n
        });
        self.difference[key] = v;
        v
    }

    fn result(&mut self, at: Position) -> f32 {
        let left = at.mine.len() as i8;
        if at.lead_by > left {
            return 1.0;
        }
        if -at.lead_by > left {
            return 0.0;
        }
        if left == 0 {
            return 0.5;
        }
        let key = (at.hands_key(), at.lead_by);
        if let Some(&v) = self.result.get(&key) {
            return v;
        }
        let v = self.choose(at, |solver, at, t, options| {
            let n = options.len() as f32;
            options
                .tiles()
                .map(|x| solver.result(at.after(t, x).0))
                .sum::<f32>()
                / n
        });
        self.result.insert(key, v);
        v
    }

    /// The value of a position by `worth` of each tile: the best tile when I
    /// lead; when I follow, the best tile for each colour the random leader
    /// may show, weighted by that colour's share of its hand.
    fn choose(&mut self, at: Position, worth: impl Fn(&mut Solver, Position, u8, Hand) -> f32) -> f32 {
        let best = |solver: &mut Solver, options: Hand| {
            at.mine
                .tiles()
                .map(|t| worth(solver, at, t, options))
                .fold(f32::MIN, f32::max)
        };
        if at.i_lead {
            return best(self, at.theirs);
        }
        let n = at.theirs.len() as f32;
        [Colour::Black, Colour::White]
            .into_iter()
            .map(|colour| Hand(at.theirs.0 & colour_mask(colour)))
            .filter(|led| !led.is_empty())
            .map(|led| best(self, led) * led.len() as f32 / n)
            .sum()
    }
}

pub fn colour_mask(colour: Colour) -> u16 {
    match colour {
        Colour::Black => 0b1_0101_0101,
        Colour::White => 0b0_1010_1010,
    }
}
