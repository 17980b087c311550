//! The betting opponents. Each stacks its chips by tile strength (Easy
//! loosely, Hard with bluffs and a reserve) and weighs a match against a
//! fold by the odds that its tile beats what the opponent's colour allows:
//! Easy by colour alone, Normal counting the tiles already shown, Hard also
//! reading the opponent's stack and pricing the chips it pulls off later
//! tiles.

use crate::rules::GameRng;
use rand::{RngExt, SeedableRng, seq::SliceRandom};

use super::knowledge::weigh_face_down;
use super::rules::{
    Betting, BettingAction, BettingView, CHIPS, Phase, Placement, Pull, SLOTS, Sourcing, random_arrangement,
};
use crate::rules::{Bot, Bots, Colour, Considered, Level, Thought, other};

impl Bots for Betting {
    fn bot(level: Level, seed: u64) -> Box<dyn Bot<Self>> {
        bot(level, seed)
    }
}

pub fn bot(level: Level, seed: u64) -> Box<dyn Bot<Betting>> {
    let rng = GameRng::seed_from_u64(seed);
    let style = match level {
        Level::Random => return Box::new(RandomBot(rng)),
        Level::Easy => Style {
            strength: 0.5,
            bluffs: 0.0,
            slips: EASY_SLIPS,
            counting: false,
            reading: false,
            pricing: false,
            mixing: 0.0,
        },
        Level::Normal => Style {
            strength: 3.0,
            bluffs: 0.0,
            slips: 0.0,
            counting: true,
            reading: false,
            pricing: false,
            mixing: 0.0,
        },
        Level::Hard => Style {
            strength: 10.0,
            bluffs: 0.25,
            slips: 0.0,
            counting: true,
            reading: true,
            pricing: true,
            mixing: HARD_MIXING,
        },
    };
    Box::new(Player {
        rng,
        style,
        thought: None,
    })
}

struct RandomBot(GameRng);

impl Bot<Betting> for RandomBot {
    fn choose(&mut self, view: &BettingView) -> BettingAction {
        if view.phase == Phase::Setup {
            return BettingAction::Arrange(random_arrangement(&mut self.0));
        }
        if self.0.random_bool(0.5) {
            BettingAction::Match(None)
        } else {
            BettingAction::Fold
        }
    }
}

/// What sets the levels apart.
struct Style {
    /// How strongly chips follow tile numbers: a tile's weight is
    /// (tile + 1) to this power.
    strength: f64,
    /// The chance of stacking one low tile like a high one, a bluff that
    /// keeps a player who reads stacks from folding to every tall one.
    bluffs: f64,
    /// The share of match-or-fold decisions made at random.
    slips: f64,
    /// Rule out the opponent's tiles already shown.
    counting: bool,
    /// Weigh the opponent's possible tiles by the stack they put on them.
    reading: bool,
    /// Count what a chip pulled off a later tile would have won there, and
    /// pull from the weakest tiles first.
    pricing: bool,
    /// The spread of the soft choice between match and fold, in chips:
    /// the chance to match is a logistic of the two values' difference
    /// over this; 0 always takes the better.
    mixing: f64,
}

/// Easy decides three slots in four at random, so that a newcomer who
/// reads its stacks can beat it.
const EASY_SLIPS: f64 = 0.75;

struct Player {
    rng: GameRng,
    style: Style,
    /// Its reasoning for the last match or fold.
    thought: Option<Thought>,
}

impl Bot<Betting> for Player {
    fn choose(&mut self, view: &BettingView) -> BettingAction {
        self.thought = None;
        if view.phase == Phase::Setup {
            return BettingAction::Arrange(self.arrange());
        }
        self.decide(view)
    }

    fn thought(&self) -> Option<Thought> {
        self.thought.clone()
    }
}

impl Player {
    /// One chip on every tile, the rest dropped one at a time on tiles in
    /// proportion to their weight; a bluff lends a low tile a high weight.
    fn arrange(&mut self) -> Vec<Placement> {
        let mut tiles: Vec<u8> = (0..SLOTS as u8).collect();
        tiles.shuffle(&mut self.rng);
        let mut weights: Vec<f64> = tiles
            .iter()
            .map(|&t| f64::from(t + 1).powf(self.style.strength))
            .collect();
        if self.rng.random_bool(self.style.bluffs) {
            let low = self.rng.random_range(0..3u8);
            let high = self.rng.random_range(7..SLOTS as u8);
            let at = tiles.iter().position(|&t| t == low).expect("every tile");
            weights[at] = f64::from(high + 1).powf(self.style.strength);
        }
        let total: f64 = weights.iter().sum();
        let mut chips = [1u8; SLOTS];
        for _ in 0..CHIPS - SLOTS as u8 {
            let mut pick = self.rng.random_range(0.0..total);
            let slot = weights
                .iter()
                .position(|&w| {
                    pick -= w;
                    pick < 0.0
                })
                .unwrap_or(SLOTS - 1);
            chips[slot] += 1;
        }
        tiles
            .into_iter()
            .zip(chips)
            .map(|(tile, chips)| Placement { tile, chips })
            .collect()
    }

