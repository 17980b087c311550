//! The betting HUD in egui: the setup bar (clock, chips left, Lock), the
//! slot bar (stacks, gap, Match, Fold, the decision clock), the chip picker
//! for a match sourced by hand, and both arrangements on the result screen.

use bevy::prelude::*;

use crate::ids::GameId;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::games::betting::clocks::{BettingClock, turn_slot};
use crate::games::betting::engine::rules::{
    Betting, BettingAction, BettingView, Phase, Pull, SLOTS, SlotOutcome, Sourcing,
};
use crate::games::betting::narrate::chips_word;
use crate::games::betting::pacing::{MoveOn, ResultPacing};
use crate::games::betting::setup_board::{SetupBoard, SetupEdit, setting_up};
use crate::games::betting::table::setup_input::SetupCursor;
use crate::menus::Menu;
use crate::rules::{Seat, other};
use crate::screens::{ActiveGame, Screen};
use crate::session::{Act, Opponent, Shown};
use crate::ui::reveal::{self, Cell};
use crate::ui::{FreeSpace, UiLayer, theme};

/// The chip picker: where the chips of a match come from, chosen by hand.
#[derive(Resource, Debug, Default)]
pub struct ChipPicker {
    pub open: bool,
    turn: Option<(Seat, usize)>,
    from_winnings: u8,
    /// Chips to pull off each slot (0-based).
    pull: [u8; SLOTS],
}

impl ChipPicker {
    /// Starts each decision from the default sourcing, closed.
    fn follow(&mut self, view: &BettingView, gap: u8) {
        let (seat, slot) = (view.seat, view.slot);
        if self.turn == Some((seat, slot)) {
            return;
        }
        *self = ChipPicker {
            turn: Some((seat, slot)),
            ..default()
        };
        self.reset(view, gap);
    }

    fn reset(&mut self, view: &BettingView, gap: u8) {
        let default = view.default_sourcing(gap);
        self.from_winnings = default.from_winnings;
        self.pull = [0; SLOTS];
        for p in default.pull {
            self.pull[p.slot - 1] = p.chips;
        }
    }

    fn chosen(&self) -> u32 {
        u32::from(self.from_winnings) + self.pull.iter().map(|&c| u32::from(c)).sum::<u32>()
    }

