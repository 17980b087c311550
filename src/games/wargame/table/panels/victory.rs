//! The end of a battle: how it was won, the losses of both sides, and every
//! unit card turned face up. The board behind shows every block revealed.

use bevy::prelude::*;

use crate::ids::GameId;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::games::wargame::engine::names::counted;
use crate::games::wargame::engine::state::Wargame;
use crate::games::wargame::table::panels::army::card_line;
use crate::screens::{ActiveGame, Screen};
use crate::session::Shown;
use crate::ui::{FreeSpace, UiLayer, theme};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        victory_window
            .run_if(in_state(Screen::Result))
            .run_if(in_state(ActiveGame::Playing(GameId::Wargame)))
            .in_set(UiLayer::Game),
    );
}

/// The losses of one side: the blocks destroyed and the steps lost.
pub fn losses(game: &Wargame, seat: usize) -> (usize, u32) {
    let mine = game.units.iter().filter(|u| u.owner == seat);
    let destroyed = mine.clone().filter(|u| u.at.is_none()).count();
    let steps = mine
        .map(|u| {
            u32::from(if u.at.is_none() {
                u.card().size
            } else {
                u.card().size - u.size.min(u.card().size)
            })
        })
        .sum();
    (destroyed, steps)
}

/// The summary in a panel beside the board (above it in a narrow window),
/// so that it covers neither the board nor the result's chart.
fn victory_window(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    shown: Res<Shown<Wargame>>,
) -> Result {
    let game = shown.view.battlefield();
    let names = shown.names.clone();
    space.side_panel(contexts.ctx_mut()?, "battle-over", (300.0, 0.3), |ui| {
        ui.heading("The battle is over");
        if let Some(reason) = &game.reason {
            ui.label(
                egui::RichText::new(reason)
                    .size(20.0)
                    .strong()
                    .color(theme::ACCENT),
            );
        }
        ui.label(format!(
            "Victory points: {} {} – {} {}; {} rounds played.",
            names[0], game.score[0], game.score[1], names[1], game.round
        ));
        egui::ScrollArea::vertical().show(ui, |ui| {
            for seat in [0, 1] {
                let (destroyed, steps) = losses(game, seat);
                ui.separator();
                ui.label(
                    egui::RichText::new(format!(
                        "{} ({}): {} destroyed, {} lost",
                        if seat == 0 {
                            "Black Thargaton"
                        } else {
                            "White Vesania"
                        },
                        names[seat],
                        counted(destroyed as u64, "block", "blocks"),
                        counted(steps as u64, "step", "steps"),
                    ))
                    .strong(),
                );
                for u in game.units.iter().filter(|u| u.owner == seat) {
                    let card = u.card();
                    let fate = match u.at {
                        Some(at) => format!("size {}/{} at {at}", u.size, card.size),
                        None => "destroyed".into(),
                    };
                    ui.label(format!("{} — {fate}", card.name))
                        .on_hover_text(card_line(card));
                }
            }
        });
    });
    Ok(())
}
