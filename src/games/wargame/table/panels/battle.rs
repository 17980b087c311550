//! The battle's panels in egui. On the left, each side's faction, victory
//! points against its goal, special tokens (spent ones turned over), the
//! round counter, the commander card with its orders, and the unit cards:
//! yours face up, the enemy's face down until revealed. Along the bottom,
//! what happens now and what may be done: the aid card's options A-D, the
//! actions of the hex clicked, retreat or stand, end activation, end turn
//! and undo. Hovering a hex tells its terrain and what stands there.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::games::wargame::battle::undo::{UndoStack, UndoStep};
use crate::games::wargame::engine::data::{Faction, Rulebook};
use crate::games::wargame::engine::scenario::Goal;
use crate::games::wargame::engine::state::{Pending, Phase, Wargame};
use crate::games::wargame::table::board::block_face::icon;
use crate::games::wargame::table::board::choices::{Aid, Offered, Selection, describe};
use crate::games::wargame::table::board::layout::{BoardLayout, SidePanelOpen, actions_beside};
use crate::games::wargame::table::panels::army::{card_line, thinking};
use crate::menus::Menu;
use crate::rules::Seat;
use crate::screens::Screen;
use crate::session::{Act, ComputerToMove, Shown};
use crate::ui::{FreeSpace, UiLayer, narrow, theme};
use bevy_egui::input::egui_wants_any_keyboard_input;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (side_panel, action_bar, choice_popup, hover_card)
            .chain()
            .run_if(in_state(Screen::Playing))
            .run_if(|s: Option<Res<Shown<Wargame>>>| {
                s.is_some_and(|s| s.view.phase != Phase::Building && s.curtain.is_none())
            })
            .in_set(UiLayer::Game),
    )
    .add_systems(
        Update,
        fold_key
            .run_if(in_state(Screen::Playing).and_then(in_state(Menu::None)))
            .run_if(not(egui_wants_any_keyboard_input)),
    );
}

fn side_name(seat: Seat) -> &'static str {
    match Faction::of_seat(seat) {
        Faction::Thargaton => "Black Thargaton",
        Faction::Vesania => "White Vesania",
    }
}

fn goal_text(goal: Goal, score: u32) -> String {
    match goal {
        Goal::Points(n) => format!("{score} of {n} victory points"),
        other => format!("{}; {score} victory points", other.describe()),
    }
}

/// The width of the battle's side panel in a wide window, in egui points.
const SIDE_WIDTH: f32 = 250.0;
/// The width of the side panel folded to the window's edge.
const FOLDED_WIDTH: f32 = 44.0;

/// What the battle's panels need to show what may be done now.
#[derive(bevy::ecs::system::SystemParam)]
struct Actions<'w> {
    offered: Res<'w, Offered>,
    selection: ResMut<'w, Selection>,
    stack: Res<'w, UndoStack>,
    acts: MessageWriter<'w, Act<Wargame>>,
    undo: MessageWriter<'w, UndoStep>,
    computer: Res<'w, ComputerToMove>,
}

/// The side panel: in a wide window the scenario, what happens now and
/// what may be done, then each side's card; folded, a strip with the
/// button that opens it.
fn side_panel(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    shown: Res<Shown<Wargame>>,
    mut open: ResMut<SidePanelOpen>,
    mut actions: Actions,
) -> Result {
    let game = shown.view.battlefield();
    let me = shown.seat;
    let names = shown.names.clone();
    let ctx = contexts.ctx_mut()?;
    let window = ctx.viewport_rect().size();
    if !open.0 && !narrow(window) {
        let mut root = space.ui(ctx, "battle-side");
        egui::Panel::left("battle-side-folded")
            .exact_size(FOLDED_WIDTH)
            .resizable(false)
            .show(&mut root, |ui| {
                if ui
                    .add_sized([36.0, 44.0], egui::Button::new("▶"))
                    .on_hover_text("Open the side panel (P)")
                    .clicked()
                {
                    open.0 = true;
                }
            });
        space.keep_rest(&root);
        return Ok(());
    }
    let beside = actions_beside(window, *open);
    // On a narrow window the panel stands over the board: a fifth of the
    // height (its cards scroll), so that the board keeps the most.
    space.side_panel(ctx, "battle-side", (SIDE_WIDTH, 0.2), |ui| {
        ui.horizontal(|ui| {
            ui.label(
                egui::RichText::new(game.scenario.label())
                    .family(theme::display_family(ui.ctx()))
                    .size(18.0),
            );
            if !narrow(window) {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("◀").on_hover_text("Fold the side panel (P)").clicked() {
                        open.0 = false;
                    }
                });
            }
        });
        let limit = game.scenario.turn_limit;
        ui.label(if limit > 0 {
            format!("Round {} of {limit}", game.round.max(1))
        } else {
            format!("Round {}", game.round.max(1))
        });
        if beside {
            ui.separator();
            now_and_choices(ui, &shown, &mut actions);
        }
        egui::ScrollArea::vertical().show(ui, |ui| {
            for seat in [1 - me, me] {
                ui.separator();
                side_card(ui, game, seat, me, &names[seat], &mut actions.selection);
            }
        });
    });
    Ok(())
}

