//! Betting as the shared `Game` trait sees it: the view, the legal actions,
//! a check and its effect, the outcome and the record's random fills.

use crate::rules::GameRng;
use rand::RngExt;

use super::arrangement::{Placement, SLOTS, check_arrangement, random_arrangement};
use super::rules::*;
use crate::ids::GameId;
use crate::rules::{Chance, Configure, Game, Outcome, Seat};

/// Nothing to set up: no scenario, no dice.
impl Configure for Betting {
    fn configure(_: Option<&str>, _: Vec<u8>) -> Result<(), String> {
        Ok(())
    }
}

impl Game for Betting {
    type Action = BettingAction;
    type View = BettingView;
    type Event = BettingEvent;

    type Config = ();
    const ID: GameId = GameId::Betting;

    fn start(_: &(), seed: u64, chance: Chance) -> Self {
        Betting {
            seed,
            chance,
            placed: [None, None],
            stacks: [[0; SLOTS]; 2],
            winnings: [0, 0],
            results: Vec::new(),
        }
    }

    fn chance(&mut self) -> &mut Chance {
        &mut self.chance
    }

    fn first(&self) -> Option<Seat> {
        None
    }

    fn clock(&self) -> Option<(f32, BettingAction)> {
        match self.phase() {
            Phase::Setup => Some((SETUP_SECONDS, BettingAction::Timeout)),
            Phase::Slots => Some((DECISION_SECONDS, BettingAction::Timeout)),
            Phase::Over => None,
        }
    }

    fn to_move(&self) -> Option<Seat> {
        match self.phase() {
            Phase::Setup => self.placed.iter().position(Option::is_none),
            Phase::Slots => self.gap().map(|(low, _)| low),
            Phase::Over => None,
        }
    }

    fn view(&self, seat: Seat) -> BettingView {
        let phase = self.phase();
        let index = self.index();
        let in_slots = phase == Phase::Slots;
        let to_move = self.to_move();
        let mine = match &self.placed[seat] {
            Some(placed) => placed
                .iter()
                .zip(self.stacks[seat])
                .map(|(p, chips)| OwnSlot {
                    tile: p.tile,
                    placed: p.chips,
                    chips,
                })
                .collect(),
            None => Vec::new(),
        };
        BettingView {
            seat,
            phase,
            arranged: self.placed.each_ref().map(Option::is_some),
            slot: index + 1,
            mine,
            colours: in_slots.then(|| self.colours(index)),
            chips: in_slots.then(|| self.current_bets()),
            winnings: self.winnings,
            later: if phase == Phase::Setup {
                [0; 2]
            } else {
                [self.later(0), self.later(1)]
            },
            to_move,
            decision: match self.gap() {
                Some((low, gap)) if in_slots && low == seat => Some(Decision {
                    gap,
                    available: self.available(seat),
                }),
                _ => None,
            },
            history: self.results.clone(),
        }
    }

    fn legal_actions(&self) -> Vec<BettingAction> {
        match self.phase() {
            Phase::Setup => vec![
                BettingAction::Arrange(
                    (0..SLOTS as u8)
                        .map(|tile| Placement { tile, chips: 3 })
                        .collect(),
                ),
                BettingAction::Timeout,
            ],
            Phase::Slots => vec![
                BettingAction::Match(None),
                BettingAction::Fold,
                BettingAction::Timeout,
            ],
            Phase::Over => Vec::new(),
        }
    }

    fn check(&self, seat: Seat, action: &BettingAction) -> Result<(), String> {
        match self.to_move() {
            None => return Err("the game is over".into()),
            Some(s) if s != seat => return Err(format!("it is player {s}'s turn, not player {seat}'s")),
            Some(_) => {}
        }
        match (self.phase(), action) {
            (Phase::Setup, BettingAction::Arrange(arrangement)) => check_arrangement(arrangement),
            (Phase::Setup, BettingAction::Timeout) => Ok(()),
            (Phase::Setup, _) => Err("this is the setup: the action is an arrangement (or a timeout)".into()),
            (_, BettingAction::Arrange(_)) => {
                Err("the arrangement is fixed once play starts: match or fold".into())
            }
            (_, BettingAction::Match(Some(sourcing))) => {
                let (_, gap) = self.gap().expect("a seat to move has a gap");
                self.purse(seat).check(seat, gap, sourcing)
            }
            _ => Ok(()),
        }
    }

    fn apply(&mut self, seat: Seat, action: BettingAction) -> Result<Vec<BettingEvent>, String> {
        self.check(seat, &action)?;
        Ok(match (self.phase(), action) {
            (Phase::Setup, BettingAction::Arrange(arrangement)) => self.arrange(seat, arrangement, false),
            (Phase::Setup, _) => {
                let arrangement = self.timed_out_arrangement(seat)?;
                self.arrange(seat, arrangement, true)
            }
            (_, action) => self.settle(seat, action),
        })
    }

    fn round(&self) -> u32 {
        match self.phase() {
            Phase::Setup => 0,
            _ => (self.index() + 1).min(SLOTS) as u32,
        }
    }

    fn standing(&self) -> [i64; 2] {
        self.winnings.map(i64::from)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase() == Phase::Over).then(|| Outcome::by_score(self.winnings.map(i64::from)))
    }

    fn random_action(&self, rng: &mut GameRng) -> BettingAction {
        let seat = self
            .to_move()
            .expect("random_action is only asked while the game goes on");
        if self.phase() == Phase::Setup {
            return if rng.random_bool(0.1) {
                BettingAction::Timeout
            } else {
                BettingAction::Arrange(random_arrangement(rng))
            };
        }
        match rng.random_range(0..20) {
            0 => BettingAction::Timeout,
            1..10 => BettingAction::Fold,
            10..15 => BettingAction::Match(None),
            _ => {
                let (_, gap) = self.gap().expect("a seat to move has a gap");
                BettingAction::Match(Some(self.random_sourcing(seat, gap, rng)))
            }
        }
    }
}