    fn decide(&mut self, view: &BettingView) -> BettingAction {
        let (Some(decision), Some(mine), Some(colours), Some(chips)) =
            (view.decision, view.my_tile(), view.colours, view.chips)
        else {
            return BettingAction::Fold;
        };
        if self.rng.random_bool(self.style.slips) {
            self.thought = Some(Thought::ranked(
                "a match or fold at random (a slip it makes on purpose)".into(),
                Vec::new(),
                0,
            ));
            return if self.rng.random_bool(0.5) {
                BettingAction::Match(None)
            } else {
                BettingAction::Fold
            };
        }
        let me = view.seat;
        let them = other(me);
        let odds = Odds::of(mine, &self.candidates(view, colours[them], chips[them]));
        let sourcing = if self.style.pricing {
            Some(self.priced_sourcing(view, decision.gap))
        } else {
            None
        };
        let pull_cost = sourcing.as_ref().map_or(0.0, |s| self.pull_cost(view, s));
        let stake = f64::from(chips[them]);
        let matching = stake * odds.edge() - pull_cost;
        let folding = -f64::from(chips[me]);
        let belief = format!(
            "its {mine} against their {:?} tile: an edge of {:+.2} a chip on their stack of {stake}",
            colours[them],
            odds.edge()
        );
        // Hard's soft choice: near indifference either answer is likely,
        // so a player cannot learn the exact stack that tips it over.
        let chance =
            (self.style.mixing > 0.0).then(|| 1.0 / (1.0 + ((folding - matching) / self.style.mixing).exp()));
        let label = |name: &str, chance: Option<f64>| {
            chance.map_or(name.to_owned(), |c| format!("{name} ({:.0}%)", c * 100.0))
        };
        let mut options = vec![
            Considered {
                option: label("match", chance),
                value: matching,
            },
            Considered {
                option: label("fold", chance.map(|c| 1.0 - c)),
                value: folding,
            },
        ];
        let matches = match chance {
            Some(chance) => {
                if chance < 0.5 {
                    options.reverse();
                }
                self.thought = Some(Thought::listed(belief, options));
                self.rng.random_bool(chance.clamp(0.0, 1.0))
            }
            None => {
                self.thought = Some(Thought::ranked(belief, options, 2));
                matching > folding
            }
        };
        if matches {
            BettingAction::Match(sourcing)
        } else {
            BettingAction::Fold
        }
    }

    /// The opponent's possible tiles of `colour` with their weights.
    fn candidates(&self, view: &BettingView, colour: Colour, stack: u8) -> Vec<(u8, f64)> {
        let them = other(view.seat);
        if self.style.reading {
            return read_tile(view, colour, stack);
        }
        let shown = shown_tiles(view, them);
        (0..SLOTS as u8)
            .filter(|&t| Colour::of(t) == colour)
            .filter(|t| !self.style.counting || !shown.contains(t))
            .map(|t| (t, 1.0))
            .collect()
    }

    /// What one chip on each of my later tiles is expected to win there,
    /// against every opponent tile not yet shown.
    fn later_values(&self, view: &BettingView) -> Vec<(usize, f64)> {
        let shown = shown_tiles(view, other(view.seat));
        let unknown: Vec<(u8, f64)> = (0..SLOTS as u8)
            .filter(|t| !shown.contains(t))
            .map(|t| (t, 1.0))
            .collect();
        view.my_later()
            .map(|(slot, own)| (slot, Odds::of(own.tile, &unknown).edge()))
            .collect()
    }

    fn pull_cost(&self, view: &BettingView, sourcing: &Sourcing) -> f64 {
        let values = self.later_values(view);
        sourcing
            .pull
            .iter()
            .map(|p| {
                let value = values.iter().find(|(s, _)| *s == p.slot).map_or(0.0, |v| v.1);
                f64::from(p.chips) * value * LATER_CHIP_SHARE
            })
            .sum()
    }