    fn sourcing(&self) -> Sourcing {
        Sourcing {
            from_winnings: self.from_winnings,
            pull: (0..SLOTS)
                .filter(|&s| self.pull[s] > 0)
                .map(|s| Pull {
                    slot: s + 1,
                    chips: self.pull[s],
                })
                .collect(),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ChipPicker>()
        .add_systems(
            Update,
            decision_keys
                .run_if(in_state(ActiveGame::Playing(GameId::Betting)))
                .run_if(in_state(Screen::Playing).and_then(in_state(Menu::None)))
                .run_if(not(egui_wants_any_keyboard_input))
                .in_set(crate::app_systems::AppSystems::RecordInput),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                (bottom_bar, picker_window)
                    .chain()
                    .run_if(in_state(Screen::Playing)),
                reveal_window
                    .run_if(in_state(Screen::Result).or_else(crate::ui::reveal::in_uncovered_replay)),
            )
                .run_if(in_state(ActiveGame::Playing(GameId::Betting)))
                .in_set(UiLayer::Game),
        );
}

/// The person at the screen must decide at this slot: their view.
fn deciding(shown: &Shown<Betting>) -> Option<&BettingView> {
    shown.acting?;
    shown.view.decision.map(|_| &shown.view)
}

fn decision_keys(
    keys: Res<ButtonInput<KeyCode>>,
    shown: Res<Shown<Betting>>,
    mut picker: ResMut<ChipPicker>,
    mut acts: MessageWriter<Act<Betting>>,
) {
    let Some(view) = deciding(&shown) else {
        return;
    };
    if keys.just_pressed(KeyCode::KeyM) {
        acts.write(Act::new(BettingAction::Match(None)));
    }
    if keys.just_pressed(KeyCode::KeyF) {
        acts.write(Act::new(BettingAction::Fold));
    }
    if keys.just_pressed(KeyCode::KeyC) {
        let gap = view.decision.expect("deciding").gap;
        picker.follow(view, gap);
        picker.open = !picker.open;
    }
}

fn clock_text(seconds: f32) -> String {
    let whole = seconds.ceil() as u32;
    format!("{}:{:02}", whole / 60, whole % 60)
}

/// The clock, large, with a bar that empties; red in its last stretch.
fn clock(ui: &mut egui::Ui, left: f32, full: f32) {
    let urgent = left <= full.min(30.0) / 3.0;
    let colour = if urgent {
        egui::Color32::from_rgb(240, 100, 90)
    } else {
        theme::ACCENT
    };
    ui.label(
        egui::RichText::new(clock_text(left))
            .size(26.0)
            .strong()
            .color(colour),
    );
    ui.add(
        egui::ProgressBar::new((left / full).clamp(0.0, 1.0))
            .desired_width(70.0)
            .fill(colour),
    );
}

fn bottom_bar(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    shown: Res<Shown<Betting>>,
    board: Res<SetupBoard>,
    cursor: Res<SetupCursor>,
    pointer: Res<crate::ui::Pointer>,
    clock_state: Res<BettingClock>,
    pacing: Res<ResultPacing>,
    mut picker: ResMut<ChipPicker>,
    mut edits: MessageWriter<SetupEdit>,
    mut acts: MessageWriter<Act<Betting>>,
    mut move_on: MessageWriter<MoveOn>,
) -> Result {
    if shown.curtain.is_some() {
        return Ok(());
    }
    let me = shown.seat;
    let view = shown.view.clone();
    let names = shown.names.clone();
    space.bottom_bar(contexts.ctx_mut()?, "betting-hud", |ui| {
        let running = clock_state.running(me, turn_slot(&view));
        if view.phase == Phase::Setup {
            let finger_sized = pointer.fingers || crate::ui::narrow(ui.ctx().viewport_rect().size());
            let slot = (cursor.slot, finger_sized);
            setup_bar(ui, &shown, &board, slot, running, clock_state.full, &mut edits);
            return;
        }
        ui.label(
            egui::RichText::new(format!("{} - {}", view.winnings[me], view.winnings[other(me)]))
                .size(22.0)
                .strong(),
        )
        .on_hover_text(format!("Winnings: {} - {}", names[me], names[other(me)]));
        ui.separator();
        if pacing.on_screen(&view).is_some() {
            if ui
                .button(egui::RichText::new("Next (Space)").size(19.0).strong())
                .clicked()
            {
                move_on.write(MoveOn);
            }
            ui.label("Each result stays for three seconds.");
            return;
        }
        let Some(view) = deciding(&shown) else {
            let waiting = match view.to_move {
                Some(seat) => format!("{} is deciding…", names[seat]),
                None => "Every chip has been won.".into(),
            };
            ui.label(egui::RichText::new(waiting).size(19.0));
            return;
        };
        let decision = view.decision.expect("deciding");
        let chips = view.chips.expect("a slot is played");
        let colours = view.colours.expect("a slot is played");
        picker.follow(view, decision.gap);
        if let Some(left) = running {
            clock(ui, left, clock_state.full);
        }
        ui.label(format!(
            "Slot {}: their {} tile with {}, your {} with {}.\nMatch: put in {} more of the {} you can spare.",
            view.slot,
            colours[other(me)].name(),
            chips_word(chips[other(me)]),
            view.my_tile().unwrap_or_default(),
            chips[me],
            decision.gap,
            decision.available
        ))
        .on_hover_text("You can spare your winnings and all but one chip on each later tile.");
        if ui
            .button(egui::RichText::new("Match (M)").size(19.0).strong())
            .clicked()
        {
            acts.write(Act::new(BettingAction::Match(None)));
        }
        if ui.button(egui::RichText::new("Fold (F)").size(19.0)).clicked() {
            acts.write(Act::new(BettingAction::Fold));
        }
        if ui
            .add(egui::Button::new(egui::RichText::new("Choose chips (C)").size(19.0)).selected(picker.open))
            .on_hover_text("Pick the tiles (and winnings) the match takes its chips from")
            .clicked()
        {
            picker.open = !picker.open;
        }
    });
    Ok(())
}

fn setup_bar(
    ui: &mut egui::Ui,
    shown: &Shown<Betting>,
    board: &SetupBoard,
    (slot, finger_sized): (usize, bool),
    running: Option<f32>,
    full: f32,
    edits: &mut MessageWriter<SetupEdit>,
) {
    let names = &shown.names;
    let Some(seat) = setting_up(shown) else {
        let waiting = match shown.to_move {
            Some(seat) => format!("{} is arranging in secret…", names[seat]),
            None => "Both arrangements are locked.".into(),
        };
        ui.label(egui::RichText::new(waiting).size(19.0));
        return;
    };
    if let Some(left) = running {
        clock(ui, left, full);
    }
    ui.label(
        egui::RichText::new(format!("Chips left: {}", board.draft.chips_left()))
            .size(19.0)
            .strong(),
    );
    // The highlighted slot's chips, with buttons a finger can hit, for a
    // phone or once a finger has touched: the − and + on the table are
    // small there. A click or tap on a slot (or the arrow keys) moves the
    // highlight.
    if finger_sized {
        crate::ui::wrapped_group(ui, 210.0, |ui| {
            let big = |text: &str| {
                egui::Button::new(egui::RichText::new(text).size(22.0)).min_size(egui::vec2(44.0, 36.0))
            };
            ui.label(format!("Slot {}:", slot + 1));
            if ui.add(big("−")).clicked() {
                edits.write(SetupEdit::RemoveChip { slot });
            }
            ui.label(
                egui::RichText::new(board.draft.chips[slot].to_string())
                    .size(19.0)
                    .strong(),
            );
            if ui.add(big("+")).clicked() {
                edits.write(SetupEdit::AddChip { slot });
            }
        });
    }
    let ready = board.draft.arrangement();
    let lock = egui::Button::new(egui::RichText::new("Lock (Enter)").size(19.0).strong());
    let response = ui.add_enabled(ready.is_ok(), lock);
    if let Err(missing) = &ready {
        response.on_disabled_hover_text(missing.as_str());
    } else if response.clicked() {
        edits.write(SetupEdit::Lock);
    }
    if ui.button("Fill at random (R)").clicked() {
        edits.write(SetupEdit::FillAtRandom);
    }
    if ui.button("Clear").clicked() {
        edits.write(SetupEdit::Clear);
    }
    ui.separator();
    let status = match (&board.problem, &ready) {
        (Some(problem), _) => problem.clone(),
        (None, Err(missing)) => format!("{missing}."),
        (None, Ok(_)) => "Ready: press Lock.".into(),
    };
    // Cut with "…" where the bar runs out (larger text), whole on hover.
    ui.add(egui::Label::new(status).truncate());
    let other_player = match shown.opponent {
        Opponent::Computer(_) => format!("{}: ready", names[other(seat)]),
        Opponent::Friend if seat == 0 => format!("{} sets up next.", names[1]),
        Opponent::Friend => format!("{} has locked.", names[0]),
        Opponent::Online if shown.view.arranged[other(seat)] => format!("{} has locked.", names[other(seat)]),
        Opponent::Online => format!("{} is setting up.", names[other(seat)]),
    };
    ui.add(egui::Label::new(egui::RichText::new(other_player).weak()).truncate());
}

fn picker_window(
    mut contexts: EguiContexts,
    shown: Res<Shown<Betting>>,
    clock_state: Res<BettingClock>,
    mut picker: ResMut<ChipPicker>,
    mut acts: MessageWriter<Act<Betting>>,
) -> Result {
    let Some(view) = deciding(&shown).filter(|_| picker.open) else {
        return Ok(());
    };
    // The decision clock keeps running while the chips are chosen (a
    // paused clock would let a player think for ever): it shows here.
    let running = clock_state.running(view.seat, turn_slot(&shown.view));
    let decision = view.decision.expect("deciding");
    let me = view.seat;
    let mut open = true;
    egui::Window::new(format!("Cover a gap of {}", decision.gap))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -90.0])
        .show(contexts.ctx_mut()?, |ui| {
            if let Some(left) = running {
                ui.horizontal(|ui| {
                    ui.label("The decision clock is running:");
                    clock(ui, left, clock_state.full);
                });
            }
            egui::Grid::new("sources")
                .striped(true)
                .spacing([16.0, 6.0])
                .show(ui, |ui| {
                    ui.strong("From");
                    ui.strong("Has");
                    ui.strong("Can give");
                    ui.strong("Take");
                    ui.end_row();
                    let winnings = view.winnings[me];
                    ui.label("Winnings");
                    ui.label(winnings.to_string());
                    ui.label(winnings.to_string());
                    ui.add(egui::DragValue::new(&mut picker.from_winnings).range(0..=winnings));
                    ui.end_row();
                    for (slot, own) in view.my_later() {
                        ui.label(format!("Slot {slot}: tile {}", own.tile));
                        ui.label(own.chips.to_string());
                        ui.label((own.chips - 1).to_string());
                        ui.add(egui::DragValue::new(&mut picker.pull[slot - 1]).range(0..=own.chips - 1));
                        ui.end_row();
                    }
                });
            let chosen = picker.chosen();
            let gap = u32::from(decision.gap);
            let (note, ok) = match chosen.cmp(&gap) {
                std::cmp::Ordering::Equal => ("Exactly the gap.".to_string(), true),
                std::cmp::Ordering::Less => (format!("{} more to choose.", gap - chosen), false),
                std::cmp::Ordering::Greater => (format!("{} too many.", chosen - gap), false),
            };
            ui.label(format!("Chosen {chosen} of {gap}. {note}"));
            ui.horizontal(|ui| {
                let sourcing = picker.sourcing();
                let legal = ok && view.check_sourcing(decision.gap, &sourcing).is_ok();
                if ui
                    .add_enabled(
                        legal,
                        egui::Button::new(egui::RichText::new("Match with these").strong()),
                    )
                    .clicked()
                {
                    acts.write(Act::new(BettingAction::Match(Some(sourcing))));
                    picker.open = false;
                }
                if ui.button("Back to the default").clicked() {
                    picker.reset(view, decision.gap);
                }
            });
            ui.add(
                egui::Label::new(
                    egui::RichText::new(
                        "The default takes your winnings first, then slot 10 down to 1 chip, then slot 9, and so on.",
                    )
                    .small(),
                )
                .wrap(),
            );
        });
    if !open {
        picker.open = false;
    }
    Ok(())
}

fn reveal_window(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    shown: Res<Shown<Betting>>,
) -> Result {
    let Some(reveal) = &shown.reveal else {
        return Ok(());
    };
    let results = reveal.game.results();
    let arrangements = [0, 1].map(|seat| reveal.game.arrangement(seat).unwrap_or_default());
    reveal::reveal_panel(
        contexts.ctx_mut()?,
        &mut space,
        reveal::Reveal {
            title: "Both arrangements, as placed",
            column: "Slot",
            names: &shown.names,
            columns: SLOTS,
            cell: |seat, slot| {
                let placed = arrangements[seat].get(slot)?;
                let result = results.get(slot);
                Some(Cell {
                    won: result.is_some_and(|r| r.winner == Some(seat)),
                    folded: result.is_some_and(|r| r.outcome == SlotOutcome::Fold),
                    ..Cell::new(format!("{} ×{}", placed.tile, placed.chips))
                })
            },
            legend: "Tile ×chips at setup. Gold: took the slot. Italic: folded.",
        },
    );
    Ok(())
}
