//! Betting Black and White: the pure rules core.
//!
//! Each player arranges tiles 0..=9 in ten slots and stacks 30 chips on them
//! in secret. Slot by slot, equal stacks go straight to a showdown; otherwise
//! the lower bettor matches (from winnings and later tiles) or folds.

use crate::rules::GameRng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

pub use super::arrangement::{CHIPS, Draft, Placement, SLOTS, check_arrangement, random_arrangement};
use crate::rules::{Chance, Colour, Seat, higher, other, sub_seed};

/// Chips pulled off one of the matching player's later slots (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pull {
    pub slot: usize,
    pub chips: u8,
}

/// Where the chips of a match come from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sourcing {
    pub from_winnings: u8,
    pub pull: Vec<Pull>,
}

impl Sourcing {
    pub fn total(&self) -> u32 {
        u32::from(self.from_winnings) + self.pull.iter().map(|p| u32::from(p.chips)).sum::<u32>()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BettingAction {
    /// Ten placements, slot 1 first.
    Arrange(Vec<Placement>),
    Fold,
    /// `None`: winnings first, then the latest tiles.
    Match(Option<Sourcing>),
    /// The clock ran out: a random arrangement in setup, a fold in a slot.
    Timeout,
}

/// Why a fold was not the player's choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AutoFold {
    CannotCover,
    OutOfTime,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SlotOutcome {
    Showdown,
    Fold,
}

/// A settled slot: all of it public.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotResult {
    /// 1..=10.
    pub slot: usize,
    pub colours: [Colour; 2],
    /// The stacks as they came up, before any match.
    pub bets: [u8; 2],
    /// The stacks after any match.
    pub chips: [u8; 2],
    pub outcome: SlotOutcome,
    pub folder: Option<Seat>,
    pub auto: Option<AutoFold>,
    /// Who matched, and how many chips came from their winnings (the rest
    /// came off their later tiles).
    pub matched: Option<(Seat, u8)>,
    /// Both tiles, after a showdown only.
    pub tiles: Option<[u8; 2]>,
    /// Who took the slot's chips; `None` when equal tiles gave each their own.
    pub winner: Option<Seat>,
    pub winnings: [u8; 2],
    /// Each player's chips on the slots after this one.
    pub later: [u8; 2],
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BettingEvent {
    Arranged { seat: Seat, timed_out: bool },
    Settled(SlotResult),
}

/// The setup clock: three minutes to arrange the tiles and chips.
pub const SETUP_SECONDS: f32 = 180.0;
/// The decision clock: 20 seconds to match or fold a slot.
pub const DECISION_SECONDS: f32 = 20.0;

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Setup,
    Slots,
    Over,
}

/// One of the viewing player's own slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnSlot {
    pub tile: u8,
    /// As placed at setup.
    pub placed: u8,
    /// Now, after any pulls.
    pub chips: u8,
}

/// A match or fold that the viewing player must decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub gap: u8,
    pub available: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BettingView {
    pub seat: Seat,
    pub phase: Phase,
    /// Who has locked an arrangement.
    pub arranged: [bool; 2],
    /// The current slot, 1..=10 (11 once the game is over).
    pub slot: usize,
    /// This player's ten slots once arranged.
    pub mine: Vec<OwnSlot>,
    /// Both tiles' colours at the current slot.
    pub colours: Option<[Colour; 2]>,
    /// Both stacks at the current slot.
    pub chips: Option<[u8; 2]>,
    pub winnings: [u8; 2],
    /// Each player's chips on the slots after the current one.
    pub later: [u8; 2],
    pub to_move: Option<Seat>,
    pub decision: Option<Decision>,
    pub history: Vec<SlotResult>,
}

impl BettingView {
    /// The viewing player's own tile at the current slot.
    pub fn my_tile(&self) -> Option<u8> {
        self.mine.get(self.slot - 1).map(|s| s.tile)
    }

    /// The match that takes winnings first, then the latest tiles.
    pub fn default_sourcing(&self, gap: u8) -> Sourcing {
        let stacks = self.stacks();
        self.purse(&stacks).default_sourcing(gap)
    }

