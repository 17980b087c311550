//! The moment of play the betting table shows: the slot in the middle, the
//! result on screen and how far its animation has come, and how far the
//! end's reveal has turned the opponent's tiles.

use bevy::prelude::*;

use crate::games::betting::engine::rules::{
    Betting, BettingEvent, BettingView, SLOTS, SlotOutcome, SlotResult,
};
use crate::games::betting::pacing::ResultPacing;
use crate::rules::{Seat, other};
use crate::session::{Narrated, Shown};
use crate::settings::Settings;
use crate::ui::table::Reveal;
use crate::ui::theme;
use crate::ui::tile::Face;

/// The moments of a result on screen, in seconds at Normal speed: the
/// matching chips land, the tiles turn over, the pot leaves, the pot lands.
pub(super) const MATCHED_AT: f32 = 0.5;
pub(super) const TURNED_AT: f32 = 0.6;
pub(super) const PAY_AT: f32 = 1.1;
pub(super) const PAID_AT: f32 = 1.6;

/// What the table shows of play: the slot in the middle and the result on
/// screen with how far its animation has come (in Normal-speed seconds).
pub(super) struct Moment {
    pub(super) view: BettingView,
    /// The column being played or shown (0-based); `SLOTS` after the last.
    pub(super) column: usize,
    pub(super) result: Option<(SlotResult, f32)>,
    /// How many of the opponent's tiles the end reveal has turned over.
    pub(super) revealed: usize,
}

impl Moment {
    pub(super) fn new(
        shown: &Shown<Betting>,
        pacing: &ResultPacing,
        settings: &Settings,
        reveal: Option<&Reveal>,
        now: f32,
    ) -> Moment {
        let view = shown.view.clone();
        let factor = settings.animation_speed.factor();
        let result = pacing.on_screen(&view).map(|i| {
            let elapsed = if factor <= 0.0 {
                f32::MAX
            } else {
                pacing.held / factor
            };
            (view.history[i], elapsed)
        });
        let column = match result {
            Some((r, _)) => r.slot - 1,
            None => view.history.len(),
        };
        let revealed = reveal.map_or(0, |r| r.shown(now, settings, SLOTS));
        Moment {
            view,
            column,
            result,
            revealed,
        }
    }

    pub(super) fn me(&self) -> Seat {
        self.view.seat
    }

    /// Winnings as drawn: before the result on screen pays out, less what
    /// a match took from them.
    pub(super) fn winnings(&self) -> [u8; 2] {
        let Some((r, elapsed)) = self.result else {
            return self.view.winnings;
        };
        if elapsed >= PAID_AT {
            return r.winnings;
        }
        let mut before = match r.slot {
            1 => [0, 0],
            s => self.view.history[s - 2].winnings,
        };
        if let Some((seat, from_winnings)) = r.matched {
            before[seat] -= from_winnings;
        }
        before
    }

    /// The two stacks on the current slot as drawn.
    pub(super) fn stacks(&self) -> [u8; 2] {
        match self.result {
            Some((_, elapsed)) if elapsed >= PAY_AT => [0, 0],
            Some((r, elapsed)) if elapsed >= MATCHED_AT => r.chips,
            Some((r, _)) => r.bets,
            None => self.view.chips.unwrap_or([0, 0]),
        }
    }

    pub(super) fn their_later(&self) -> u8 {
        match self.result {
            Some((r, _)) => r.later[other(self.me())],
            None => self.view.later[other(self.me())],
        }
    }

    pub(super) fn their_face(
        &self,
        slot: usize,
        arrangement: Option<&[crate::games::betting::engine::Placement]>,
    ) -> Face {
        let them = other(self.me());
        if slot < self.revealed
            && let Some(placed) = arrangement
        {
            return Face::Up(placed[slot].tile);
        }
        let turned = |r: &SlotResult| {
            r.tiles
                .map(|t| Face::Up(t[them]))
                .unwrap_or(Face::Down(r.colours[them]))
        };
        match self.result {
            Some((r, elapsed)) if slot == self.column => {
                if elapsed >= TURNED_AT {
                    turned(&r)
                } else {
                    Face::Down(r.colours[them])
                }
            }
            _ if slot < self.column => turned(&self.view.history[slot]),
            _ if slot == self.column => self.view.colours.map_or(Face::Back, |c| Face::Down(c[them])),
            _ => Face::Back,
        }
    }

    /// The result of a settled column from the viewer's side: text and tint.
    pub(super) fn column_result(&self, slot: usize) -> Option<(String, Color)> {
        if slot >= self.column {
            return None;
        }
        let r = self.view.history.get(slot)?;
        let me = self.me();
        let fold = if r.outcome == SlotOutcome::Fold {
            "\nfold"
        } else {
            ""
        };
        Some(match r.winner {
            // Said as the winnings beside it are: chips won, chips lost.
            Some(w) if w == me => (format!("won {}{fold}", r.chips[other(me)]), theme::WIN),
            Some(_) => (format!("lost {}{fold}", r.chips[me]), theme::LOSS),
            None => ("back".into(), theme::DRAW),
        })
    }
}

pub(super) fn banner(moment: &Moment, names: &[String; 2]) -> String {
    match moment.result {
        Some((r, _)) => Betting::narrate(&BettingEvent::Settled(r), names).unwrap_or_default(),
        None => String::new(),
    }
}
