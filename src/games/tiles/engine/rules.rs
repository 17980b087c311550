//! Black and White (tiles): the pure rules core.
//!
//! Each player holds tiles 0..=8; even tiles are black, odd tiles white. The
//! leader places a tile, the follower learns only its colour and places one
//! of theirs, and only the result is announced.

use crate::rules::GameRng;
use rand::seq::IndexedRandom;
use serde::{Deserialize, Serialize};

use crate::ids::GameId;
pub use crate::rules::Colour;
use crate::rules::{Chance, Configure, Game, Outcome, Seat, coin_flip, higher, other};

pub const TILES: u8 = 9;
pub const ROUNDS: usize = 9;

/// A set of tiles as bits 0..=8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Hand(pub u16);

impl Hand {
    pub const FULL: Hand = Hand((1 << TILES) - 1);

    pub fn contains(self, tile: u8) -> bool {
        tile < TILES && self.0 & (1 << tile) != 0
    }

    pub fn without(self, tile: u8) -> Hand {
        Hand(self.0 & !(1 << tile))
    }

    pub fn tiles(self) -> impl Iterator<Item = u8> {
        (0..TILES).filter(move |&t| self.contains(t))
    }

    pub fn count(self, colour: Colour) -> u8 {
        self.tiles().filter(|&t| Colour::of(t) == colour).count() as u8
    }

    /// Every hand holding exactly this many tiles of each colour.
    pub fn with_counts(black: u8, white: u8) -> impl Iterator<Item = Hand> {
        (0..1u16 << TILES)
            .map(Hand)
            .filter(move |h| h.count(Colour::Black) == black && h.count(Colour::White) == white)
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// The tiles of each colour that a player has not played yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColourCount {
    pub black: u8,
    pub white: u8,
}

/// One settled round as both players saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub leader: Seat,
    pub tiles: [u8; 2],
    pub winner: Option<Seat>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tiles {
    seed: u64,
    /// The coin flip's and random fills' outcomes, for the record.
    chance: Chance,
    first: Seat,
    leader: Seat,
    hands: [Hand; 2],
    /// The leader's tile once placed this round.
    led: Option<u8>,
    rounds: Vec<Round>,
    score: [u8; 2],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TilesAction {
    pub tile: u8,
}

/// What one player knows of a round that has been settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenRound {
    pub leader: Seat,
    pub mine: u8,
    pub theirs: Colour,
    pub winner: Option<Seat>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TilesView {
    pub seat: Seat,
    /// 1..=9; 10 once the game is over.
    pub round: usize,
    pub leader: Seat,
    pub to_move: Option<Seat>,
    pub hand: Vec<u8>,
    pub score: [u8; 2],
    pub opponent_left: ColourCount,
    /// The colour of the tile the leader has placed this round.
    pub led: Option<Colour>,
    /// The tile this seat has placed this round, if it led.
    pub placed: Option<u8>,
    pub history: Vec<SeenRound>,
}

impl TilesView {
    pub fn opponent(&self) -> Seat {
        other(self.seat)
    }

    pub fn is_leading(&self) -> bool {
        self.to_move == Some(self.seat) && self.leader == self.seat
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum TilesEvent {
    Placed {
        seat: Seat,
        colour: Colour,
    },
    Settled {
        round: usize,
        leader: Seat,
        colours: [Colour; 2],
        winner: Option<Seat>,
        score: [u8; 2],
    },
}

impl Tiles {
    /// The round being played, 1..=9, or 10 once the game is over.
    pub fn round(&self) -> usize {
        self.rounds.len() + 1
    }

    pub fn leader(&self) -> Seat {
        self.leader
    }

    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat]
    }

    pub fn score(&self) -> [u8; 2] {
        self.score
    }

    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// Tiles of `seat` not yet placed, counting a tile placed this round as
    /// played.
    fn unplayed(&self, seat: Seat) -> Hand {
        match self.led {
            Some(tile) if seat == self.leader => self.hands[seat].without(tile),
            _ => self.hands[seat],
        }
    }

    /// A game as a player imagines it from what it saw: both hands full and
    /// `first` leading, its seed unknown (0). Replaying the plays it
    /// believes in gives the view the other side had.
    pub fn imagined(first: Seat) -> Tiles {
        Tiles::begun(0, Chance::default(), first)
    }

    /// A game before its first action, `first` to begin.
    fn begun(seed: u64, chance: Chance, first: Seat) -> Tiles {
        Tiles {
            seed,
            chance,
            first,
            leader: first,
            hands: [Hand::FULL; 2],
            led: None,
            rounds: Vec::new(),
            score: [0, 0],
        }
    }

    /// The sequence each player played, round by round: the end reveal.
    pub fn played(&self) -> [Vec<u8>; 2] {
        [0, 1].map(|seat| self.rounds.iter().map(|r| r.tiles[seat]).collect())
    }
}

/// Nothing to set up: no scenario, no dice.
impl Configure for Tiles {
    fn configure(_: Option<&str>, _: Vec<u8>) -> Result<(), String> {
        Ok(())
    }
}

impl Game for Tiles {
    type Action = TilesAction;
    type View = TilesView;
    type Event = TilesEvent;

    type Config = ();
    const ID: GameId = GameId::Tiles;

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
        } else if self.led.is_some() {
            Some(other(self.leader))
        } else {
            Some(self.leader)
        }
    }

