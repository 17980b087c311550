//! In the browser: the page learns which screen is shown (`data-screen` on
//! its body) and how long the game's log is (`data-log-lines`). The page
//! hides its loading indicator on the first screen, and the browser test
//! waits on them as a player watches the screen and the log. And the
//! picker's "Open scenario file…" reads a file from the player's disk.

use std::sync::Mutex;

use bevy::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use crate::games::wargame::Scenario;
use crate::games::wargame::catalogue::{Catalogue, Entry, Origin};
use crate::screens::Screen;
use crate::session::GameLog;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            mark_screen.run_if(state_changed::<Screen>),
            mark_log.run_if(resource_changed::<GameLog>),
            take_opened,
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
    mark("data-log-lines", &log.shown().count().to_string());
}

/// Files the player opened, waiting to join the catalogue: the file name
/// and its text, or why it could not be read.
static OPENED: Mutex<Vec<(String, Result<String, String>)>> = Mutex::new(Vec::new());

/// "Open scenario file…": the browser's file dialog, for one `.ron` file.
pub fn open_scenario_file() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(input) = document
        .create_element("input")
        .map(|e| e.unchecked_into::<web_sys::HtmlInputElement>())
    else {
        return;
    };
    input.set_type("file");
    input.set_accept(".ron");
    let chosen = input.clone();
    let on_change = Closure::once(move || {
        let Some(file) = chosen.files().and_then(|files| files.get(0)) else {
            return;
        };
        let name = file.name();
        wasm_bindgen_futures::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|v| v.as_string())
                .ok_or_else(|| "the browser could not read the file as text".to_string());
            if let Ok(mut opened) = OPENED.lock() {
                opened.push((name, text));
            }
        });
    });
    input.set_onchange(Some(on_change.as_ref().unchecked_ref()));
    // The closure must outlive this call: the browser calls it later, once.
    on_change.forget();
    input.click();
}

fn take_opened(mut catalogue: ResMut<Catalogue>, mut log: ResMut<GameLog>) {
    let Ok(mut opened) = OPENED.lock() else { return };
    for (file, text) in opened.drain(..) {
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
