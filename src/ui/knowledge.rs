//! The panel beside a replay: what the seat being watched could know at
//! this step, worked out from its view alone (`rules::Knowledge`), as bars
//! for chances and bands for ranges. With everything uncovered the table
//! shows the truth, and the panel still the watched seat's reckoning.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::layout::FreeSpace;
use super::theme;
use crate::rules::{Knowledge, Playable, Shows};
use crate::session::{Eyes, Shown, Watching};

/// The panel's width in egui points.
const WIDTH: f32 = 270.0;

pub(super) fn panel<G: Knowledge + Playable>(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    shown: Res<Shown<G>>,
    watching: Res<Watching>,
) -> Result {
    let mut root = space.ui(contexts.ctx_mut()?, "knowledge-root");
    let name = &shown.names[shown.seat];
    egui::Panel::left("knowledge")
        .exact_size(WIDTH)
        .resizable(false)
        .show(&mut root, |ui| {
            ui.heading("What they knew");
            let whose = match watching.eyes {
                Eyes::Seat(_) => format!("What {name} could know at this point, from their own view only."),
                Eyes::Everything => format!(
                    "Everything is uncovered on the table; this is what {name} could know from their view."
                ),
            };
            ui.label(egui::RichText::new(whose).small().italics());
            ui.separator();
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    if let Some((n, seat, thought)) = watching.last_thought() {
                        ui.label(
                            egui::RichText::new(format!("What {} thought (action {n})", shown.names[seat]))
                                .strong(),
                        );
                        ui.label(egui::RichText::new(&thought.belief).small());
                        for (i, considered) in thought.options.iter().enumerate() {
                            let text = egui::RichText::new(format!(
                                "{:+.2}  {}",
                                considered.value, considered.option
                            ));
                            // The first is the one it chose.
                            ui.label(if i == 0 { text.color(theme::ACCENT) } else { text });
                        }
                        ui.add_space(8.0);
                    }
                    for known in G::knowledge(shown.own_view.as_ref().unwrap_or(&shown.view)) {
                        ui.label(egui::RichText::new(&known.heading).strong());
                        for row in &known.rows {
                            match &row.shows {
                                Shows::Chance(p) => {
                                    ui.horizontal(|ui| {
                                        ui.add_sized([96.0, 18.0], egui::Label::new(&row.label).truncate());
                                        ui.add(
                                            egui::ProgressBar::new(*p as f32)
                                                .desired_width(120.0)
                                                .fill(theme::SEAT_COLOURS[1].gamma_multiply(0.8))
                                                .text(format!("{:.0}%", p * 100.0)),
                                        );
                                    });
                                }
                                Shows::Range { low, high, of } => {
                                    ui.horizontal(|ui| {
                                        ui.add_sized([96.0, 18.0], egui::Label::new(&row.label).truncate());
                                        band(ui, *low, *high, *of);
                                    });
                                }
                                // Words wrap under their label: class names
                                // and tile lists are long.
                                Shows::Text(text) => {
                                    ui.label(egui::RichText::new(&row.label).small().color(theme::ACCENT));
                                    ui.label(text);
                                }
                            }
                        }
                        ui.add_space(8.0);
                    }
                });
        });
    space.keep_rest(&root);
    Ok(())
}

/// A range within `0..=of` as a lit band on a dark bar, with its numbers.
fn band(ui: &mut egui::Ui, low: u32, high: u32, of: u32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(90.0, 16.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, egui::Color32::from_gray(40));
    let x = |v: u32| rect.left() + rect.width() * v as f32 / of.max(1) as f32;
    let lit = egui::Rect::from_x_y_ranges(x(low)..=x(high).max(x(low) + 2.0), rect.y_range());
    painter.rect_filled(lit, 3.0, theme::ACCENT.gamma_multiply(0.85));
    ui.label(if low == high {
        low.to_string()
    } else {
        format!("{low}–{high}")
    });
}
