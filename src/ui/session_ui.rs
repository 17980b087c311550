//! The egui parts every game's table shares: the curtain, and the
//! knowledge panel beside a replay.

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use super::layout::UiLayer;
use super::{curtain, knowledge, replays};
use crate::rules::{Knowledge, Playable};
use crate::screens::{ActiveGame, Screen};
use crate::session::{Narrated, Watching};

/// The shared egui parts for game `G`.
pub fn session_ui<G: Playable + Narrated + Knowledge>(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        curtain::curtain_overlay::<G>
            .run_if(in_state(ActiveGame::Playing(G::ID)))
            .in_set(UiLayer::Overlay),
    )
    .add_systems(
        EguiPrimaryContextPass,
        knowledge::panel::<G>
            .run_if(in_state(Screen::Playing))
            .run_if(resource_exists::<Watching>.and_then(in_state(ActiveGame::Playing(G::ID))))
            .after(replays::watch_bar)
            .in_set(UiLayer::Frame),
    );
}
