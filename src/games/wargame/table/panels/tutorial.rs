//! The tutorial's step on screen: a window over the log with what to do,
//! Next where the step waits for it, and Leave.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::games::wargame::battle::tutorial::{Tutorial, TutorialCommand};
use crate::games::wargame::engine::scenario::Until;
use crate::games::wargame::engine::state::Wargame;
use crate::screens::Screen;
use crate::session::Shown;
use crate::ui::frame::LogReserve;
use crate::ui::{UiLayer, theme};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        next_key
            .run_if(in_state(Screen::Playing))
            .run_if(in_state(crate::menus::Menu::None))
            .run_if(resource_exists::<Tutorial>)
            .run_if(not(bevy_egui::input::egui_wants_any_keyboard_input)),
    )
    .add_systems(
        EguiPrimaryContextPass,
        step_window
            .run_if(in_state(Screen::Playing))
            .run_if(resource_exists::<Tutorial>)
            .run_if(|s: Option<Res<Shown<Wargame>>>| s.is_some_and(|s| s.curtain.is_none()))
            .in_set(UiLayer::Overlay),
    )
    .add_systems(Update, free_the_log.run_if(not(resource_exists::<Tutorial>)));
}

/// With no tutorial, the log takes its whole column again.
fn free_the_log(reserve: Option<ResMut<LogReserve>>) {
    if let Some(mut reserve) = reserve
        && reserve.0 != 0.0
    {
        reserve.0 = 0.0;
    }
}

/// What a step that waits on the player is waiting for, in its words.
fn waiting_for(until: Until) -> Option<&'static str> {
    match until {
        Until::Next => None,
        Until::Deploy => Some("Deploy your army to go on."),
        Until::Activate => Some("Activate one of your blocks to go on."),
        Until::Move => Some("Move a block to go on."),
        Until::Attack => Some("Attack an enemy block to go on."),
        Until::EndActivation => Some("End an activation (Space) to go on."),
        Until::EndTurn => Some("End your turn (E) to go on."),
    }
}

/// T is the step's Next, or Close at the end.
fn next_key(
    keys: Res<ButtonInput<KeyCode>>,
    tutorial: Res<Tutorial>,
    mut commands: MessageWriter<TutorialCommand>,
) {
    if !keys.just_pressed(KeyCode::KeyT) {
        return;
    }
    match tutorial.current() {
        Some((_, _, lesson)) if lesson.until == Until::Next => {
            commands.write(TutorialCommand::Next);
        }
        Some(_) => {}
        None => {
            commands.write(TutorialCommand::Leave);
        }
    }
}

fn step_window(
    mut contexts: EguiContexts,
    tutorial: Res<Tutorial>,
    mut commands: MessageWriter<TutorialCommand>,
    mut reserve: ResMut<LogReserve>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // At the foot of the log's column, clear of the board (the step talks
    // about blocks on both sides of it); the log keeps that room free, so
    // the window covers none of its lines.
    let shown = egui::Window::new("Tutorial")
        .collapsible(true)
        .resizable(false)
        .default_width(230.0)
        .anchor(egui::Align2::RIGHT_BOTTOM, [-8.0, -8.0])
        .show(ctx, |ui| {
            ui.set_max_width(230.0);
            match tutorial.current() {
                Some((number, of, lesson)) => {
                    ui.label(egui::RichText::new(format!("Step {number} of {of}")).small());
                    ui.label(egui::RichText::new(&lesson.say).size(18.0));
                    ui.vertical(|ui| {
                        match waiting_for(lesson.until) {
                            None => {
                                let next = egui::Button::new(egui::RichText::new("Next (T)").strong())
                                    .selected(true);
                                if ui.add(next).clicked() {
                                    commands.write(TutorialCommand::Next);
                                }
                            }
                            Some(hint) => {
                                ui.label(egui::RichText::new(hint).italics().color(theme::ACCENT));
                            }
                        }
                        if ui.button("Leave the tutorial").clicked() {
                            commands.write(TutorialCommand::Leave);
                        }
                    });
                }
                None => {
                    ui.label(
                        egui::RichText::new("That is all there is to it. Play on and win the battle!")
                            .size(18.0),
                    );
                    if ui.button("Close (T)").clicked() {
                        commands.write(TutorialCommand::Leave);
                    }
                }
            }
        });
    let height = shown.map_or(0.0, |w| w.response.rect.height() + 16.0);
    if reserve.0 != height {
        reserve.0 = height;
    }
    Ok(())
}
