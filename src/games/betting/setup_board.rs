//! The setup board as the game holds it: the draft the person at the screen
//! fills in, the Messages that edit it, and the lock that turns it into an
//! arrangement. The table and HUD only draw it and send edits.

use crate::rules::GameRng;
use bevy::prelude::*;

use crate::ids::GameId;

use crate::screens::ActiveGame;
use rand::SeedableRng;

use super::engine::rules::{Betting, BettingAction, Draft, Phase, Placement};
use crate::rules::Seat;
use crate::session::Launch;
use crate::session::{Act, Shown};

/// The draft of the player setting up now.
#[derive(Resource, Debug, Default)]
pub struct SetupBoard {
    pub draft: Draft,
    /// Whose draft it is; another player starts from an empty board.
    pub seat: Option<Seat>,
    /// Why the last Lock was refused.
    pub problem: Option<String>,
    rng: Option<GameRng>,
}

/// An edit of the setup board: from the mouse, the keyboard or a test.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupEdit {
    /// Put a tile in a slot (0-based); a tile there swaps places with it.
    Place {
        tile: u8,
        slot: usize,
    },
    /// Take the tile in a slot back off the board.
    Lift {
        slot: usize,
    },
    AddChip {
        slot: usize,
    },
    RemoveChip {
        slot: usize,
    },
    /// Fill every gap at random, as a run-out clock would.
    FillAtRandom,
    Clear,
    Lock,
}

impl SetupBoard {
    /// Starts afresh when another player (or another game) sets up.
    /// Starts `seat`'s own board, its random fills from `fill_seed`.
    pub fn follow(&mut self, seat: Seat, fill_seed: u64) {
        if self.seat != Some(seat) {
            *self = SetupBoard {
                seat: Some(seat),
                rng: Some(GameRng::seed_from_u64(fill_seed)),
                ..default()
            };
        }
    }

    /// Applies an edit; a Lock on a complete board gives the arrangement.
    pub fn edit(&mut self, edit: SetupEdit) -> Option<Vec<Placement>> {
        self.problem = None;
        let draft = &mut self.draft;
        match edit {
            SetupEdit::Place { tile, slot } => draft.place(tile, slot),
            SetupEdit::Lift { slot } => draft.lift(slot),
            SetupEdit::AddChip { slot } => draft.add_chip(slot),
            SetupEdit::RemoveChip { slot } => draft.remove_chip(slot),
            SetupEdit::Clear => *draft = Draft::default(),
            SetupEdit::FillAtRandom => {
                let draft = self.draft;
                let filled = draft.complete(self.rng());
                for (slot, p) in filled.iter().enumerate() {
                    self.draft.tiles[slot] = Some(p.tile);
                    self.draft.chips[slot] = p.chips;
                }
            }
            SetupEdit::Lock => match draft.arrangement() {
                Ok(arrangement) => return Some(arrangement),
                Err(problem) => self.problem = Some(problem),
            },
        }
        None
    }

    fn rng(&mut self) -> &mut GameRng {
        self.rng.get_or_insert_with(|| GameRng::seed_from_u64(0))
    }

    /// The arrangement a run-out clock locks in: the draft with its gaps
    /// filled at random, or the rules' own random one for an untouched board.
    pub fn timed_out(&mut self) -> BettingAction {
        if self.draft.is_untouched() {
            BettingAction::Timeout
        } else {
            let draft = self.draft;
            BettingAction::Arrange(draft.complete(self.rng()))
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SetupBoard>()
        .add_message::<SetupEdit>()
        .add_systems(
            Update,
            (
                quick_setup.run_if(|launch: Option<Res<Launch>>| launch.is_some_and(|l| l.quick_setup)),
                edit_setup,
            )
                .chain()
                .run_if(in_state(ActiveGame::Playing(GameId::Betting)))
                .in_set(crate::app_systems::AppSystems::RecordInput),
        );
}

/// The person setting up, if the board is theirs to edit now.
pub fn setting_up(shown: &Shown<Betting>) -> Option<Seat> {
    shown.acting.filter(|_| shown.view.phase == Phase::Setup)
}

/// `--quick-setup`: an untouched board is filled at random and locked.
fn quick_setup(shown: Res<Shown<Betting>>, board: Res<SetupBoard>, mut edits: MessageWriter<SetupEdit>) {
    if setting_up(&shown).is_some() && board.draft.is_untouched() {
        edits.write_batch([SetupEdit::FillAtRandom, SetupEdit::Lock]);
    }
}

pub(super) fn edit_setup(
    shown: Res<Shown<Betting>>,
    mut board: ResMut<SetupBoard>,
    mut edits: MessageReader<SetupEdit>,
    mut acts: MessageWriter<Act<Betting>>,
) {
    let Some(seat) = setting_up(&shown) else {
        edits.clear();
        return;
    };
    board.follow(seat, shown.fill_seed);
    for edit in edits.read() {
        if let Some(arrangement) = board.edit(*edit) {
            acts.write(Act::new(BettingAction::Arrange(arrangement)));
        }
    }
}
