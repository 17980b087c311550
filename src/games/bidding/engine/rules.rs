//! Black and White II (bidding): the pure rules core.
//!
//! Each player spreads a pool of 99 points over nine sealed bids. The first
//! bidder's card (white for 10 or more, black for 9 or less) is shown to the
//! second bidder; the higher bid wins the round and both bids are spent.
//! Lamps show each pool roughly and change only when a round is settled.

use crate::rules::GameRng;
use rand::RngExt;
use serde::{Deserialize, Serialize};

use crate::ids::GameId;
use crate::rules::{Chance, Configure, Game, Outcome, Seat, coin_flip, higher, other};

pub const POOL: u8 = 99;
pub const ROUNDS: usize = 9;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Card {
    Black,
    White,
}

impl Card {
    /// The card a bid shows: white for 10 or more.
    pub fn of(bid: u8) -> Card {
        if bid >= 10 { Card::White } else { Card::Black }
    }
}

/// The lamps a pool lights: 0 → 0, 1-19 → 1, 20-39 → 2, … 80-99 → 5.
pub fn lamps(pool: u8) -> u8 {
    if pool == 0 { 0 } else { (pool / 20 + 1).min(5) }
}

/// The points a number of lamps stands for, for the "Lamp ranges" helper.
pub fn lamp_range(lamps: u8) -> (u8, u8) {
    match lamps {
        0 => (0, 0),
        1 => (1, 19),
        n => ((n - 1) * 20, ((n * 20) - 1).min(POOL)),
    }
}