/// P folds and opens the side panel.
fn fold_key(keys: Res<ButtonInput<KeyCode>>, mut open: ResMut<SidePanelOpen>) {
    if keys.just_pressed(KeyCode::KeyP) {
        open.0 = !open.0;
    }
}

fn side_card(ui: &mut egui::Ui, game: &Wargame, seat: Seat, me: Seat, name: &str, selection: &mut Selection) {
    let book = Rulebook::get();
    let side = game.scenario.side(seat);
    let active = game.active == seat && game.phase == Phase::Battle;
    let heading = format!(
        "{} — {name}{}",
        side_name(seat),
        if active { "  ◀ to play" } else { "" }
    );
    ui.label(egui::RichText::new(heading).strong().color(if active {
        theme::ACCENT
    } else {
        egui::Color32::WHITE
    }));
    ui.label(goal_text(side.goal, game.score[seat]));
    if let Goal::Points(n) = side.goal {
        ui.add(egui::ProgressBar::new(game.score[seat] as f32 / n.max(1) as f32).desired_height(8.0));
    }
    let used = if active { game.used.activations } else { 0 };
    ui.horizontal(|ui| {
        ui.label("Special tokens");
        for i in 0..side.tokens {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
            let fill = if i < used {
                egui::Color32::from_gray(70)
            } else {
                theme::ACCENT
            };
            ui.painter().circle_filled(rect.center(), 7.0, fill);
        }
        ui.label(format!("{} left", side.tokens.saturating_sub(used)));
    });
    match game.commanders[seat].as_deref().and_then(|id| book.commander(id)) {
        Some(c) => {
            ui.label(egui::RichText::new(format!("Commander {}", c.name)).italics());
            for (i, order) in c.orders.iter().enumerate() {
                let number = i as u8 + 1;
                let note = if number == 1 { " (special, no check)" } else { "" };
                let text = format!("{number}. {}{note}: {}", order.name(), order.describe());
                if seat == me && game.phase == Phase::Battle {
                    let spent = number > 1 && game.used.order && active;
                    ui.add_enabled_ui(!spent, |ui| {
                        let chosen = selection.order == Some(number);
                        if ui
                            .selectable_label(chosen, egui::RichText::new(text).small())
                            .clicked()
                        {
                            selection.order = if chosen { None } else { Some(number) };
                        }
                    });
                } else {
                    ui.label(egui::RichText::new(text).small());
                }
            }
        }
        None => {
            ui.label(egui::RichText::new("No commander").italics());
        }
    }
    for u in game.units.iter().filter(|u| u.owner == seat) {
        let known = u.known_to(me) || game.phase == Phase::Over;
        let place = u.at.map_or("destroyed".to_string(), |c| format!("at {c}"));
        ui.horizontal(|ui| {
            let card = u.card();
            icon(ui, 18.0, seat, u.kind, known.then_some(card.emblem));
            if known {
                let text = format!("{} — size {}/{} {place}", card.name, u.size, card.size);
                let label = ui.label(egui::RichText::new(text).color(if u.at.is_some() {
                    egui::Color32::WHITE
                } else {
                    egui::Color32::GRAY
                }));
                label.on_hover_text(card_line(card));
            } else {
                ui.label(
                    egui::RichText::new(format!("face down: {} {place}", u.kind.label()))
                        .italics()
                        .color(egui::Color32::GRAY),
                );
            }
        });
    }
}

