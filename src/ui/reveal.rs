//! The reveal on the result screen, the same for every game with rounds:
//! one row per player, one column per round (or slot), each cell marked by
//! how it went.

use bevy::prelude::*;
use bevy_egui::egui;

use super::layout::FreeSpace;
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

/// What a reveal shows: its title, the columns' heading and count, the
/// players' names, each cell (`None` for a column not played) and the
/// legend under it.
pub struct Reveal<'a, F: Fn(Seat, usize) -> Option<Cell>> {
    pub title: &'a str,
    pub column: &'a str,
    pub names: &'a [String; 2],
    pub columns: usize,
    pub cell: F,
    pub legend: &'a str,
}

/// The reveal in a window at `place`, over the table.
pub fn reveal_window<F: Fn(Seat, usize) -> Option<Cell>>(
    ctx: &egui::Context,
    place: Place,
    reveal: Reveal<F>,
) {
    egui::Window::new(reveal.title)
        .collapsible(true)
        .resizable(false)
        .anchor(place.0, place.1)
        .show(ctx, |ui| reveal_grid(ui, &reveal));
}

/// The reveal in a panel along the bottom of the free space: the table is
/// fitted above it, so it covers nothing it reports.
pub fn reveal_panel<F: Fn(Seat, usize) -> Option<Cell>>(
    ctx: &egui::Context,
    space: &mut FreeSpace,
    reveal: Reveal<F>,
) {
    let mut root = space.ui(ctx, "reveal");
    egui::Panel::bottom(egui::Id::new(reveal.title)).show(&mut root, |ui| {
        ui.add_space(6.0);
        ui.label(egui::RichText::new(reveal.title).strong().size(18.0));
        egui::ScrollArea::horizontal().show(ui, |ui| reveal_grid(ui, &reveal));
        ui.add_space(4.0);
    });
    space.keep_rest(&root);
}

fn reveal_grid<F: Fn(Seat, usize) -> Option<Cell>>(ui: &mut egui::Ui, reveal: &Reveal<F>) {
    // Betting's ten slots fit a phone's width in a smaller size, closer.
    let narrow = super::layout::narrow(ui.ctx().viewport_rect().size());
    let (size, gap) = if narrow { (16.0, 8.0) } else { (19.0, 14.0) };
    egui::Grid::new(reveal.title)
        .striped(true)
        .spacing([gap, 4.0])
        .show(ui, |ui| {
            ui.strong(reveal.column);
            for c in 1..=reveal.columns {
                ui.strong(c.to_string());
            }
            ui.end_row();
            for seat in [0, 1] {
                ui.strong(&reveal.names[seat]);
                for cell in (0..reveal.columns).map_while(|c| (reveal.cell)(seat, c)) {
                    let mut text = egui::RichText::new(cell.text).size(size);
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
    ui.label(egui::RichText::new(reveal.legend).small());
}

/// A replay being watched with everything uncovered: the reveal windows
/// show both sides as they stand.
pub fn in_uncovered_replay(watching: Option<Res<crate::session::Watching>>) -> bool {
    watching.is_some_and(|w| w.eyes == crate::session::Eyes::Everything)
}
