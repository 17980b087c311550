//! The army being built by the person at the screen, before it is sent as
//! one `Build` action: bought, placed on the first row, moved, removed.

use bevy::prelude::*;

use crate::ids::GameId;

use crate::screens::ActiveGame;

use crate::app_systems::AppSystems;
use crate::games::wargame::engine::board::Coord;
use crate::games::wargame::engine::data::Rulebook;
use crate::games::wargame::engine::state::{Action, Phase, Placement, Wargame};
use crate::rules::Seat;
use crate::session::Shown;

/// The army being built by the person at the screen.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Draft {
    /// The seat it is built for: a new builder starts afresh.
    pub seat: Option<Seat>,
    pub commander: Option<String>,
    pub army: Vec<Placement>,
    /// The block picked up to be put on another hex.
    pub moving: Option<usize>,
    /// Why the last edit could not be made.
    pub problem: Option<String>,
}

impl Draft {
    pub fn cost(&self) -> u32 {
        let book = Rulebook::get();
        self.army
            .iter()
            .filter_map(|p| book.unit(&p.class))
            .map(|c| c.cost)
            .sum()
    }

    pub fn action(&self) -> Action {
        Action::Build {
            commander: self.commander.clone(),
            army: self.army.clone(),
        }
    }

    /// Whether the draft with `army` would be a legal army, ignoring the
    /// rule that it must not be empty.
    fn fits(&self, game: &Wargame, seat: Seat, army: &[Placement]) -> Result<(), String> {
        if army.is_empty() {
            return Ok(());
        }
        game.check_build(seat, &self.commander, army)
    }

    /// The hexes blocks may be placed on: the first row, lit on the board.
    pub fn first_row(game: &Wargame, seat: Seat) -> Vec<Coord> {
        game.map.row(game.scenario.side(seat).first_row).collect()
    }

    /// Buys a block of `class` and stands it on the first free hex of the
    /// first row that takes it.
    pub fn buy(&mut self, game: &Wargame, seat: Seat, class: &str) {
        let mut last = String::from("no hex on your first row takes it");
        for at in Draft::first_row(game, seat) {
            let mut army = self.army.clone();
            army.push(Placement {
                class: class.to_string(),
                at,
            });
            match self.fits(game, seat, &army) {
                Ok(()) => {
                    self.army = army;
                    self.problem = None;
                    return;
                }
                Err(e) => last = e,
            }
        }
        self.problem = Some(last);
    }

    /// A click on the board while building: pick up a block, or put the
    /// one picked up on `at`.
    pub fn click(&mut self, game: &Wargame, seat: Seat, at: Coord) {
        match self.moving.take() {
            Some(index) => {
                let mut army = self.army.clone();
                army[index].at = at;
                match self.fits(game, seat, &army) {
                    Ok(()) => {
                        self.army = army;
                        self.problem = None;
                    }
                    Err(e) => self.problem = Some(e),
                }
            }
            None => self.moving = self.army.iter().position(|p| p.at == at),
        }
    }

    /// Removes the last block bought on `at`.
    pub fn remove_at(&mut self, at: Coord) {
        if let Some(index) = self.army.iter().rposition(|p| p.at == at) {
            self.army.remove(index);
            self.moving = None;
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Draft>().add_systems(
        Update,
        fresh_draft
            .run_if(in_state(ActiveGame::Playing(GameId::Wargame)))
            .in_set(AppSystems::RecordInput),
    );
}

/// A new builder (or a new battle) starts from an empty army.
fn fresh_draft(shown: Res<Shown<Wargame>>, mut draft: ResMut<Draft>) {
    let builder = shown.acting.filter(|_| shown.view.phase == Phase::Building);
    if builder.is_some() && draft.seat != builder {
        *draft = Draft {
            seat: builder,
            ..Draft::default()
        };
    }
}