    /// Why this seat may not match the gap with `sourcing`, or `Ok`.
    pub fn check_sourcing(&self, gap: u8, sourcing: &Sourcing) -> Result<(), String> {
        let stacks = self.stacks();
        self.purse(&stacks).check(self.seat, gap, sourcing)
    }

    fn stacks(&self) -> Vec<u8> {
        self.mine.iter().map(|s| s.chips).collect()
    }

    pub(super) fn purse<'a>(&self, stacks: &'a [u8]) -> Purse<'a> {
        Purse {
            stacks,
            winnings: self.winnings[self.seat],
            slot: self.slot,
        }
    }

    /// The viewing player's later slots as (1-based slot, own slot).
    pub fn my_later(&self) -> impl Iterator<Item = (usize, OwnSlot)> + '_ {
        self.mine
            .iter()
            .copied()
            .enumerate()
            .skip(self.slot)
            .map(|(i, s)| (i + 1, s))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Betting {
    pub(super) seed: u64,
    /// The coin flip's and random fills' outcomes, for the record.
    pub(super) chance: Chance,
    /// The arrangements as placed at setup.
    pub(super) placed: [Option<Vec<Placement>>; 2],
    /// The chips on each slot now.
    pub(super) stacks: [[u8; SLOTS]; 2],
    pub(super) winnings: [u8; 2],
    pub(super) results: Vec<SlotResult>,
}

/// What one seat can pay a match with: its stacks and winnings, as its own
/// view holds them, so that the table checks a match as the rules do.
pub(super) struct Purse<'a> {
    stacks: &'a [u8],
    winnings: u8,
    /// The current slot, 1..=10.
    slot: usize,
}

impl Purse<'_> {
    fn default_sourcing(&self, gap: u8) -> Sourcing {
        let from_winnings = self.winnings.min(gap);
        let mut left = gap - from_winnings;
        let mut pull = Vec::new();
        for t in (self.slot..SLOTS).rev() {
            let chips = left.min(self.stacks[t] - 1);
            if chips > 0 {
                pull.push(Pull { slot: t + 1, chips });
                left -= chips;
            }
        }
        Sourcing { from_winnings, pull }
    }

    pub(super) fn check(&self, seat: Seat, gap: u8, sourcing: &Sourcing) -> Result<(), String> {
        let current = self.slot;
        for (i, pull) in sourcing.pull.iter().enumerate() {
            if pull.slot <= current || pull.slot > SLOTS {
                return Err(format!(
                    "chips can only be pulled from later slots ({} to {SLOTS}), not slot {}",
                    current + 1,
                    pull.slot
                ));
            }
            if sourcing.pull[..i].iter().any(|p| p.slot == pull.slot) {
                return Err(format!("slot {} appears twice in pull", pull.slot));
            }
            if pull.chips == 0 {
                return Err(format!("the pull from slot {} has no chips", pull.slot));
            }
            let on = self.stacks[pull.slot - 1];
            if pull.chips >= on {
                return Err(format!(
                    "slot {} has {on} chip{}; it must keep at least 1, so at most {} can come off",
                    pull.slot,
                    if on == 1 { "" } else { "s" },
                    on - 1
                ));
            }
        }
        if sourcing.total() != u32::from(gap) {
            return Err(format!(
                "the match must add exactly the gap of {gap}, not {}",
                sourcing.total()
            ));
        }
        if sourcing.from_winnings > self.winnings {
            return Err(format!(
                "from_winnings is {} but player {seat} has only {} in winnings",
                sourcing.from_winnings, self.winnings
            ));
        }
        Ok(())
    }
}

impl Betting {
    /// The current slot, 0-based; `SLOTS` once the game is over.
    pub(super) fn index(&self) -> usize {
        self.results.len()
    }

    pub fn phase(&self) -> Phase {
        if self.placed.iter().any(Option::is_none) {
            Phase::Setup
        } else if self.index() < SLOTS {
            Phase::Slots
        } else {
            Phase::Over
        }
    }

    pub fn results(&self) -> &[SlotResult] {
        &self.results
    }

    pub fn winnings(&self) -> [u8; 2] {
        self.winnings
    }