/// One settled round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub first: Seat,
    pub bids: [u8; 2],
    pub winner: Option<Seat>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bidding {
    seed: u64,
    /// The coin flip's and random fills' outcomes, for the record.
    chance: Chance,
    first: Seat,
    /// Who bids first this round.
    bidder: Seat,
    pools: [u8; 2],
    /// The first bid of this round once sealed.
    sealed: Option<u8>,
    rounds: Vec<Round>,
    wins: [u8; 2],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BiddingAction {
    pub bid: u8,
}

/// What one player knows of a settled round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenRound {
    pub first: Seat,
    pub mine: u8,
    pub their_card: Card,
    pub winner: Option<Seat>,
    /// Both players' lamps after the round.
    pub lamps: [u8; 2],
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BiddingView {
    pub seat: Seat,
    /// 1..=9; 10 once the game is over.
    pub round: usize,
    /// Who bids first this round.
    pub first: Seat,
    pub to_move: Option<Seat>,
    pub pool: u8,
    /// Both players' lamps as they stood when the round began.
    pub lamps: [u8; 2],
    pub wins: [u8; 2],
    /// The first bidder's card, shown to the second bidder.
    pub card: Option<Card>,
    /// This seat's own sealed first bid this round.
    pub sealed: Option<u8>,
    pub history: Vec<SeenRound>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BiddingEvent {
    Sealed {
        seat: Seat,
        card: Card,
    },
    Settled {
        round: usize,
        first: Seat,
        cards: [Card; 2],
        lamps: [u8; 2],
        winner: Option<Seat>,
        wins: [u8; 2],
    },
}

impl Bidding {
    /// A game as a player imagines it from what it saw: both pools full and
    /// `first` bidding first, its seed unknown (0). Replaying the bids it
    /// believes in gives the view the other side had.
    pub fn imagined(first: Seat) -> Bidding {
        Bidding::begun(0, Chance::default(), first)
    }

    /// A game before its first action, `first` to begin.
    fn begun(seed: u64, chance: Chance, first: Seat) -> Bidding {
        Bidding {
            seed,
            chance,
            first,
            bidder: first,
            pools: [POOL; 2],
            sealed: None,
            rounds: Vec::new(),
            wins: [0, 0],
        }
    }

    pub fn round(&self) -> usize {
        self.rounds.len() + 1
    }

    pub fn pools(&self) -> [u8; 2] {
        self.pools
    }

    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    pub fn wins(&self) -> [u8; 2] {
        self.wins
    }

    /// Every bid of each player, round by round: the end reveal.
    pub fn bids(&self) -> [Vec<u8>; 2] {
        [0, 1].map(|seat| self.rounds.iter().map(|r| r.bids[seat]).collect())
    }

    /// A seat's pool as the lamps know it: before this round's sealed bid.
    fn pool_now(&self, seat: Seat) -> u8 {
        match self.sealed {
            Some(bid) if seat == self.bidder => self.pools[seat] - bid,
            _ => self.pools[seat],
        }
    }
}

/// Nothing to set up: no scenario, no dice.
impl Configure for Bidding {
    fn configure(_: Option<&str>, _: Vec<u8>) -> Result<(), String> {
        Ok(())
    }
}

impl Game for Bidding {
    type Action = BiddingAction;
    type View = BiddingView;
    type Event = BiddingEvent;

    type Config = ();
    const ID: GameId = GameId::Bidding;

    fn start(_: &(), seed: u64, mut chance: Chance) -> Self {
        let first = coin_flip(seed, &mut chance);
        Self::begun(seed, chance, first)
    }

    fn chance(&mut self) -> &mut Chance {
        &mut self.chance
    }

    fn first(&self) -> Option<Seat> {
        Some(self.first)
    }

    fn to_move(&self) -> Option<Seat> {
        if self.rounds.len() == ROUNDS {
            None
        } else if self.sealed.is_some() {
            Some(other(self.bidder))
        } else {
            Some(self.bidder)
        }
    }

    fn view(&self, seat: Seat) -> BiddingView {
        BiddingView {
            seat,
            round: self.round(),
            first: self.bidder,
            to_move: self.to_move(),
            pool: self.pool_now(seat),
            lamps: self.pools.map(lamps),
            wins: self.wins,
            card: self.sealed.filter(|_| seat != self.bidder).map(Card::of),
            sealed: self.sealed.filter(|_| seat == self.bidder),
            history: self
                .rounds
                .iter()
                .scan([POOL; 2], |pools, r| {
                    for s in [0, 1] {
                        pools[s] -= r.bids[s];
                    }
                    Some(SeenRound {
                        first: r.first,
                        mine: r.bids[seat],
                        their_card: Card::of(r.bids[other(seat)]),
                        winner: r.winner,
                        lamps: pools.map(lamps),
                    })
                })
                .collect(),
        }
    }

    fn legal_actions(&self) -> Vec<BiddingAction> {
        match self.to_move() {
            Some(seat) => (0..=self.pool_now(seat))
                .map(|bid| BiddingAction { bid })
                .collect(),
            None => Vec::new(),
        }
    }

    fn check(&self, seat: Seat, action: &BiddingAction) -> Result<(), String> {
        match self.to_move() {
            None => Err("the game is over".into()),
            Some(s) if s != seat => Err(format!("it is player {s}'s turn, not player {seat}'s")),
            Some(_) if action.bid > self.pool_now(seat) => Err(format!(
                "a bid of {} is more than the {} points left in player {seat}'s pool",
                action.bid,
                self.pool_now(seat)
            )),
            Some(_) => Ok(()),
        }
    }

    fn apply(&mut self, seat: Seat, action: BiddingAction) -> Result<Vec<BiddingEvent>, String> {
        self.check(seat, &action)?;
        let card = Card::of(action.bid);
        let sealed = BiddingEvent::Sealed { seat, card };
        let Some(first_bid) = self.sealed else {
            self.sealed = Some(action.bid);
            return Ok(vec![sealed]);
        };
        let first = self.bidder;
        let mut bids = [0; 2];
        bids[first] = first_bid;
        bids[seat] = action.bid;
        let winner = higher(bids);
        for s in [0, 1] {
            self.pools[s] -= bids[s];
        }
        if let Some(w) = winner {
            self.wins[w] += 1;
            self.bidder = w;
        }
        self.sealed = None;
        self.rounds.push(Round { first, bids, winner });
        Ok(vec![
            sealed,
            BiddingEvent::Settled {
                round: self.rounds.len(),
                first,
                cards: bids.map(Card::of),
                lamps: self.pools.map(lamps),
                winner,
                wins: self.wins,
            },
        ])
    }

    fn round(&self) -> u32 {
        (self.rounds.len() + 1).min(ROUNDS) as u32
    }

    fn standing(&self) -> [i64; 2] {
        self.wins.map(i64::from)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.to_move().is_some() {
            return None;
        }
        Some(Outcome::by_score(self.wins.map(i64::from)))
    }

    fn random_action(&self, rng: &mut GameRng) -> BiddingAction {
        let seat = self
            .to_move()
            .expect("random_action is only asked while the game goes on");
        BiddingAction {
            bid: rng.random_range(0..=self.pool_now(seat)),
        }
    }
}
