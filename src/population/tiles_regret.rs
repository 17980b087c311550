//! Tiles' held-out member `regret`: a strategy of its own solved by
//! counterfactual regret minimisation (`black-and-white train`), mixed
//! where the abstraction's equilibrium mixes. Hard was never tuned on it
//! (issue 42 asks for players in a style none of the tuned ones has).
//!
//! The whole game has too many information sets to solve (a seat knows its
//! own order of play and every colour and result), so the strategy is
//! solved on an abstraction that keeps what a seat plays by: its own tiles
//! left, how many black tiles the other side has left, the score, and
//! whether it leads or answers a black or a white tile (`Situation`). Two
//! positions with the same situation are played alike; the solver is
//! Monte Carlo CFR with outcome sampling (Lanctot et al. 2009), one sampled
//! game per iteration, the average strategy being the answer.

use std::sync::{Arc, OnceLock};

use rand::{RngExt, SeedableRng};

use crate::games::tiles::engine::rules::TILES;
use crate::games::tiles::engine::{Colour, Tiles, TilesAction, TilesView};
use crate::rules::best_response::Policy;
use crate::rules::{Bot, GameRng, draw_by_weight};

/// The black tiles' bits (0, 2, 4, 6, 8).
const BLACK: u16 = 0b1_0101_0101;
/// The largest lead in points either side can hold.
const MOST_LEAD: i8 = TILES as i8;
const LEADS: usize = 2 * MOST_LEAD as usize + 1;
/// Leading, answering a black tile, answering a white one.
const ROLES: usize = 3;
/// Every situation, as `Situation::index` numbers them.
const SITUATIONS: usize = (1 << TILES) * 6 * LEADS * ROLES;

/// How often the solving seat explores a tile its strategy would not play:
/// this share of its moves are uniform, so every branch is sampled.
const EXPLORE: f64 = 0.6;

/// What a seat plays by, in the abstraction: two positions alike in these
/// are played alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Situation {
    /// Its own tiles left, as bits.
    hand: u16,
    /// The other side's black tiles left, counting a tile it just led.
    their_black: u8,
    /// Its lead in points.
    lead_by: i8,
    /// The colour of the tile it answers; `None` when it leads.
    answering: Option<Colour>,
}

impl Situation {
    /// The situation of the seat to move in `view`.
    fn of(view: &TilesView) -> Situation {
        let me = view.seat;
        let answering = view.led.filter(|_| !view.is_leading());
        let led_black = u8::from(answering == Some(Colour::Black));
        Situation {
            hand: view.hand.iter().fold(0, |m, &t| m | 1 << t),
            their_black: view.opponent_left.black + led_black,
            lead_by: view.score[me] as i8 - view.score[1 - me] as i8,
            answering,
        }
    }

    /// Its place in the solver's tables.
    fn index(self) -> usize {
        let role = match self.answering {
            None => 0,
            Some(Colour::Black) => 1,
            Some(Colour::White) => 2,
        };
        let lead = (self.lead_by.clamp(-MOST_LEAD, MOST_LEAD) + MOST_LEAD) as usize;
        ((usize::from(self.hand) * 6 + usize::from(self.their_black.min(5))) * LEADS + lead) * ROLES + role
    }
}

/// A game as the solver plays it: both hands, the leader's tile kept in
/// its hand until the round settles.
#[derive(Debug, Clone, Copy)]
struct Deal {
    hands: [u16; 2],
    leader: usize,
    led: Option<u8>,
    /// Seat 0's lead in points.
    lead_by: i8,
}

impl Deal {
    fn new(leader: usize) -> Deal {
        let full = (1 << TILES) - 1;
        Deal {
            hands: [full; 2],
            leader,
            led: None,
            lead_by: 0,
        }
    }

    fn to_move(self) -> Option<usize> {
        match self.led {
            None if self.hands[self.leader] == 0 => None,
            None => Some(self.leader),
            Some(_) => Some(1 - self.leader),
        }
    }

    fn situation(&self, seat: usize) -> Situation {
        let sign = if seat == 0 { 1 } else { -1 };
        Situation {
            hand: self.hands[seat],
            their_black: (self.hands[1 - seat] & BLACK).count_ones() as u8,
            lead_by: self.lead_by * sign,
            answering: self
                .led
                .map(|t| if t % 2 == 0 { Colour::Black } else { Colour::White }),
        }
    }

