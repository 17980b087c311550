//! The bidding HUD in egui: the amount (number keys, +/-, a slider or
//! typing), then Bid, then Seal; nothing is spent until Seal. Also the
//! reveal of every bid on the result screen.

use bevy::prelude::*;

use crate::ids::GameId;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::games::bidding::engine::rules::{Bidding, BiddingAction, Card, ROUNDS};
use crate::rules::{Seat, other};
use crate::screens::{ActiveGame, Screen};
use crate::session::{Act, Shown};
use crate::ui::key_presses::{digit, is_enter};
use crate::ui::reveal::{self, Cell};
use crate::ui::{FreeSpace, KeyPresses, UiLayer};

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
    app.add_plugins(keys_plugin).add_systems(
        EguiPrimaryContextPass,
        (
            bottom_bar.run_if(in_state(Screen::Playing)),
            reveal_window.run_if(in_state(Screen::Result).or_else(crate::ui::reveal::in_uncovered_replay)),
        )
            .run_if(in_state(ActiveGame::Playing(GameId::Bidding)))
            .in_set(UiLayer::Game),
    );
}

/// The bid typed on the keyboard, without the egui bar: what a headless
/// test drives with keyboard messages.
pub fn keys_plugin(app: &mut App) {
    app.init_resource::<BidEntry>().add_systems(
        Update,
        keyboard.in_set(crate::app_systems::AppSystems::RecordInput),
    );
}

/// Every key in the order pressed: "1, 2" typed within one slow frame is
/// 12, and Enter after them bids 12.
fn keyboard(
    mut keys: KeyPresses,
    shown: Option<Res<Shown<Bidding>>>,
    mut entry: ResMut<BidEntry>,
    mut acts: MessageWriter<Act<Bidding>>,
) {
    let keys = keys.at_the_table();
    let Some(shown) = shown else {
        return;
    };
    let Some(seat) = shown.acting else {
        return;
    };
    let pool = shown.view.pool;
    entry.follow_turn(shown.view.round, seat);
    for key in keys {
        if is_enter(key) {
            if entry.confirming {
                acts.write(Act::new(BiddingAction { bid: entry.amount }));
                // The bid is made: nothing typed after it counts this turn.
                return;
            }
            entry.confirming = true;
        } else if entry.confirming {
            if key == KeyCode::Backspace {
                entry.confirming = false;
            }
        } else if let Some(digit) = digit(key) {
            // Typing past the pool is refused, keystroke by keystroke.
            let typed = u16::from(entry.amount) * 10 + u16::from(digit);
            if typed <= u16::from(pool) {
                entry.amount = typed as u8;
            }
        } else {
            match key {
                KeyCode::Backspace => entry.amount /= 10,
                KeyCode::Equal | KeyCode::NumpadAdd | KeyCode::ArrowUp => {
                    entry.amount = (entry.amount + 1).min(pool)
                }
                KeyCode::Minus | KeyCode::NumpadSubtract | KeyCode::ArrowDown => {
                    entry.amount = entry.amount.saturating_sub(1)
                }
                _ => {}
            }
        }
    }
}

/// The width of − , the slider, + and the typed amount, in points.
const AMOUNT_ROW_WIDTH: f32 = 330.0;

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
            // The slider long enough for a thumb to drag it.
            crate::ui::wrapped_group(ui, AMOUNT_ROW_WIDTH, |ui| {
                if ui.button("−").clicked() {
                    entry.amount = entry.amount.saturating_sub(1);
                }
                ui.spacing_mut().slider_width = 180.0;
                ui.add(egui::Slider::new(&mut entry.amount, 0..=view.pool).show_value(false));
                if ui.button("+").clicked() {
                    entry.amount = (entry.amount + 1).min(view.pool);
                }
                ui.add(egui::DragValue::new(&mut entry.amount).range(0..=view.pool));
            });
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

/// Where the window of every bid stands at the end: over the empty middle
/// of the table, between the opponent's lamps and the cards (the lower
/// left holds your lamps and the rounds you won), in table units.
const REVEAL_TOP: Vec2 = Vec2::new(crate::ui::TABLE_CENTER_X - 60.0, 195.0);

fn reveal_window(
    mut contexts: EguiContexts,
    shown: Res<Shown<Bidding>>,
    camera: Single<(&Camera, &GlobalTransform)>,
) -> Result {
    let Some(reveal) = &shown.reveal else {
        return Ok(());
    };
    let bids = reveal.game.bids();
    let rounds = reveal.game.rounds();
    let ctx = contexts.ctx_mut()?;
    // The camera fits the felt to the window, so the place follows it.
    let (camera, transform) = *camera;
    let top = camera
        .world_to_viewport(transform, REVEAL_TOP.extend(0.0))
        .map_or(egui::pos2(0.0, 165.0), |p| {
            egui::pos2(p.x, p.y) / ctx.zoom_factor()
        });
    let width = ctx.content_rect().width();
    // A narrow window leaves no empty middle that large: the log's column
    // takes it there, which hides only its own lines.
    let place = if width < 1200.0 {
        (egui::Align2::RIGHT_TOP, [-8.0, 56.0])
    } else {
        (egui::Align2::CENTER_TOP, [top.x - width / 2.0, top.y])
    };
    reveal::reveal_window(
        ctx,
        place,
        reveal::Reveal {
            title: "Every bid, round by round",
            column: "Round",
            names: &shown.names,
            columns: ROUNDS,
            cell: |seat, r| {
                rounds.get(r).map(|round| Cell {
                    won: round.winner == Some(seat),
                    first: round.first == seat,
                    ..Cell::new(bids[seat][r].to_string())
                })
            },
            legend: "Underlined: bid first. Gold: won the round.",
        },
    );
    Ok(())
}
