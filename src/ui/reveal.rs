//! The reveal on the result screen, the same for every game with rounds:
//! one row per player, one column per round (or slot), each cell marked by
//! how it went.

use bevy::prelude::*;
use bevy_egui::egui;

use super::theme;
use crate::rules::Seat;

/// One cell: its text and how the round went for that player.
pub struct Cell {
    pub text: String,
    /// Took the round: gold.
    pub won: bool,
    /// Led, bid first: underlined.
    pub first: bool,
    /// Folded: italic.
    pub folded: bool,
}

impl Cell {
    pub fn new(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            won: false,
            first: false,
            folded: false,
        }
    }
}

/// Where a reveal window stands: an anchor and its offset.
pub type Place = (egui::Align2, [f32; 2]);

/// The lower left, clear of the tiles and betting tables' rows.
pub const LOWER_LEFT: Place = (egui::Align2::LEFT_BOTTOM, [12.0, -12.0]);

/// A window with a row per player at `place`; `cell(seat, column)` is
/// `None` for a column not played.
pub fn reveal_window(
    ctx: &egui::Context,
    place: Place,
    title: &str,
    column: &str,
    names: &[String; 2],
    columns: usize,
    cell: impl Fn(Seat, usize) -> Option<Cell>,
    legend: &str,
) {
    egui::Window::new(title)
        .collapsible(true)
        .resizable(false)
        .anchor(place.0, place.1)
        .show(ctx, |ui| {
            egui::Grid::new(title)
                .striped(true)
                .spacing([14.0, 4.0])
                .show(ui, |ui| {
                    ui.strong(column);
                    for c in 1..=columns {
                        ui.strong(c.to_string());
                    }
                    ui.end_row();
                    for seat in [0, 1] {
                        ui.strong(&names[seat]);
                        for cell in (0..columns).map_while(|c| cell(seat, c)) {
                            let mut text = egui::RichText::new(cell.text).size(19.0);
                            if cell.won {
                                text = text.color(theme::ACCENT).strong();
                            }
                            if cell.first {
                                text = text.underline();
                            }
                            if cell.folded {
                                text = text.italics();
                            }
                            ui.label(text);
                        }
                        ui.end_row();
                    }
                });
            ui.label(egui::RichText::new(legend).small());
        });
}

/// A replay being watched with everything uncovered: the reveal windows
/// show both sides as they stand.
pub fn in_uncovered_replay(watching: Option<Res<crate::session::Watching>>) -> bool {
    watching.is_some_and(|w| w.eyes == crate::session::Eyes::Everything)
}