/// The actions in a bar under the board, where the side panel does not
/// hold them (a narrow window, or the panel folded).
fn action_bar(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    shown: Res<Shown<Wargame>>,
    open: Res<SidePanelOpen>,
    mut actions: Actions,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if actions_beside(ctx.viewport_rect().size(), *open) {
        return Ok(());
    }
    space.bottom_bar(ctx, "battle-bar", |ui| {
        ui.vertical(|ui| now_and_choices(ui, &shown, &mut actions));
    });
    Ok(())
}

/// What happens now (whose move, or what the person at the screen is
/// asked), and the buttons for what may be done: the aid card's options,
/// the actions not offered beside a hex, and undo.
fn now_and_choices(ui: &mut egui::Ui, shown: &Shown<Wargame>, actions: &mut Actions) {
    let game = shown.view.battlefield();
    let Some(seat) = shown.acting else {
        let name = &shown.names[game.whose_move().unwrap_or(0)];
        match (&game.phase, actions.computer.0) {
            (Phase::Over, _) => {
                ui.label(egui::RichText::new(game.reason.clone().unwrap_or_default()).size(20.0));
            }
            (_, Some(_)) => thinking(ui, &format!("{name} is thinking…")),
            _ => {
                ui.label(egui::RichText::new(format!("{name} is playing…")).size(20.0));
            }
        }
        return;
    };
    let Actions {
        offered,
        selection,
        stack,
        acts,
        undo,
        ..
    } = actions;
    ui.label(
        egui::RichText::new(status(game, seat, selection))
            .size(17.0)
            .color(theme::ACCENT),
    );
    ui.horizontal_wrapped(|ui| {
        if let Some(kind) = offered.all.kind {
            ui.label("Aid card:");
            for aid in Aid::ALL {
                let Some(text) = aid.text(kind) else { continue };
                let enabled = offered.all.aid_enabled(aid);
                let chosen = selection.aid == Some(aid);
                let button = egui::Button::selectable(chosen, format!("{} {text}", aid.letter()));
                if ui.add_enabled(enabled, button).clicked() {
                    selection.aid = if chosen { None } else { Some(aid) };
                }
            }
            ui.end_row();
        }
        // A hex's several choices stand by the hex (choice_popup), so the
        // list does not grow and move the board.
        let at_hex = selection
            .choosing
            .map(|h| offered.shown.at(h))
            .unwrap_or_default();
        for (i, action) in offered.bar(game, selection).into_iter().enumerate() {
            if at_hex.contains(&action) {
                continue;
            }
            if ui.button(numbered(i, describe(game, seat, action))).clicked() {
                acts.write(Act::new(action.clone()));
            }
        }
        if ui
            .add_enabled(stack.can_undo(), egui::Button::new("Undo (U)"))
            .clicked()
        {
            undo.write(UndoStep);
        }
    });
}

/// A button's words with the digit key that presses it.
fn numbered(index: usize, text: String) -> String {
    if index < 9 {
        format!("{} {text}", index + 1)
    } else {
        text
    }
}

/// The choices of a hex that offers several (attacks on each block there,
/// by each unit of a squad), as a menu beside the hex.
fn choice_popup(
    mut contexts: EguiContexts,
    shown: Res<Shown<Wargame>>,
    offered: Res<Offered>,
    mut selection: ResMut<Selection>,
    board: Option<Res<BoardLayout>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    mut acts: MessageWriter<Act<Wargame>>,
) -> Result {
    let (Some(seat), Some(hex), Some(board)) = (shown.acting, selection.choosing, board) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let game = shown.view.battlefield();
    let (camera, transform) = *camera;
    let beside = board.world(hex) + Vec2::new(board.size, 0.0);
    let Ok(p) = camera.world_to_viewport(transform, beside.extend(0.0)) else {
        return Ok(());
    };
    let here = offered.shown.at(hex);
    let mut close = false;
    egui::Area::new(egui::Id::new("hex-choices"))
        .order(egui::Order::Foreground)
        .fixed_pos(egui::pos2(p.x, p.y) / ctx.zoom_factor())
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(egui::RichText::new(format!("{hex}: choose")).strong());
                for (i, action) in offered.bar(game, &selection).into_iter().enumerate() {
                    if here.contains(&action)
                        && ui.button(numbered(i, describe(game, seat, action))).clicked()
                    {
                        acts.write(Act::new(action.clone()));
                    }
                }
                close = ui.button("Cancel (right-click)").clicked();
            });
        });
    if close {
        selection.choosing = None;
    }
    Ok(())
}