    fn view(&self, seat: Seat) -> TilesView {
        let opponent = self.unplayed(other(seat));
        TilesView {
            seat,
            round: self.round(),
            leader: self.leader,
            to_move: self.to_move(),
            hand: self.unplayed(seat).tiles().collect(),
            score: self.score,
            opponent_left: ColourCount {
                black: opponent.count(Colour::Black),
                white: opponent.count(Colour::White),
            },
            led: self.led.map(Colour::of),
            placed: self.led.filter(|_| seat == self.leader),
            history: self
                .rounds
                .iter()
                .map(|r| SeenRound {
                    leader: r.leader,
                    mine: r.tiles[seat],
                    theirs: Colour::of(r.tiles[other(seat)]),
                    winner: r.winner,
                })
                .collect(),
        }
    }

    fn legal_actions(&self) -> Vec<TilesAction> {
        match self.to_move() {
            Some(seat) => self
                .unplayed(seat)
                .tiles()
                .map(|tile| TilesAction { tile })
                .collect(),
            None => Vec::new(),
        }
    }

    fn check(&self, seat: Seat, action: &TilesAction) -> Result<(), String> {
        match self.to_move() {
            None => Err("the game is over".into()),
            Some(s) if s != seat => Err(format!("it is player {s}'s turn, not player {seat}'s")),
            Some(_) if !self.unplayed(seat).contains(action.tile) => {
                Err(format!("tile {} is not in player {seat}'s hand", action.tile))
            }
            Some(_) => Ok(()),
        }
    }

    fn apply(&mut self, seat: Seat, action: TilesAction) -> Result<Vec<TilesEvent>, String> {
        self.check(seat, &action)?;
        let colour = Colour::of(action.tile);
        let placed = TilesEvent::Placed { seat, colour };
        let Some(led) = self.led else {
            self.led = Some(action.tile);
            return Ok(vec![placed]);
        };
        let leader = self.leader;
        let mut tiles = [0; 2];
        tiles[leader] = led;
        tiles[seat] = action.tile;
        let winner = higher(tiles);
        for s in [0, 1] {
            self.hands[s] = self.hands[s].without(tiles[s]);
        }
        if let Some(w) = winner {
            self.score[w] += 1;
            self.leader = w;
        }
        self.led = None;
        self.rounds.push(Round {
            leader,
            tiles,
            winner,
        });
        Ok(vec![
            placed,
            TilesEvent::Settled {
                round: self.rounds.len(),
                leader,
                colours: tiles.map(Colour::of),
                winner,
                score: self.score,
            },
        ])
    }

    fn round(&self) -> u32 {
        (self.rounds.len() + 1).min(ROUNDS) as u32
    }

    fn standing(&self) -> [i64; 2] {
        self.score.map(i64::from)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.to_move().is_some() {
            return None;
        }
        Some(Outcome::by_score(self.score.map(i64::from)))
    }

    fn random_action(&self, rng: &mut GameRng) -> TilesAction {
        *self
            .legal_actions()
            .choose(rng)
            .expect("random_action is only asked while the game goes on")
    }
}
