//! Army building behind the curtain: the 20-point budget (or the
//! scenario's), the unit cards to buy from, the commander, and the blocks
//! placed on the first row, moved by clicking one and then a hex. Deploying
//! sends the whole army as one `Build` action.

use bevy::prelude::*;

use crate::ids::GameId;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::games::wargame::battle::draft::Draft;
use crate::games::wargame::engine::data::{Faction, UnitCard};
use crate::games::wargame::engine::state::{Action, Phase, Wargame};
use crate::games::wargame::table::board::choices::Selection;
use crate::rules::{Level, Seat, sub_seed};
use crate::screens::{ActiveGame, Screen};
use crate::session::{Act, ComputerToMove, Shown};
use crate::ui::{FreeSpace, UiLayer, theme};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        army_panel
            .run_if(in_state(Screen::Playing))
            .run_if(in_state(ActiveGame::Playing(GameId::Wargame)))
            .in_set(UiLayer::Game),
    );
}

fn army_panel(
    mut contexts: EguiContexts,
    mut space: ResMut<FreeSpace>,
    shown: Res<Shown<Wargame>>,
    mut draft: ResMut<Draft>,
    mut acts: MessageWriter<Act<Wargame>>,
    selection: Res<Selection>,
    computer: Res<ComputerToMove>,
) -> Result {
    let game = shown.view.battlefield();
    if game.phase != Phase::Building || shown.curtain.is_some() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let Some(seat) = shown.acting else {
        space.bottom_bar(ctx, "army-wait", |ui| match computer.0 {
            Some(seat) => thinking(ui, &format!("{} is choosing its army…", shown.names[seat])),
            None => {
                ui.label(
                    egui::RichText::new("The other side builds its army behind the curtain…").size(20.0),
                );
            }
        });
        return Ok(());
    };
    let book = game.scenario.book();
    let faction = Faction::of_seat(seat);
    let mut deploy = false;
    space.side_panel(ctx, "army", (340.0, 0.4), |ui| {
        ui.heading(format!(
            "Build your army: {}",
            if faction == Faction::Thargaton {
                "black Thargaton"
            } else {
                "white Vesania"
            }
        ));
        let cost = draft.cost();
        let budget = game.scenario.budget;
        ui.add(
            egui::ProgressBar::new(cost as f32 / budget.max(1) as f32)
                .text(format!("{cost} of {budget} points, {} blocks", draft.army.len())),
        );
        // Written back only when chosen, so that the board redraws on a
        // change and not every frame.
        let mut commander = draft.commander.clone();
        commander_choice(ui, game, seat, &mut commander);
        if commander != draft.commander {
            draft.commander = commander;
        }
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            for card in book
                .units
                .iter()
                .filter(|c| c.faction == faction && game.scenario.allows_unit(&c.id))
            {
                let bought = draft.army.iter().filter(|p| p.class == card.id).count();
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal(|ui| {
                        let room = cost + card.cost <= budget
                            && bought < book.army.most_of_a_class
                            && draft.army.len() < book.army.most_blocks;
                        if ui
                            .add_enabled(room, egui::Button::new(format!("+ {}", card.cost)))
                            .on_hover_text(format!("Buy a block for {} points", card.cost))
                            .clicked()
                        {
                            draft.buy(game, seat, &card.id);
                        }
                        crate::games::wargame::table::board::block_face::icon(
                            ui,
                            30.0,
                            seat,
                            card.kind,
                            Some(card.emblem),
                        );
                        ui.vertical(|ui| {
                            let count = if bought > 0 {
                                format!("  ×{bought}")
                            } else {
                                String::new()
                            };
                            ui.label(egui::RichText::new(format!("{}{count}", card.name)).strong());
                            ui.add(egui::Label::new(egui::RichText::new(card_line(card)).small()).wrap());
                        });
                    });
                });
            }
        });
    });
    let check = game.check_build(seat, &draft.commander, &draft.army);
    let text = match (&draft.problem, &check, draft.moving) {
        (Some(p), _, _) => p.clone(),
        (_, _, Some(i)) => format!(
            "Click a hex of your first row for the {}.",
            book.unit(&draft.army[i].class)
                .map_or("block", |c| c.name.as_str())
        ),
        (_, Err(_), _) if draft.army.is_empty() => {
            "Buy blocks with the + buttons: they stand on your first row, in green.".into()
        }
        (_, Err(e), _) => e.clone(),
        (_, Ok(()), _) => {
            "Click or tap a block, then a hex of your first row, to move it; a right-click or a long press removes it. Keys: N steps through your blocks, Enter picks one up and puts it down, Backspace removes it.".into()
        }
    };
    let mut root = space.ui(ctx, "army-bar-root");
    egui::Panel::bottom("army-bar").show(&mut root, |ui| {
        ui.label(egui::RichText::new(text).color(theme::ACCENT));
        ui.horizontal(|ui| {
            if ui.button("Random army").clicked() {
                // Normal builds the fullest army (Easy holds back in a
                // tutorial, which the player's own army should not).
                let mut builder = crate::games::wargame::engine::bot::bot(
                    Level::Normal,
                    sub_seed(shown.fill_seed, 9 + draft.army.len() as u64),
                );
                if let Action::Build { commander, army } = builder.choose(&shown.view) {
                    draft.commander = commander;
                    draft.army = army;
                    draft.moving = None;
                    draft.problem = None;
                }
            }
            if ui.button("Clear").clicked() {
                draft.army.clear();
                draft.moving = None;
                draft.problem = None;
            }
            deploy = ui
                .add_enabled(
                    check.is_ok(),
                    egui::Button::new(
                        egui::RichText::new(if selection.cursor.is_some() {
                            "Deploy (Ctrl+Enter)"
                        } else {
                            "Deploy (Enter)"
                        })
                        .size(20.0)
                        .strong(),
                    ),
                )
                .clicked();
        });
    });
    space.keep_rest(&root);
    if deploy && check.is_ok() {
        acts.write(Act::new(draft.action()));
    }
    Ok(())
}