    fn after(mut self, tile: u8) -> Deal {
        let Some(led) = self.led else {
            self.led = Some(tile);
            return self;
        };
        let follower = 1 - self.leader;
        self.hands[self.leader] &= !(1 << led);
        self.hands[follower] &= !(1 << tile);
        self.led = None;
        let winner = match led.cmp(&tile) {
            std::cmp::Ordering::Greater => Some(self.leader),
            std::cmp::Ordering::Less => Some(follower),
            std::cmp::Ordering::Equal => None,
        };
        if let Some(w) = winner {
            self.lead_by += if w == 0 { 1 } else { -1 };
            self.leader = w;
        }
        self
    }

    /// The result for `seat`: 1 a win, 0 a draw, -1 a loss.
    fn result(&self, seat: usize) -> f64 {
        let sign = if seat == 0 { 1.0 } else { -1.0 };
        f64::from(self.lead_by.signum()) * sign
    }
}

/// The solver's tables: regrets and the running sum of the strategies
/// played, per situation and tile.
pub struct Trainer {
    regrets: Vec<f64>,
    sums: Vec<f64>,
    rng: GameRng,
}

impl Trainer {
    pub fn new(seed: u64) -> Trainer {
        Trainer {
            regrets: vec![0.0; SITUATIONS * TILES as usize],
            sums: vec![0.0; SITUATIONS * TILES as usize],
            rng: GameRng::seed_from_u64(seed),
        }
    }

    /// Plays `iterations` sampled games, each seat solving in turn.
    pub fn iterate(&mut self, iterations: u64) {
        for i in 0..iterations {
            let leader = self.rng.random_range(0..2);
            self.walk(Deal::new(leader), (i % 2) as usize, 1.0, 1.0);
        }
    }

    /// The strategy regret matching plays now in `slot`, over the tiles of
    /// `hand`.
    fn current(&self, slot: usize, hand: u16) -> [f64; TILES as usize] {
        let mut sigma = [0.0; TILES as usize];
        let regrets = &self.regrets[slot * TILES as usize..][..TILES as usize];
        let mut total = 0.0;
        for t in 0..TILES as usize {
            if hand & 1 << t != 0 {
                sigma[t] = regrets[t].max(0.0);
                total += sigma[t];
            }
        }
        let n = f64::from(hand.count_ones());
        for (t, s) in sigma.iter_mut().enumerate() {
            if hand & 1 << t != 0 {
                *s = if total > 0.0 { *s / total } else { 1.0 / n };
            }
        }
        sigma
    }

    /// One sampled game from `deal` for the solving seat `me`: its value
    /// to `me` over the sample's chance, and the chance of the rest of the
    /// game under the current strategies.
    fn walk(&mut self, deal: Deal, me: usize, their_reach: f64, sampled: f64) -> (f64, f64) {
        let Some(seat) = deal.to_move() else {
            return (deal.result(me) / sampled, 1.0);
        };
        let hand = deal.hands[seat];
        let slot = deal.situation(seat).index();
        let sigma = self.current(slot, hand);
        let n = f64::from(hand.count_ones());
        let chance = |t: usize| {
            if seat == me {
                EXPLORE / n + (1.0 - EXPLORE) * sigma[t]
            } else {
                sigma[t]
            }
        };
        let mut pick = self.rng.random::<f64>();
        let mut tile = TILES as usize;
        for t in 0..TILES as usize {
            if hand & 1 << t != 0 {
                tile = t;
                pick -= chance(t);
                if pick < 0.0 {
                    break;
                }
            }
        }
        let q = chance(tile);
        let next = deal.after(tile as u8);
        let base = slot * TILES as usize;
        if seat == me {
            let (value, tail) = self.walk(next, me, their_reach, sampled * q);
            let w = value * their_reach;
            for t in 0..TILES as usize {
                if hand & 1 << t != 0 {
                    let regret = if t == tile {
                        w * tail * (1.0 - sigma[tile])
                    } else {
                        -w * tail * sigma[tile]
                    };
                    self.regrets[base + t] += regret;
                }
            }
            (value, tail * sigma[tile])
        } else {
            let (value, tail) = self.walk(next, me, their_reach * sigma[tile], sampled * q);
            for (sum, s) in self.sums[base..][..TILES as usize].iter_mut().zip(sigma) {
                *sum += their_reach * s / sampled;
            }
            (value, tail * sigma[tile])
        }
    }

    /// The average strategy: each situation's chances, in tile order.
    pub fn strategy(&self) -> Strategy {
        let mut chances = vec![0u8; SITUATIONS * TILES as usize];
        for (slot, sums) in self.sums.chunks(TILES as usize).enumerate() {
            let total: f64 = sums.iter().sum();
            if total > 0.0 {
                for (c, s) in chances[slot * TILES as usize..].iter_mut().zip(sums) {
                    *c = (s / total * 255.0).round() as u8;
                }
            }
        }
        Strategy { chances }
    }
}