    /// The chips on every slot of a seat now (settled slots keep their last
    /// stack as a record).
    pub fn stacks(&self, seat: Seat) -> [u8; SLOTS] {
        self.stacks[seat]
    }

    /// The arrangements as placed at setup.
    pub fn arrangement(&self, seat: Seat) -> Option<&[Placement]> {
        self.placed[seat].as_deref()
    }

    fn tile(&self, seat: Seat, index: usize) -> u8 {
        self.placed[seat].as_ref().expect("arranged")[index].tile
    }

    /// Chips on the slots after the current one.
    pub(super) fn later(&self, seat: Seat) -> u8 {
        let from = (self.index() + 1).min(SLOTS);
        self.stacks[seat][from..].iter().sum()
    }

    /// What a seat could add to the current slot: winnings plus all but one
    /// chip of every later tile.
    pub fn available(&self, seat: Seat) -> u8 {
        let from = (self.index() + 1).min(SLOTS);
        self.winnings[seat] + self.stacks[seat][from..].iter().map(|c| c - 1).sum::<u8>()
    }

    /// The lower bettor at the current slot and the gap to cover.
    pub(super) fn gap(&self) -> Option<(Seat, u8)> {
        if self.phase() != Phase::Slots {
            return None;
        }
        let i = self.index();
        let a = [self.stacks[0][i], self.stacks[1][i]];
        higher(a).map(|high| (other(high), a[high] - a[other(high)]))
    }

    /// The default sourcing: winnings first, then slot 10 down to 1 chip,
    /// then slot 9, and so on.
    /// What `seat` can pay a match with now.
    pub(super) fn purse(&self, seat: Seat) -> Purse<'_> {
        Purse {
            stacks: &self.stacks[seat],
            winnings: self.winnings[seat],
            slot: self.index() + 1,
        }
    }

    /// Settles the slot the lower bettor left (by a match or a fold) and
    /// every slot after it that needs no decision.
    pub(super) fn settle(&mut self, seat: Seat, action: BettingAction) -> Vec<BettingEvent> {
        let (_, gap) = self.gap().expect("a decision is asked only on unequal stacks");
        let mut events = Vec::new();
        match action {
            BettingAction::Match(sourcing) => {
                let sourcing = sourcing.unwrap_or_else(|| self.purse(seat).default_sourcing(gap));
                self.winnings[seat] -= sourcing.from_winnings;
                for pull in &sourcing.pull {
                    self.stacks[seat][pull.slot - 1] -= pull.chips;
                }
                let bets = self.current_bets();
                self.stacks[seat][self.index()] += gap;
                events.push(self.showdown(bets, Some((seat, sourcing.from_winnings))));
            }
            BettingAction::Timeout => events.push(self.fold(seat, Some(AutoFold::OutOfTime))),
            _ => events.push(self.fold(seat, None)),
        }
        events.extend(self.run_on());
        events
    }

    pub(super) fn current_bets(&self) -> [u8; 2] {
        let i = self.index();
        [self.stacks[0][i], self.stacks[1][i]]
    }

    /// Settles slots while none needs a decision: equal stacks and gaps the
    /// lower bettor cannot cover.
    fn run_on(&mut self) -> Vec<BettingEvent> {
        let mut events = Vec::new();
        while self.index() < SLOTS {
            match self.gap() {
                None => {
                    let bets = self.current_bets();
                    events.push(self.showdown(bets, None));
                }
                Some((low, gap)) if self.available(low) < gap => {
                    events.push(self.fold(low, Some(AutoFold::CannotCover)));
                }
                Some(_) => break,
            }
        }
        events
    }

    pub(super) fn colours(&self, index: usize) -> [Colour; 2] {
        [0, 1].map(|s| Colour::of(self.tile(s, index)))
    }

    fn showdown(&mut self, bets: [u8; 2], matched: Option<(Seat, u8)>) -> BettingEvent {
        let i = self.index();
        let chips = self.current_bets();
        let tiles = [self.tile(0, i), self.tile(1, i)];
        let winner = higher(tiles);
        match winner {
            Some(w) => self.winnings[w] += chips[0] + chips[1],
            None => {
                for s in [0, 1] {
                    self.winnings[s] += chips[s];
                }
            }
        }
        self.record(SlotResult {
            slot: i + 1,
            colours: self.colours(i),
            bets,
            chips,
            outcome: SlotOutcome::Showdown,
            folder: None,
            auto: None,
            matched,
            tiles: Some(tiles),
            winner,
            winnings: self.winnings,
            later: [0; 2],
        })
    }

    fn fold(&mut self, folder: Seat, auto: Option<AutoFold>) -> BettingEvent {
        let i = self.index();
        let chips = self.current_bets();
        let winner = other(folder);
        self.winnings[winner] += chips[0] + chips[1];
        self.record(SlotResult {
            slot: i + 1,
            colours: self.colours(i),
            bets: chips,
            chips,
            outcome: SlotOutcome::Fold,
            folder: Some(folder),
            auto,
            matched: None,
            tiles: None,
            winner: Some(winner),
            winnings: self.winnings,
            later: [0; 2],
        })
    }

    fn record(&mut self, result: SlotResult) -> BettingEvent {
        self.results.push(result);
        // The chips after the settled slot: from the new current slot on.
        let from = self.index();
        let later = [0, 1].map(|s| self.stacks[s][from..].iter().sum());
        let last = self.results.last_mut().expect("just pushed");
        last.later = later;
        BettingEvent::Settled(*last)
    }

    pub(super) fn arrange(
        &mut self,
        seat: Seat,
        arrangement: Vec<Placement>,
        timed_out: bool,
    ) -> Vec<BettingEvent> {
        for (i, p) in arrangement.iter().enumerate() {
            self.stacks[seat][i] = p.chips;
        }
        self.placed[seat] = Some(arrangement);
        let mut events = vec![BettingEvent::Arranged { seat, timed_out }];
        if self.phase() == Phase::Slots {
            events.extend(self.run_on());
        }
        events
    }
}