    /// Chips off the tiles expected to lose first, then winnings, then the
    /// rest from the weakest tile up.
    fn priced_sourcing(&self, view: &BettingView, gap: u8) -> Sourcing {
        let mut values = self.later_values(view);
        values.sort_by(|a, b| a.1.total_cmp(&b.1));
        let spare = |slot: usize| view.mine[slot - 1].chips - 1;
        let mut left = gap;
        let mut pulled = [0u8; SLOTS + 1];
        let mut take = |slot: usize, left: &mut u8| {
            let n = (*left).min(spare(slot));
            pulled[slot] += n;
            *left -= n;
        };
        for &(slot, _) in values.iter().filter(|v| v.1 < 0.0) {
            take(slot, &mut left);
        }
        let from_winnings = left.min(view.winnings[view.seat]);
        left -= from_winnings;
        for &(slot, _) in values.iter().filter(|v| v.1 >= 0.0) {
            take(slot, &mut left);
        }
        Sourcing {
            from_winnings,
            pull: (1..=SLOTS)
                .filter(|&s| pulled[s] > 0)
                .map(|slot| Pull {
                    slot,
                    chips: pulled[slot],
                })
                .collect(),
        }
    }
}

/// Hard's spread between match and fold, in chips: a quarter of a chip
/// apart the better is taken three times in four, a chip apart 98 times
/// in a hundred. Wider spreads cost strength and bought nothing against
/// the best response (docs/betting-opponents.md, "Match or fold, mixed").
const HARD_MIXING: f64 = 0.25;

/// How much of a later chip's showdown value counts: later slots are often
/// folded, and pulling also changes who decides there.
const LATER_CHIP_SHARE: f64 = 0.6;

/// The chances that a tile beats, ties or loses to a weighted set.
struct Odds {
    win: f64,
    lose: f64,
}

impl Odds {
    fn of(tile: u8, candidates: &[(u8, f64)]) -> Odds {
        let total: f64 = candidates.iter().map(|c| c.1).sum();
        if total <= 0.0 {
            return Odds { win: 0.5, lose: 0.5 };
        }
        let share = |keep: &dyn Fn(u8) -> bool| {
            candidates.iter().filter(|c| keep(c.0)).map(|c| c.1).sum::<f64>() / total
        };
        Odds {
            win: share(&|t| t < tile),
            lose: share(&|t| t > tile),
        }
    }

    /// Expected chips won per chip at stake in a showdown.
    fn edge(&self) -> f64 {
        self.win - self.lose
    }
}

/// The opponent's tiles turned over at showdowns so far.
fn shown_tiles(view: &BettingView, seat: usize) -> Vec<u8> {
    view.history
        .iter()
        .filter_map(|r| r.tiles.map(|t| t[seat]))
        .collect()
}

/// The ways of stacking Hard weighs: chips by (tile + 1) to these powers.
const POWERS: [f64; 6] = [0.0, 1.0, 2.0, 3.0, 4.0, 6.0];

/// The share of stacks that follow no way of stacking at all (bluffs).
const OUTLIERS: f64 = 0.1;

/// How likely `stack` is on `tile` under each way of stacking, with a
/// share for a stack of any height.
fn stack_chances(tile: u8, stack: u8) -> [f64; POWERS.len()] {
    POWERS.map(|k| (1.0 - OUTLIERS) * extra_chips_likelihood(tile, stack, k) + OUTLIERS / 21.0)
}

/// The opponent's face-down tiles of `colour`, each weighed by the chance
/// that it is the one under the current `stack` (`weigh_face_down`): how
/// likely each stack is on its tile under each way of stacking, each way
/// weighed by how well it explains the showdowns.
fn read_tile(view: &BettingView, colour: Colour, stack: u8) -> Vec<(u8, f64)> {
    let them = other(view.seat);
    let mut ways = [1.0; POWERS.len()];
    for r in &view.history {
        if let Some(tiles) = r.tiles {
            let chances = stack_chances(tiles[them], r.bets[them]);
            for (w, c) in ways.iter_mut().zip(chances) {
                *w *= c;
            }
        }
    }
    let total: f64 = ways.iter().sum();
    let ways = ways.map(|w| w / total);
    let chance = |tile: u8, stack: u8| -> f64 {
        stack_chances(tile, stack)
            .iter()
            .zip(&ways)
            .map(|(c, w)| c * w)
            .sum()
    };
    weigh_face_down(view, colour, stack, &chance)
}

/// The chance of `stack - 1` extra chips on `tile` when twenty extra chips
/// fall on tiles in proportion to (tile + 1)^k: binomial.
fn extra_chips_likelihood(tile: u8, stack: u8, k: f64) -> f64 {
    let extra = u32::from(stack.saturating_sub(1)).min(20);
    let total: f64 = (1..=SLOTS).map(|t| (t as f64).powf(k)).sum();
    let p = f64::from(tile + 1).powf(k) / total;
    let choose: f64 = (0..extra).map(|i| f64::from(20 - i) / f64::from(i + 1)).product();
    (choose * p.powi(extra as i32) * (1.0 - p).powi(20 - extra as i32)).max(1e-12)
}