fn commander_choice(ui: &mut egui::Ui, game: &Wargame, seat: Seat, commander: &mut Option<String>) {
    let book = game.scenario.book();
    let faction = Faction::of_seat(seat);
    let allowed: Vec<_> = book
        .commanders
        .iter()
        .filter(|c| c.faction == faction && game.scenario.allows_commander(&c.id))
        .collect();
    if allowed.is_empty() {
        ui.label(egui::RichText::new("No commanders in this battle.").italics());
        return;
    }
    ui.label("Commander");
    ui.radio_value(commander, None, "none");
    for c in allowed {
        let orders = c
            .orders
            .iter()
            .enumerate()
            .map(|(i, o)| format!("{} {}", i + 1, o.name()))
            .collect::<Vec<_>>()
            .join(" · ");
        ui.radio_value(commander, Some(c.id.clone()), &c.name)
            .on_hover_text(orders);
    }
}

/// The computer at work: a spinner that turns while the table stays
/// responsive, and what it is doing.
pub fn thinking(ui: &mut egui::Ui, what: &str) {
    ui.horizontal(|ui| {
        ui.spinner();
        ui.label(egui::RichText::new(what).size(20.0));
    });
}

/// A unit card's numbers in one line.
pub fn card_line(card: &UnitCard) -> String {
    let ranged = card.ranged.map_or("–".into(), |r| r.to_string());
    let mut line = format!(
        "{} · discipline {} · melee {} · ranged {ranged} · defense {} · size {}",
        card.kind.label(),
        card.discipline,
        card.melee,
        card.defense,
        card.size
    );
    for ability in &card.abilities {
        line.push_str(" · ");
        line.push_str(&ability.describe());
    }
    line
}