/// A solved strategy: each situation's chance of each tile in 255ths; all
/// zero where the solver never came (played uniformly).
pub struct Strategy {
    chances: Vec<u8>,
}

/// The first bytes of a strategy file.
const MAGIC: &[u8; 4] = b"BWT1";

impl Strategy {
    /// The chance of each tile in `view`'s hand, in the hand's order.
    pub fn chances(&self, view: &TilesView) -> Vec<f64> {
        let slot = Situation::of(view).index();
        let row = &self.chances[slot * TILES as usize..][..TILES as usize];
        let raw: Vec<f64> = view
            .hand
            .iter()
            .map(|&t| f64::from(row[usize::from(t)]))
            .collect();
        let total: f64 = raw.iter().sum();
        if total > 0.0 {
            raw.iter().map(|c| c / total).collect()
        } else {
            vec![1.0 / view.hand.len() as f64; view.hand.len()]
        }
    }

    /// The strategy as a file: the situations the solver reached, each as
    /// its distance from the last one (LEB128) and its hand's chances.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        let mut last = 0;
        for (slot, row) in self.chances.chunks(TILES as usize).enumerate() {
            if row.iter().all(|&c| c == 0) {
                continue;
            }
            let mut gap = slot - last;
            last = slot;
            loop {
                let low = (gap & 0x7f) as u8;
                gap >>= 7;
                bytes.push(if gap == 0 { low } else { low | 0x80 });
                if gap == 0 {
                    break;
                }
            }
            let hand = slot / (6 * LEADS * ROLES);
            bytes.extend((0..TILES as usize).filter(|t| hand & 1 << t != 0).map(|t| row[t]));
        }
        bytes
    }

    /// Reads `to_bytes`'s file; what is wrong with it, if anything.
    pub fn from_bytes(bytes: &[u8]) -> Result<Strategy, String> {
        let rest = bytes
            .strip_prefix(MAGIC)
            .ok_or("not a tiles strategy file (it does not begin with BWT1)")?;
        let mut chances = vec![0u8; SITUATIONS * TILES as usize];
        let mut at = 0;
        let mut slot = 0;
        while at < rest.len() {
            let mut gap = 0usize;
            let mut shift = 0;
            loop {
                let byte = *rest.get(at).ok_or("the strategy file ends inside a number")?;
                at += 1;
                gap |= usize::from(byte & 0x7f) << shift;
                shift += 7;
                if byte & 0x80 == 0 {
                    break;
                }
                if shift > 28 {
                    return Err("the strategy file holds a number too large".into());
                }
            }
            slot += gap;
            if slot >= SITUATIONS {
                return Err(format!("the strategy file names situation {slot}, past the last"));
            }
            let hand = slot / (6 * LEADS * ROLES);
            for t in (0..TILES as usize).filter(|t| hand & 1 << t != 0) {
                chances[slot * TILES as usize + t] =
                    *rest.get(at).ok_or("the strategy file ends inside a situation")?;
                at += 1;
            }
        }
        Ok(Strategy { chances })
    }
}

/// A player of a solved strategy: it draws each tile by its chance.
pub struct Solved {
    strategy: Arc<Strategy>,
    rng: GameRng,
}

impl Solved {
    pub fn new(strategy: Arc<Strategy>, seed: u64) -> Solved {
        Solved {
            strategy,
            rng: GameRng::seed_from_u64(seed),
        }
    }
}

impl Policy<Tiles> for Solved {
    fn chances(&mut self, view: &TilesView) -> Vec<(TilesAction, f64)> {
        let chances = self.strategy.chances(view);
        view.hand
            .iter()
            .zip(chances)
            .map(|(&tile, chance)| (TilesAction { tile }, chance))
            .collect()
    }
}

impl Bot<Tiles> for Solved {
    fn choose(&mut self, view: &TilesView) -> TilesAction {
        let chances = self.chances(view);
        draw_by_weight(&mut self.rng, &chances)
    }
}

/// The shipped strategy, solved by `black-and-white train --game tiles
/// --iterations 30000000 --seed 1 --out assets/population/tiles-regret.bin`.
pub fn shipped() -> Arc<Strategy> {
    static SHIPPED: OnceLock<Arc<Strategy>> = OnceLock::new();
    SHIPPED
        .get_or_init(|| {
            let bytes = include_bytes!("../../assets/population/tiles-regret.bin");
            Arc::new(Strategy::from_bytes(bytes).expect("the shipped strategy is a strategy file"))
        })
        .clone()
}