/// What the person at the screen is asked to do.
fn status(game: &Wargame, seat: Seat, selection: &Selection) -> String {
    if let Some(p) = game.pending.front() {
        let name = game.units[p.unit()].card().name.clone();
        return match p {
            Pending::Hit { .. } => {
                format!("Your {name} was hit: retreat (a green hex) or stand and take the command check.")
            }
            Pending::MustRetreat { .. } => format!("Your {name} must retreat: choose a green hex."),
            Pending::FireEscape { .. } => format!("Your {name} kept its nerve under fire: retreat or stay."),
            Pending::Counter { .. } => {
                format!("Your {name} passed its check: counterattack, or stay without striking back.")
            }
        };
    }
    match &game.activation {
        Some(a) => {
            let names: Vec<String> = a
                .units
                .iter()
                .map(|&u| game.units[u].card().name.clone())
                .collect();
            format!(
                "{} activated: green hexes (a dot) to move, red (a cross) to attack, orange (a shell) to fire; Space ends the activation.",
                names.join(" + ")
            )
        }
        None => {
            let left = game.tokens_of(seat).saturating_sub(game.used.activations);
            let order = selection
                .order
                .and_then(|n| game.commander_order(seat, n))
                .map_or(String::new(), |o| format!(" with the order “{}”", o.name()));
            format!(
                "Your turn: click a block (or N, Enter) to activate it{order} ({left} special tokens left); E ends the turn."
            )
        }
    }
}

/// What stands on the hex under the mouse, or under the keyboard's cursor
/// when the mouse is off the board, as a tooltip beside it.
fn hover_card(
    mut contexts: EguiContexts,
    shown: Res<Shown<Wargame>>,
    selection: Res<Selection>,
    board: Option<Res<BoardLayout>>,
    camera: Single<(&Camera, &GlobalTransform)>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (at, place) = match (selection.hover, selection.cursor) {
        (Some(at), _) if !ctx.is_pointer_over_egui() => (at, ctx.pointer_hover_pos().unwrap_or_default()),
        (_, Some(at)) if let Some(board) = &board => {
            let (camera, transform) = *camera;
            // Beside the hex, clear of the blocks below it.
            let beside = board.world(at) + Vec2::new(board.size, board.size * 0.5);
            let Ok(p) = camera.world_to_viewport(transform, beside.extend(0.0)) else {
                return Ok(());
            };
            (
                at,
                egui::pos2(p.x, p.y) / ctx.zoom_factor() - egui::vec2(18.0, 18.0),
            )
        }
        _ => return Ok(()),
    };
    let game = shown.view.battlefield();
    let me = shown.seat;
    let mut lines = vec![format!("{at}: {}", game.map.at(at).label())];
    let tokens = game.tokens_at(at);
    if let Some((w, _)) = tokens.works {
        lines.push(w.label().to_string());
    }
    if tokens.fire.is_some() {
        lines.push("on fire".into());
    }
    if tokens.smoke.is_some() {
        lines.push("smoke".into());
    }
    // Each block there enlarged, its sticker beside its unit card.
    let blocks: Vec<_> = game
        .units_at(at)
        .map(|u| {
            let known = u.known_to(me) || game.phase == Phase::Over;
            let card = u.card();
            let text = if known {
                format!(
                    "{} {} — size {} of {}\n{}",
                    side_name(u.owner),
                    card.name,
                    u.size,
                    card.size,
                    card_line(card)
                )
            } else {
                format!("{} {}, face down", side_name(u.owner), u.kind.label())
            };
            (u.owner, u.kind, known.then_some(card.emblem), text)
        })
        .collect();
    egui::Area::new(egui::Id::new("hex-card"))
        .order(egui::Order::Tooltip)
        .fixed_pos(place + egui::vec2(18.0, 18.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(360.0);
                for line in lines {
                    ui.add(egui::Label::new(line).extend());
                }
                for (owner, kind, emblem, text) in blocks {
                    ui.horizontal(|ui| {
                        icon(ui, 56.0, owner, kind, emblem);
                        ui.add(egui::Label::new(text).wrap());
                    });
                }
            });
        });
    Ok(())
}
