//! The dice on the table: the last roll drawn large over the board for a
//! few seconds, with what it meant; and the battle's sounds.

use bevy::prelude::*;

use crate::ids::GameId;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::audio::Sound;
use crate::games::wargame::engine::state::{Event, Wargame};
use crate::screens::{ActiveGame, Screen};
use crate::session::{Happened, Shown};
use crate::settings::Settings;
use crate::ui::{UiLayer, theme};

/// The last dice rolled and what they meant.
#[derive(Resource, Debug, Default, Clone)]
pub struct LastRoll {
    pub dice: Vec<u8>,
    pub meaning: String,
    /// `Time::elapsed_secs` when it was rolled.
    pub at: f32,
    /// Landed at once: a key or a click hurried it.
    pub settled: bool,
}

/// How long a roll stays on the table.
const SHOWN_FOR: f32 = 4.0;
/// How long the dice tumble before they land, at Normal speed
/// (docs/art-direction.md: roll and settle, 600 ms, ease out).
pub const ROLL_SECONDS: f32 = 0.6;

/// The face a die shows `age` seconds after it was thrown, in a roll that
/// takes `seconds` (0: motion off): tumbling faces, changing more slowly
/// as it settles, then `landed`. The `index`-th die tumbles differently.
pub fn face_shown(landed: u8, index: usize, age: f32, seconds: f32) -> u8 {
    if seconds <= 0.0 || age >= seconds {
        return landed;
    }
    // Ease out: the faces change quickly at first, slowly at the end.
    let t = age / seconds;
    let turns = (1.0 - (1.0 - t).powi(3)) * 9.0;
    let face = (turns as usize * 5 + index * 2 + usize::from(landed)) % 6 + 1;
    face as u8
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LastRoll>()
        .add_systems(
            Update,
            (roll_and_sound.run_if(in_state(ActiveGame::Playing(GameId::Wargame))))
                .after(crate::app_systems::AppSystems::Show),
        )
        .add_systems(
            EguiPrimaryContextPass,
            show_dice
                .run_if(in_state(Screen::Playing))
                .run_if(in_state(ActiveGame::Playing(GameId::Wargame)))
                .in_set(UiLayer::Overlay),
        );
}

fn roll_and_sound(
    shown: Res<Shown<Wargame>>,
    mut happened: MessageReader<Happened<Wargame>>,
    mut roll: ResMut<LastRoll>,
    mut sounds: MessageWriter<Sound>,
    time: Res<Time>,
) {
    for h in happened.read() {
        let Some(event) = h.seen_by(shown.seat) else {
            continue;
        };
        let dice = match event {
            Event::Attack { dice, .. } => dice.to_vec(),
            Event::CommandCheck { dice, .. } => dice.to_vec(),
            Event::Aimed { die, .. } => vec![*die],
            _ => Vec::new(),
        };
        if !dice.is_empty() {
            // The caption is the log's own line for the roll.
            *roll = LastRoll {
                dice,
                meaning: h.line.clone().unwrap_or_default(),
                at: time.elapsed_secs(),
                settled: false,
            };
            sounds.write(Sound::Dice);
        }
        match event {
            Event::Moved { .. } | Event::Retreated { .. } => {
                sounds.write(Sound::Place);
            }
            Event::Revealed { .. } => {
                sounds.write(Sound::Reveal);
            }
            Event::SizeLost { .. } | Event::Destroyed { .. } => {
                sounds.write(Sound::Hit);
            }
            Event::GameOver { winner, .. } if *winner == Some(shown.seat) => {
                sounds.write(Sound::Win);
            }
            Event::GameOver { winner: Some(_), .. } => {
                sounds.write(Sound::Lose);
            }
            _ => {}
        }
    }
}

fn show_dice(
    mut contexts: EguiContexts,
    mut roll: ResMut<LastRoll>,
    time: Res<Time>,
    settings: Res<Settings>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    shown: Res<Shown<Wargame>>,
) -> Result {
    let age = time.elapsed_secs() - roll.at;
    if roll.dice.is_empty() || age > SHOWN_FOR || shown.curtain.is_some() {
        return Ok(());
    }
    let seconds = if roll.settled {
        0.0
    } else {
        ROLL_SECONDS * settings.animation_speed.factor()
    };
    let rolling = age < seconds;
    // Any key or click lands the dice at once.
    if rolling && (keys.get_just_pressed().next().is_some() || buttons.get_just_pressed().next().is_some()) {
        roll.settled = true;
    }
    egui::Area::new(egui::Id::new("dice"))
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_TOP, [-130.0, 48.0])
        .interactable(false)
        .show(contexts.ctx_mut()?, |ui| {
            egui::Frame::popup(ui.style()).inner_margin(10.0).show(ui, |ui| {
                ui.set_max_width(640.0);
                ui.horizontal(|ui| {
                    for (i, &die) in roll.dice.iter().enumerate() {
                        // A tumbling die hops, lower with every bounce.
                        let hop = if rolling {
                            let t = age / seconds;
                            (1.0 - t) * 10.0 * (t * std::f32::consts::PI * 3.0 + i as f32).sin().abs()
                        } else {
                            0.0
                        };
                        draw_die(ui, face_shown(die, i, age, seconds), hop);
                    }
                    // What the roll did is told once the dice have landed.
                    let meaning = if rolling { "…" } else { roll.meaning.as_str() };
                    ui.add(
                        egui::Label::new(egui::RichText::new(meaning).size(17.0).color(theme::ACCENT)).wrap(),
                    );
                });
            });
        });
    if rolling {
        contexts.ctx_mut()?.request_repaint();
    }
    Ok(())
}

fn draw_die(ui: &mut egui::Ui, value: u8, hop: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(40.0, 40.0), egui::Sense::hover());
    let rect = rect.translate(egui::vec2(0.0, -hop));
    let painter = ui.painter();
    painter.rect_filled(rect, 6.0, egui::Color32::from_rgb(245, 240, 225));
    let c = rect.center();
    let d = 11.0;
    let spots: &[(f32, f32)] = match value {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    for (x, y) in spots {
        painter.circle_filled(
            c + egui::vec2(x * d, y * d),
            4.0,
            egui::Color32::from_rgb(30, 24, 20),
        );
    }
}
