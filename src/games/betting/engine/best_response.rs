//! A best response to betting's Hard: the yardstick of how far Hard can
//! be read (`black-and-white exploit --game betting`). It knows Hard's
//! code, so it learns how Hard stacks by asking Hard for arrangements
//! (`SAMPLED` of them, each from a seed of its own) and counting the chips
//! each tile gets; it never sees the arrangement Hard plays.
//!
//! It arranges as Hard does, and where it must match or fold it reads
//! Hard's tile from Hard's stack: each face-down tile of the colour shown
//! weighed by how often Hard gives that tile that stack, the tiles under
//! Hard's folded slots of the same colour shared out every way by their
//! stacks too. It then takes what is worth more in chips: a match wins or
//! loses Hard's stack by those chances, a fold gives up its own. So it is
//! approximate: it reads the stacks exactly as Hard makes them, but
//! prices neither the chips it pulls off later tiles nor what its own
//! stacks tell Hard.

use super::knowledge::weigh_face_down;
use super::rules::{Betting, BettingAction, BettingView, CHIPS, Phase, SLOTS};
use crate::rules::{Bot, Bots, Colour, Game, Level, other, sub_seed};

/// How many of Hard's arrangements it counts.
const SAMPLED: u64 = 2000;

pub struct BestResponse {
    /// Arranges its own tiles as Hard would.
    setup: Box<dyn Bot<Betting>>,
    /// How often Hard puts each number of chips on each tile, out of
    /// `SAMPLED` (with one in a thousand added, so that a stack Hard never
    /// made in the sample is unlikely, not impossible).
    stacks: [[f64; CHIPS as usize + 1]; SLOTS],
}

impl BestResponse {
    pub fn new(seed: u64) -> BestResponse {
        let mut stacks = [[1e-3; CHIPS as usize + 1]; SLOTS];
        let setup_view = Betting::new_game(seed).view(0);
        for i in 0..SAMPLED {
            let mut hard = Betting::bot(Level::Hard, sub_seed(seed, i));
            if let BettingAction::Arrange(placements) = hard.choose(&setup_view) {
                for p in placements {
                    stacks[usize::from(p.tile)][usize::from(p.chips)] += 1.0;
                }
            }
        }
        BestResponse {
            setup: Betting::bot(Level::Hard, sub_seed(seed, SAMPLED)),
            stacks,
        }
    }

    /// How likely Hard puts `stack` chips on `tile`.
    fn chance(&self, tile: u8, stack: u8) -> f64 {
        self.stacks[usize::from(tile)][usize::from(stack.min(CHIPS))]
    }

    /// Hard's tile at this slot, of `colour` under `stack`: each tile it
    /// may be, with its weight, the stacks read as Hard makes them.
    fn read(&self, view: &BettingView, colour: Colour, stack: u8) -> Vec<(u8, f64)> {
        weigh_face_down(view, colour, stack, &|tile, stack| self.chance(tile, stack))
    }
}

impl Bot<Betting> for BestResponse {
    fn choose(&mut self, view: &BettingView) -> BettingAction {
        if view.phase == Phase::Setup {
            return self.setup.choose(view);
        }
        let (Some(mine), Some(colours), Some(chips)) = (view.my_tile(), view.colours, view.chips) else {
            return BettingAction::Fold;
        };
        let (me, them) = (view.seat, other(view.seat));
        let read = self.read(view, colours[them], chips[them]);
        let total: f64 = read.iter().map(|r| r.1).sum();
        let share = |keep: &dyn Fn(u8) -> bool| {
            read.iter().filter(|r| keep(r.0)).map(|r| r.1).sum::<f64>() / total.max(f64::MIN_POSITIVE)
        };
        let edge = share(&|t| t < mine) - share(&|t| t > mine);
        if f64::from(chips[them]) * edge > -f64::from(chips[me]) {
            BettingAction::Match(None)
        } else {
            BettingAction::Fold
        }
    }
}
