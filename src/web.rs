//! In the browser: the page learns which screen is shown (`data-screen` on
//! its body) and how long the game's log is (`data-log-lines`). The page
//! hides its loading indicator on the first screen, and the browser test
//! waits on them as a player watches the screen and the log.

use bevy::prelude::*;

use crate::screens::Screen;
use crate::session::GameLog;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            mark_screen.run_if(state_changed::<Screen>),
            mark_log.run_if(resource_changed::<GameLog>),
        ),
    );
}

fn mark(name: &str, value: &str) {
    if let Some(body) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
    {
        // A page without a body has nothing to show the marker to.
        let _ = body.set_attribute(name, value);
    }
}

fn mark_screen(screen: Res<State<Screen>>) {
    mark("data-screen", &format!("{:?}", screen.get()).to_lowercase());
}

fn mark_log(log: Res<GameLog>) {
    mark("data-log-lines", &log.lines.len().to_string());
}
