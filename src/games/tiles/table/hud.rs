//! The tiles HUD in egui: whose turn, the chosen tile and the Play button,
//! the colour counter, and the reveal on the result screen. Also the
//! keyboard: 0-8 pick a tile, Enter plays it.

use bevy::prelude::*;

use crate::ids::GameId;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::games::tiles::engine::rules::{Colour, ROUNDS, Tiles, TilesAction};
use crate::rules::other;
use crate::screens::{ActiveGame, Screen};
use crate::session::{Act, Shown};
use crate::settings::Settings;
use crate::ui::key_presses::{digit, is_enter};
use crate::ui::reveal::{self, Cell};
use crate::ui::{FreeSpace, KeyPresses, UiLayer};

/// The tile the person at the screen has picked but not yet played.
#[derive(Resource, Default, Debug)]
pub struct TileChoice(pub Option<u8>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TileChoice>()
        .add_systems(
            Update,
            keyboard.in_set(crate::app_systems::AppSystems::RecordInput),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                bottom_bar.run_if(in_state(Screen::Playing)),
                reveal_window
                    .run_if(in_state(Screen::Result).or_else(crate::ui::reveal::in_uncovered_replay)),
            )
                .run_if(in_state(ActiveGame::Playing(GameId::Tiles)))
                .in_set(UiLayer::Game),
        );
}

/// A digit picks the tile, Enter plays the picked one; read in the order
/// pressed, so "4, Enter" within one slow frame plays the 4.
fn keyboard(
    mut keys: KeyPresses,
    shown: Option<Res<Shown<Tiles>>>,
    mut choice: ResMut<TileChoice>,
    mut acts: MessageWriter<Act<Tiles>>,
) {
    let keys = keys.at_the_table();
    let Some(shown) = shown.filter(|s| s.acting.is_some()) else {
        return;
    };
    let hand = &shown.view.hand;
    for key in keys {
        if let Some(tile) = digit(key).filter(|t| hand.contains(t)) {
            choice.0 = Some(tile);
        } else if is_enter(key)
            && let Some(tile) = choice.0.filter(|t| hand.contains(t))
        {
            acts.write(Act::new(TilesAction { tile }));
            choice.0 = None;
            return;
        }
    }
}

fn bottom_bar(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    shown: Res<Shown<Tiles>>,
    mut choice: ResMut<TileChoice>,
    settings: Res<Settings>,
    watching: Option<Res<crate::session::Watching>>,
    mut acts: MessageWriter<Act<Tiles>>,
) -> Result {
    if shown.curtain.is_some() {
        return Ok(());
    }
    let me = shown.seat;
    let view = shown.view.clone();
    let names = shown.names.clone();
    space.bottom_bar(contexts.ctx_mut()?, "tiles-hud", |ui| {
        ui.label(
            egui::RichText::new(format!(
                "{} {} – {} {}",
                names[me],
                view.score[me],
                view.score[other(me)],
                names[other(me)]
            ))
            .size(22.0)
            .strong(),
        );
        ui.separator();
        let prompt = match (shown.acting, view.to_move) {
            (Some(_), _) if view.leader == me => "Your lead: choose a tile, then play it.".to_string(),
            (Some(_), _) => format!(
                "{} led a {} tile. Choose your answer.",
                names[other(me)],
                view.led.map(Colour::name).unwrap_or("face-down")
            ),
            // A replay's player does not think: the next action is on record.
            (None, Some(seat)) if watching.is_some() => format!("{} to play.", names[seat]),
            (None, Some(seat)) => format!("{} is thinking…", names[seat]),
            (None, None) => "Game over.".into(),
        };
        ui.label(egui::RichText::new(prompt).size(19.0));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let can_play = shown.acting.is_some();
            let picked = choice.0.filter(|t| view.hand.contains(t));
            let label = match picked {
                Some(tile) => format!("Play {tile} (Enter)"),
                None => "Play".into(),
            };
            let button = egui::Button::new(egui::RichText::new(label).size(20.0).strong());
            if ui.add_enabled(can_play && picked.is_some(), button).clicked()
                && let Some(tile) = picked
            {
                acts.write(Act::new(TilesAction { tile }));
                choice.0 = None;
            }
            // Only where it fits beside the prompt (larger text leaves less
            // room); the table shows the same count by the opponent's row.
            if settings.colour_counter && ui.available_width() > 280.0 {
                ui.separator();
                ui.label(format!(
                    "{} has left: {} black, {} white",
                    names[other(me)],
                    view.opponent_left.black,
                    view.opponent_left.white
                ));
            }
        });
    });
    Ok(())
}

fn reveal_window(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    shown: Res<Shown<Tiles>>,
) -> Result {
    let Some(reveal) = &shown.reveal else {
        return Ok(());
    };
    let played = reveal.game.played();
    let rounds = reveal.game.rounds();
    reveal::reveal_panel(
        contexts.ctx_mut()?,
        &mut space,
        reveal::Reveal {
            title: "Both sequences, round by round",
            column: "Round",
            names: &shown.names,
            columns: ROUNDS,
            cell: |seat, r| {
                rounds.get(r).map(|round| Cell {
                    won: round.winner == Some(seat),
                    first: round.leader == seat,
                    ..Cell::new(played[seat][r].to_string())
                })
            },
            legend: "Underlined: led the round. Gold: won it.",
        },
    );
    Ok(())
}
