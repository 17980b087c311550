//! A best response to a tiles player whose policy it knows: the yardstick
//! of how far Hard can be exploited (`black-and-white exploit`). It may ask
//! the policy for the chance of each tile in any situation the other side
//! could be in, but never sees the other side's hand.
//!
//! It keeps the sequences of tiles the other side may have played (each
//! consistent with every colour and result seen), weighed by the chance the
//! policy gives each of those plays: its belief is exact but for the least
//! likely sequences, dropped beyond `MOST_WORLDS`. It then plays the tile
//! worth most over that belief: the other side's answer drawn from its
//! policy, and the rest of the game valued as if both hands were known
//! (the solver's chance of winning against an opponent who plays the rest
//! at random). So it is an approximate best response, one move deep, not
//! the exact one a full expectimax over information sets would give.

use super::rules::{Colour, Hand, Tiles, TilesAction, TilesView};
use super::solver::{Position, Solver};
use rand::{RngExt, SeedableRng};

use crate::rules::{Bot, Game, GameRng, Seat, other};

/// The other side's policy: each tile it may play from a view, with its
/// chance.
pub trait Policy: Send + Sync {
    fn chances(&mut self, view: &TilesView) -> Vec<(u8, f64)>;
}

/// The most sequences of the other side's plays it keeps, the likeliest.
const MOST_WORLDS: usize = 48;

/// One sequence of tiles the other side may have played, and its weight.
#[derive(Clone, Debug)]
struct World {
    theirs: Vec<u8>,
    weight: f64,
}

pub struct BestResponse<P: Policy> {
    policy: P,
    solver: Solver,
    worlds: Vec<World>,
}

impl<P: Policy> BestResponse<P> {
    pub fn new(policy: P) -> Self {
        BestResponse {
            policy,
            // Every position valued by the chance of winning the game.
            solver: Solver::new(super::rules::TILES as usize),
            worlds: Vec::new(),
        }
    }

    /// Brings the worlds up to the other side's plays `view` has seen: each
    /// world grows by every tile the policy may play that fits the colour
    /// and result seen, its weight times that tile's chance.
    fn follow(&mut self, view: &TilesView) {
        let they_led_now = view.led.is_some() && view.placed.is_none();
        let needed = view.history.len() + usize::from(they_led_now);
        if self.worlds.is_empty() || view.history.is_empty() && !they_led_now {
            self.worlds = vec![World {
                theirs: Vec::new(),
                weight: 1.0,
            }];
        }
        while self.worlds[0].theirs.len() < needed {
            let k = self.worlds[0].theirs.len();
            let mut grown = Vec::new();
            for world in &self.worlds {
                let Some(game) = imagine(view, &world.theirs) else {
                    continue;
                };
                let them = other(view.seat);
                for (x, chance) in self.policy.chances(&game.view(them)) {
                    let mut theirs = world.theirs.clone();
                    theirs.push(x);
                    if fits(view, &theirs, k) {
                        grown.push(World {
                            theirs,
                            weight: world.weight * chance,
                        });
                    }
                }
            }
            grown.sort_by(|a, b| b.weight.total_cmp(&a.weight));
            grown.truncate(MOST_WORLDS);
            let total: f64 = grown.iter().map(|w| w.weight).sum();
            if grown.is_empty() || total <= 0.0 {
                // The policy cannot explain what was seen (it is not the
                // player at the table): believe every hand with the colours
                // counted, as a player who knows nothing of it would.
                self.worlds = believe_any(view, needed);
                return;
            }
            for w in &mut grown {
                w.weight /= total;
            }
            self.worlds = grown;
        }
    }

