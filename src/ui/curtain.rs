//! The curtain between two people on one screen: opaque, it covers the
//! whole window, and says only who takes the screen next.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::theme;
use crate::rules::Game;
use crate::session::{LiftCurtain, Narrated, Session};

pub(super) fn curtain_overlay<G: Game + Narrated>(
    mut contexts: EguiContexts,
    session: Res<Session<G>>,
    mut lift: MessageWriter<LiftCurtain>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    let Some(seat) = session.curtain else {
        return Ok(());
    };
    let name = &session.names()[seat];
    let ctx = contexts.ctx_mut()?;
    let mut lifted = keys.just_pressed(KeyCode::Space);
    let curtain = theme::cover(
        ctx,
        "curtain",
        egui::Order::Foreground,
        egui::Color32::from_rgb(22, 16, 12),
    );
    lifted |= curtain.inner.clicked();
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
