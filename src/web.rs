//! In the browser: the page learns which screen is shown (`data-screen` on
//! its body), which menu is open over it (`data-menu`) and how long the
//! game's log is (`data-log-lines`). The page hides its loading indicator
//! on the first screen, and the browser test waits on them as a player
//! watches the screen and the log. The files the player opens (`web_files`)
//! join the scenario catalogue or are watched as replays.

use bevy::prelude::*;

use crate::game_log::GameLog;
use crate::games::wargame::battle::catalogue::{Catalogue, Entry, Origin};
use crate::games::wargame::engine::Scenario;
use crate::menus::Menu;
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            mark_screen.run_if(state_changed::<Screen>),
            mark_menu.run_if(state_changed::<Menu>),
            mark_log.run_if(resource_changed::<GameLog>),
            take_opened,
            take_opened_replays,
        ),
    );
}

/// The options in the page's address as the command line's
/// (`?game=wargame&scenario=12&build` is `--game wargame --scenario 12
/// --build`); none where they do not parse, with the reason in the console,
/// so that a mistyped link still opens the title screen.
pub fn page_arguments() -> Vec<String> {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let mut args = Vec::new();
    for pair in search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let decode = |s: &str| {
            js_sys::decode_uri_component(&s.replace('+', " "))
                .ok()
                .and_then(|d| d.as_string())
                .unwrap_or_else(|| s.to_string())
        };
        args.push(format!("--{}", decode(key)));
        if !value.is_empty() {
            args.push(decode(value));
        }
    }
    if let Err(e) = crate::cli::parse(&args) {
        web_sys::console::warn_1(&format!("the page's options are ignored: {e}").into());
        return Vec::new();
    }
    args
}

/// Sets an attribute on the page's body: what the browser test reads.
pub fn mark(name: &str, value: &str) {
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

fn take_opened(mut catalogue: ResMut<Catalogue>, mut log: ResMut<GameLog>) {
    for (file, text) in crate::web_files::take_scenarios() {
        let scenario = text.and_then(|t| Scenario::parse(&t));
        match &scenario {
            Ok(s) => log.notice(format!("Opened {file}: {}", s.label())),
            Err(e) => log.notice(format!("{file} cannot be played: {e}")),
        }
        catalogue.add(Entry {
            origin: Origin::Opened,
            file,
            scenario,
        });
        let opened = catalogue
            .entries
            .iter()
            .filter(|e| e.origin == Origin::Opened)
            .count();
        mark("data-opened", &opened.to_string());
    }
}