impl Betting {
    /// The random arrangement after a setup time-out, from the seed or the
    /// replay's record: each slot's tile, then each slot's chips.
    pub(super) fn timed_out_arrangement(&mut self, seat: Seat) -> Result<Vec<Placement>, String> {
        let seed = sub_seed(self.seed, 20 + seat as u64);
        let drawn = self.chance.draw_many(2 * SLOTS, "random arrangement", || {
            let seeded = random_arrangement(&mut GameRng::seed_from_u64(seed));
            let tiles = seeded.iter().map(|p| u32::from(p.tile));
            tiles.chain(seeded.iter().map(|p| u32::from(p.chips))).collect()
        });
        let (tiles, chips) = drawn.split_at(SLOTS);
        let arrangement: Vec<Placement> = tiles
            .iter()
            .zip(chips)
            .map(|(&tile, &chips)| Placement {
                tile: u8::try_from(tile).unwrap_or(u8::MAX),
                chips: u8::try_from(chips).unwrap_or(u8::MAX),
            })
            .collect();
        check_arrangement(&arrangement).map_err(|e| format!("the recorded random arrangement: {e}"))?;
        Ok(arrangement)
    }

    pub(super) fn random_sourcing(&self, seat: Seat, gap: u8, rng: &mut GameRng) -> Sourcing {
        let mut spare: Vec<(usize, u8)> = (self.index() + 1..SLOTS)
            .map(|t| (t, self.stacks[seat][t] - 1))
            .collect();
        let from_winnings = rng.random_range(0..=self.winnings[seat].min(gap));
        let mut left = gap - from_winnings;
        let mut pulled = [0u8; SLOTS];
        while left > 0 {
            let open: Vec<usize> = (0..spare.len()).filter(|&i| spare[i].1 > 0).collect();
            // Short of later chips: the rest comes from winnings.
            let Some(&pick) = open.get(rng.random_range(0..open.len().max(1))) else {
                break;
            };
            spare[pick].1 -= 1;
            pulled[spare[pick].0] += 1;
            left -= 1;
        }
        Sourcing {
            from_winnings: from_winnings + left,
            pull: (0..SLOTS)
                .filter(|&t| pulled[t] > 0)
                .map(|t| Pull {
                    slot: t + 1,
                    chips: pulled[t],
                })
                .collect(),
        }
    }
}
