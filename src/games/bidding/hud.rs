//! The bidding HUD in egui: the amount (number keys, +/-, a slider or
//! typing), then Bid, then Seal; nothing is spent until Seal. Also the
//! reveal of every bid on the result screen.

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::rules::{Bidding, BiddingAction, Card, ROUNDS};
use crate::menus::Menu;
use crate::rules::{Seat, other};
use crate::screens::Screen;
use crate::session::{Act, Shown};
use crate::ui::reveal::{self, Cell};
use crate::ui::{FreeSpace, UiLayer, digit_pressed};

/// The bid being entered by the person at the screen.
#[derive(Resource, Default, Debug)]
pub struct BidEntry {
    pub amount: u8,
    /// Bid was pressed: the next press seals.
    pub confirming: bool,
    /// The round and seat the entry belongs to; a new turn starts afresh.
    turn: Option<(usize, Seat)>,
}

impl BidEntry {
    fn follow_turn(&mut self, round: usize, seat: Seat) {
        if self.turn != Some((round, seat)) {
            *self = BidEntry {
                turn: Some((round, seat)),
                ..default()
            };
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BidEntry>()
        .add_systems(
            Update,
            keyboard
                .run_if(resource_exists::<Shown<Bidding>>)
                .run_if(in_state(Screen::Playing))
                .run_if(in_state(Menu::None))
                .run_if(not(egui_wants_any_keyboard_input))
                .in_set(crate::AppSystems::RecordInput),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                bottom_bar.run_if(in_state(Screen::Playing)),
                reveal_window.run_if(in_state(Screen::Result)),
            )
                .run_if(resource_exists::<Shown<Bidding>>)
                .in_set(UiLayer::Game),
        );
}

fn keyboard(
    keys: Res<ButtonInput<KeyCode>>,
    shown: Res<Shown<Bidding>>,
    mut entry: ResMut<BidEntry>,
    mut acts: MessageWriter<Act<Bidding>>,
) {
    let Some(seat) = shown.acting else {
        return;
    };
    let view = shown.view.clone();
    entry.follow_turn(view.round, seat);
    if !entry.confirming {
        if let Some(digit) = digit_pressed(&keys) {
            // Typing past the pool is refused, keystroke by keystroke.
            let typed = u16::from(entry.amount) * 10 + u16::from(digit);
            if typed <= u16::from(view.pool) {
                entry.amount = typed as u8;
            }
        }
        if keys.just_pressed(KeyCode::Backspace) {
            entry.amount /= 10;
        }
        if keys.any_just_pressed([KeyCode::Equal, KeyCode::NumpadAdd, KeyCode::ArrowUp]) {
            entry.amount = (entry.amount + 1).min(view.pool);
        }
        if keys.any_just_pressed([KeyCode::Minus, KeyCode::NumpadSubtract, KeyCode::ArrowDown]) {
            entry.amount = entry.amount.saturating_sub(1);
        }
    } else if keys.just_pressed(KeyCode::Backspace) {
        entry.confirming = false;
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) {
        if entry.confirming {
            acts.write(Act::new(BiddingAction { bid: entry.amount }));
        } else {
            entry.confirming = true;
        }
    }
}

fn bottom_bar(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    shown: Res<Shown<Bidding>>,
    mut entry: ResMut<BidEntry>,
    mut acts: MessageWriter<Act<Bidding>>,
) -> Result {
    if shown.curtain.is_some() {
        return Ok(());
    }
    let me = shown.seat;
    let view = shown.view.clone();
    let names = shown.names.clone();
    space.bottom_bar(contexts.ctx_mut()?, "bidding-hud", |ui| {
        ui.label(
            egui::RichText::new(format!(
                "{} {} – {} {}",
                names[me],
                view.wins[me],
                view.wins[other(me)],
                names[other(me)]
            ))
            .size(22.0)
            .strong(),
        );
        ui.separator();
        let Some(seat) = shown.acting else {
            let waiting = view.to_move.map(|s| format!("{} is bidding…", names[s]));
            ui.label(egui::RichText::new(waiting.unwrap_or_else(|| "Game over.".into())).size(19.0));
            return;
        };
        entry.follow_turn(view.round, seat);
        if let Some(card) = view.card {
            let colour = match card {
                Card::White => "a white card (10 or more)",
                Card::Black => "a black card (9 or less)",
            };
            ui.label(format!("{} bid {colour}.", names[other(me)]));
        }
        if entry.confirming {
            ui.label(egui::RichText::new(format!("Seal a bid of {}?", entry.amount)).size(20.0));
            if ui
                .button(egui::RichText::new("Seal (Enter)").size(20.0).strong())
                .clicked()
            {
                acts.write(Act::new(BiddingAction { bid: entry.amount }));
            }
            if ui.button("Change (Backspace)").clicked() {
                entry.confirming = false;
            }
        } else {
            ui.label(format!("Pool {}", view.pool));
            if ui.button("−").clicked() {
                entry.amount = entry.amount.saturating_sub(1);
            }
            ui.add(egui::Slider::new(&mut entry.amount, 0..=view.pool).show_value(false));
            if ui.button("+").clicked() {
                entry.amount = (entry.amount + 1).min(view.pool);
            }
            ui.add(egui::DragValue::new(&mut entry.amount).range(0..=view.pool));
            if ui
                .button(egui::RichText::new("Bid (Enter)").size(20.0).strong())
                .clicked()
            {
                entry.confirming = true;
            }
        }
    });
    Ok(())
}

fn reveal_window(mut contexts: EguiContexts, shown: Res<Shown<Bidding>>) -> Result {
    let Some(reveal) = &shown.reveal else {
        return Ok(());
    };
    let bids = reveal.game.bids();
    let rounds = reveal.game.rounds();
    reveal::reveal_window(
        contexts.ctx_mut()?,
        "Every bid, round by round",
        "Round",
        &shown.names,
        ROUNDS,
        |seat, r| {
            rounds.get(r).map(|round| Cell {
                won: round.winner == Some(seat),
                first: round.first == seat,
                ..Cell::new(bids[seat][r].to_string())
            })
        },
        "Underlined: bid first. Gold: won the round.",
    );
    Ok(())
}
