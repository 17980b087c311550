//! Black and White: nine tiles each, the colour shown, only the result told.

pub mod engine;
mod hud;
mod table;

use bevy::prelude::*;

use engine::{Tiles, TilesEvent};

use crate::session::{Narrated, SessionPlugin};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(SessionPlugin::<Tiles>::default());
}

/// The table alone, without the HUD: its tiles and where they stand.
pub(crate) fn table_only_plugin(app: &mut App) {
    app.init_resource::<hud::TileChoice>().add_plugins(table::plugin);
}

pub(super) fn table_plugin(app: &mut App) {
    app.add_plugins((table::plugin, hud::plugin));
    crate::ui::session_ui::<Tiles>(app);
}

impl Narrated for Tiles {
    fn narrate(event: &TilesEvent, names: &[String; 2]) -> Option<String> {
        Some(match event {
            TilesEvent::Placed { seat, colour } => {
                format!("{} placed a {} tile.", names[*seat], colour.name())
            }
            TilesEvent::Settled {
                round, winner, score, ..
            } => match winner {
                Some(w) => format!(
                    "Round {round}: {} won. Score {}–{}.",
                    names[*w], score[0], score[1]
                ),
                None => format!("Round {round}: a draw. Score {}–{}.", score[0], score[1]),
            },
        })
    }
}
