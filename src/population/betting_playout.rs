//! Betting's second held-out member (issue 42), `playout`: it plays for
//! the game, not the chips. At each match or fold it deals what it cannot
//! see many times (the other side's face-down tiles by the colours shown,
//! their later stacks at random over the chips they have left), plays the
//! rest of the game out both ways with one plain rule for both sides, and
//! takes the choice that wins more of those games. It stacks its chips by
//! the tile to the power 1.5 and never reads a stack. Nothing here is
//! shared with the levels.

use rand::{RngExt, SeedableRng, seq::SliceRandom};

use super::betting_stacks::stacked;
use crate::games::betting::engine::rules::SLOTS;
use crate::games::betting::engine::{Betting, BettingAction, BettingView, Phase, SlotOutcome};
use crate::rules::{Bot, Colour, GameRng, other};

/// Deals played out for each choice.
const DEALS: usize = 300;

pub struct Playout {
    rng: GameRng,
}

impl Playout {
    pub fn new(seed: u64) -> Playout {
        Playout {
            rng: GameRng::seed_from_u64(seed),
        }
    }
}

/// What a decision's deals share: the part of the game this player sees.
struct Seen {
    /// The slot to decide, 0-based.
    now: usize,
    /// The other side's tiles not shown at a showdown.
    unshown: Vec<u8>,
    /// The colours of the other side's slots whose tile is face down, the
    /// folded ones in order and this one last.
    colours: Vec<Colour>,
    /// Their chips on later slots over one each, to share out at random.
    extra: usize,
    /// Every deal's known part: both stacks (theirs later at one chip
    /// each), this player's tiles and both winnings; their tiles to deal.
    known: Deal,
}

impl Seen {
    fn of(view: &BettingView) -> Option<Seen> {
        let (me, them) = (view.seat, other(view.seat));
        let now = view.slot - 1;
        let shown: Vec<u8> = view
            .history
            .iter()
            .filter_map(|r| r.tiles.map(|t| t[them]))
            .collect();
        let mut colours: Vec<Colour> = view
            .history
            .iter()
            .filter(|r| r.outcome == SlotOutcome::Fold)
            .map(|r| r.colours[them])
            .collect();
        colours.push(view.colours?[them]);
        let mut known = Deal {
            tiles: [[0u8; SLOTS]; 2],
            stacks: [[0u8; SLOTS]; 2],
            winnings: [view.winnings[me], view.winnings[them]],
        };
        for (slot, own) in view.mine.iter().enumerate() {
            known.stacks[0][slot] = own.chips;
            known.tiles[0][slot] = own.tile;
        }
        known.stacks[1][now] = view.chips?[them];
        for slot in now + 1..SLOTS {
            known.stacks[1][slot] = 1;
        }
        Some(Seen {
            now,
            unshown: (0..SLOTS as u8).filter(|t| !shown.contains(t)).collect(),
            colours,
            extra: usize::from(view.later[them]).saturating_sub(SLOTS - now - 1),
            known,
        })
    }

    /// One way the hidden part of the game may lie, side 0 this player;
    /// `None` when no tile left fits a colour shown.
    fn deal(&self, rng: &mut GameRng) -> Option<Deal> {
        let mut left = self.unshown.clone();
        left.shuffle(rng);
        let mut deal = self.known.clone();
        for (i, colour) in self.colours.iter().enumerate() {
            let at = left.iter().position(|t| Colour::of(*t) == *colour)?;
            let tile = left.swap_remove(at);
            if i + 1 == self.colours.len() {
                deal.tiles[1][self.now] = tile;
            }
        }
        for (slot, tile) in (self.now + 1..SLOTS).zip(left) {
            deal.tiles[1][slot] = tile;
        }
        let later = self.now + 1..SLOTS;
        if !later.is_empty() {
            for _ in 0..self.extra {
                deal.stacks[1][rng.random_range(later.clone())] += 1;
            }
        }
        Some(deal)
    }
}

impl Bot<Betting> for Playout {
    fn choose(&mut self, view: &BettingView) -> BettingAction {
        if view.phase == Phase::Setup {
            return BettingAction::Arrange(stacked(&mut self.rng, |t| f64::from(t + 1).powf(1.5)));
        }
        let Some(seen) = Seen::of(view) else {
            return BettingAction::Fold;
        };
        let mut margin = 0.0;
        for _ in 0..DEALS {
            let Some(deal) = seen.deal(&mut self.rng) else {
                return BettingAction::Fold;
            };
            margin += deal.clone().play_out(seen.now, true) - deal.play_out(seen.now, false);
        }
        if margin > 0.0 {
            BettingAction::Match(None)
        } else {
            BettingAction::Fold
        }
    }
}

/// Both sides' tiles, stacks and winnings, side 0 this player.
#[derive(Clone)]
struct Deal {
    tiles: [[u8; SLOTS]; 2],
    stacks: [[u8; SLOTS]; 2],
    winnings: [u8; 2],
}

impl Deal {
    /// The game from slot `now` on, this player matching there or not and
    /// both playing the plain rule after: 1 a win, 0.5 a draw, 0 a loss.
    fn play_out(mut self, now: usize, first: bool) -> f64 {
        for slot in now..SLOTS {
            let chips = [self.stacks[0][slot], self.stacks[1][slot]];
            if chips[0] != chips[1] {
                let lower = usize::from(chips[1] < chips[0]);
                let gap = chips[1 - lower] - chips[lower];
                let wants = if slot == now {
                    first
                } else {
                    self.tiles[lower][slot] >= 5 || gap <= 2
                };
                if !(wants && self.cover(lower, slot, gap)) {
                    self.winnings[1 - lower] += chips[0] + chips[1];
                    continue;
                }
            }
            let stake = self.stacks[0][slot];
            match self.tiles[0][slot].cmp(&self.tiles[1][slot]) {
                std::cmp::Ordering::Greater => self.winnings[0] += 2 * stake,
                std::cmp::Ordering::Less => self.winnings[1] += 2 * stake,
                std::cmp::Ordering::Equal => {
                    self.winnings[0] += stake;
                    self.winnings[1] += stake;
                }
            }
        }
        match self.winnings[0].cmp(&self.winnings[1]) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        }
    }

    /// Tops `side`'s stack at `slot` up by `gap`, from its winnings first
    /// and then its latest tiles (each keeping one chip); false, and
    /// nothing moved, when it cannot.
    fn cover(&mut self, side: usize, slot: usize, gap: u8) -> bool {
        let spare: u32 = self.stacks[side][slot + 1..]
            .iter()
            .map(|&c| u32::from(c - 1))
            .sum();
        if u32::from(self.winnings[side]) + spare < u32::from(gap) {
            return false;
        }
        let from_winnings = self.winnings[side].min(gap);
        self.winnings[side] -= from_winnings;
        let mut left = gap - from_winnings;
        for later in (slot + 1..SLOTS).rev() {
            let off = left.min(self.stacks[side][later] - 1);
            self.stacks[side][later] -= off;
            left -= off;
        }
        self.stacks[side][slot] += gap;
        true
    }
}