    /// What tile `t` is worth in `world`: the chance of winning the game.
    fn worth(&mut self, view: &TilesView, world: &World, t: u8) -> f64 {
        let mine = Hand(view.hand.iter().fold(0, |m, &t| m | 1 << t));
        let me = view.seat;
        let theirs_played = Hand(world.theirs.iter().fold(0, |m, &t| m | 1 << t));
        let following = view.led.is_some() && view.placed.is_none();
        // Their hand before this round's tiles: a tile they led is still in it.
        let theirs = Hand(Hand::FULL.0 & !theirs_played.0);
        let theirs = match (following, world.theirs.last()) {
            (true, Some(&led)) => Hand(theirs.0 | 1 << led),
            _ => theirs,
        };
        let at = Position {
            mine,
            theirs,
            i_lead: !following,
            lead_by: view.score[me] as i8 - view.score[other(me)] as i8,
        };
        if following {
            let led = *world.theirs.last().expect("they led");
            return f64::from(self.solver.meet(at, t, led));
        }
        let Some(mut game) = imagine(view, &world.theirs) else {
            return 0.0;
        };
        if game.apply(me, TilesAction { tile: t }).is_err() {
            return 0.0;
        }
        self.policy
            .chances(&game.view(other(me)))
            .into_iter()
            .map(|(x, chance)| chance * f64::from(self.solver.meet(at, t, x)))
            .sum()
    }
}

impl<P: Policy> Bot<Tiles> for BestResponse<P> {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        self.follow(view);
        let worlds = self.worlds.clone();
        let mut best = (f64::MIN, view.hand[0]);
        for &t in &view.hand {
            let value: f64 = worlds.iter().map(|w| w.weight * self.worth(view, w, t)).sum();
            if value > best.0 {
                best = (value, t);
            }
        }
        TilesAction { tile: best.1 }
    }
}

/// The game as it went if the other side played `theirs`, replayed from
/// the first round up to where the plays run out; `None` if they cannot
/// have been played.
fn imagine(view: &TilesView, theirs: &[u8]) -> Option<Tiles> {
    let me = view.seat;
    let first = view.history.first().map_or(view.leader, |r| r.leader);
    let mine: Vec<u8> = view.history.iter().map(|r| r.mine).chain(view.placed).collect();
    let mut game = Tiles::imagined(first);
    let mut plays: [std::slice::Iter<u8>; 2] = Default::default();
    plays[me] = mine.iter();
    plays[other(me)] = theirs.iter();
    while let Some(seat) = game.to_move() {
        let Some(&tile) = plays[seat].next() else { break };
        game.apply(seat, TilesAction { tile }).ok()?;
    }
    Some(game)
}

/// Whether their `k`th tile, the last of `theirs`, fits what `view` saw:
/// its colour, and the round's result once settled.
fn fits(view: &TilesView, theirs: &[u8], k: usize) -> bool {
    let x = theirs[k];
    let Some(seen) = view.history.get(k) else {
        return view.led == Some(Colour::of(x));
    };
    if Colour::of(x) != seen.theirs {
        return false;
    }
    let won_by: Option<Seat> = match seen.mine.cmp(&x) {
        std::cmp::Ordering::Greater => Some(view.seat),
        std::cmp::Ordering::Less => Some(other(view.seat)),
        std::cmp::Ordering::Equal => None,
    };
    won_by == seen.winner && imagine(view, theirs).is_some()
}

/// Every sequence of `needed` tiles that fits what `view` saw, each as
/// likely: the belief of a player who knows nothing of the other side's
/// ways.
fn believe_any(view: &TilesView, needed: usize) -> Vec<World> {
    let mut found = vec![Vec::new()];
    for k in 0..needed {
        found = found
            .into_iter()
            .flat_map(|theirs: Vec<u8>| {
                (0..super::rules::TILES).filter_map(move |x| {
                    let mut next = theirs.clone();
                    next.push(x);
                    (!theirs.contains(&x) && fits(view, &next, k)).then_some(next)
                })
            })
            .collect();
        found.truncate(MOST_WORLDS * 8);
    }
    let weight = 1.0 / found.len().max(1) as f64;
    found.into_iter().map(|theirs| World { theirs, weight }).collect()
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

impl Policy for Uniform {
    fn chances(&mut self, view: &TilesView) -> Vec<(u8, f64)> {
        let chance = 1.0 / view.hand.len() as f64;
        view.hand.iter().map(|&t| (t, chance)).collect()
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

impl Policy for Lowest {
    fn chances(&mut self, view: &TilesView) -> Vec<(u8, f64)> {
        vec![(view.hand.iter().copied().min().expect("a tile in hand"), 1.0)]
    }
}

impl Bot<Tiles> for Lowest {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        TilesAction {
            tile: self.chances(view)[0].0,
        }
    }
}
