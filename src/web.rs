//! In the browser: the page learns which screen is shown (`data-screen` on
//! its body), which menu is open over it (`data-menu`) and how long the
//! game's log is (`data-log-lines`). The page hides its loading indicator
//! on the first screen, and the browser test waits on them as a player
//! watches the screen and the log. The files the player opens (`web_files`)
//! join the scenario catalogue or are watched as replays, as do the
//! scenarios the editor kept in the page's storage.

use bevy::prelude::*;

use crate::game_log::GameLog;
use crate::games::wargame::battle::catalogue::{Catalogue, Entry, Origin};
use crate::games::wargame::engine::Scenario;
use crate::menus::Menu;
use crate::screens::Screen;
use crate::ui::frame_times::FrameTimes;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, list_kept).add_systems(
        Update,
        (
            mark_screen.run_if(state_changed::<Screen>),
            mark_menu.run_if(state_changed::<Menu>),
            mark_log.run_if(resource_changed::<GameLog>),
            take_opened,
            take_opened_replays,
            mark_frame_times.run_if(resource_changed::<FrameTimes>),
        ),
    );
}

/// Sets an attribute on the page's body: what the browser test reads.
fn mark(name: &str, value: &str) {
    if let Some(body) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
    {
        // A page without a body has nothing to show the marker to.
        let _ = body.set_attribute(name, value);
    }
}

/// `--frame-times` in the browser: its line, for the page's script and
/// the console.
fn mark_frame_times(measured: Res<FrameTimes>) {
    if let Some(line) = &measured.0 {
        web_sys::console::log_1(&line.as_str().into());
        mark("data-frame-times", line);
    }
}

fn mark_screen(screen: Res<State<Screen>>) {
    mark("data-screen", &format!("{:?}", screen.get()).to_lowercase());
}

fn mark_menu(menu: Res<State<Menu>>) {
    mark("data-menu", &format!("{:?}", menu.get()).to_lowercase());
}

fn mark_log(log: Res<GameLog>) {
    mark("data-log-lines", &log.shown().count().to_string());
}

/// Opened replay files, to be watched.
fn take_opened_replays(mut open: MessageWriter<crate::session::OpenReplay>, mut log: ResMut<GameLog>) {
    for (file, text) in crate::web_files::take_replays() {
        match text.and_then(|t| Ok((crate::replay::file::game_of(&t)?, t))) {
            Ok((game, text)) => {
                open.write(crate::session::OpenReplay {
                    game,
                    text,
                    at: 0,
                    eyes: None,
                });
            }
            Err(e) => log.notice(format!("{file} cannot be watched: {e}")),
        }
    }
}

/// The scenarios the editor kept in the page's storage on earlier visits.
fn list_kept(mut catalogue: ResMut<Catalogue>) {
    for (file, text) in crate::web_files::kept_scenarios() {
        catalogue.add(Entry {
            origin: Origin::Opened,
            file,
            scenario: Scenario::parse(&text),
            text,
        });
    }
}

fn take_opened(mut catalogue: ResMut<Catalogue>, mut log: ResMut<GameLog>) {
    for (file, text) in crate::web_files::take_scenarios() {
        let (scenario, text) = match text {
            Ok(text) => (Scenario::parse(&text), text),
            Err(e) => (Err(e), String::new()),
        };
        match &scenario {
            Ok(s) => log.notice(format!("Opened {file}: {}", s.label())),
            Err(e) => log.notice(format!("{file} cannot be played: {e}")),
        }
        catalogue.add(Entry {
            origin: Origin::Opened,
            file,
            scenario,
            text,
        });
        let opened = catalogue
            .entries
            .iter()
            .filter(|e| e.origin == Origin::Opened)
            .count();
        mark("data-opened", &opened.to_string());
    }
}
