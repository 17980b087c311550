//! The curtain between two people on one screen: opaque, it covers the
//! whole window, and says only who takes the screen next.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::theme;
use crate::rules::Playable;
use crate::session::{LiftCurtain, Narrated, Shown};

pub(super) fn curtain_overlay<G: Playable + Narrated>(
    mut contexts: EguiContexts,
    shown: Res<Shown<G>>,
    mut lift: MessageWriter<LiftCurtain>,
) -> Result {
    let Some(seat) = shown.curtain else {
        return Ok(());
    };
    let name = &shown.names[seat];
    let ctx = contexts.ctx_mut()?;
    // Space is read with the game's input (`session::curtain`), before a
    // curtain can come down in the same frame; here only a click lifts it.
    let curtain = theme::cover(ctx, "curtain", egui::Order::Foreground, theme::CURTAIN);
    let lifted = curtain.inner.clicked();
    let screen = ctx.content_rect();
    let painter = ctx.layer_painter(curtain.response.layer_id);
    painter.text(
        screen.center() - egui::vec2(0.0, 40.0),
        egui::Align2::CENTER_CENTER,
        format!("Pass the screen to {name}"),
        egui::FontId::proportional(44.0),
        egui::Color32::WHITE,
    );
    painter.text(
        screen.center() + egui::vec2(0.0, 20.0),
        egui::Align2::CENTER_CENTER,
        format!("{name}: click or press Space when the other player cannot see."),
        egui::FontId::proportional(22.0),
        egui::Color32::LIGHT_GRAY,
    );
    if lifted {
        lift.write(LiftCurtain);
    }
    Ok(())
}
