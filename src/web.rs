//! In the browser: the page learns which screen is shown (`data-screen` on
//! its body), which menu is open over it (`data-menu`) and how long the game's log is (`data-log-lines`). The page
//! hides its loading indicator on the first screen, and the browser test
//! waits on them as a player watches the screen and the log. And the
//! picker's "Open scenario file…" and the replays' "Open replay file…" read
//! a file from the player's disk; "Download" saves a replay to it.

use std::sync::Mutex;

use bevy::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use crate::games::wargame::catalogue::{Catalogue, Entry, Origin};
use crate::games::wargame::engine::Scenario;
use crate::menus::Menu;
use crate::screens::Screen;
use crate::session::GameLog;

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

fn mark_menu(menu: Res<State<Menu>>) {
    mark("data-menu", &format!("{:?}", menu.get()).to_lowercase());
}

fn mark_log(log: Res<GameLog>) {
    mark("data-log-lines", &log.shown().count().to_string());
}

/// A file the player opened: its name and its text, or why it could not
/// be read.
type Opened = Vec<(String, Result<String, String>)>;

/// Scenario files the player opened, waiting to join the catalogue.
static OPENED: Mutex<Opened> = Mutex::new(Vec::new());

/// Replay files the player opened, waiting to be watched.
static OPENED_REPLAYS: Mutex<Opened> = Mutex::new(Vec::new());

/// "Open scenario file…": the browser's file dialog, for one `.ron` file.
pub fn open_scenario_file() {
    choose_file(".ron", &OPENED);
}

/// "Open replay file…": the browser's file dialog, for one replay.
pub fn open_replay_file() {
    choose_file(".jsonl,.json,.txt", &OPENED_REPLAYS);
}

/// The browser's file dialog; the chosen file's text lands in `into`.
fn choose_file(accept: &str, into: &'static Mutex<Opened>) {
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
    input.set_accept(accept);
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
            if let Ok(mut opened) = into.lock() {
                opened.push((name, text));
            }
        });
    });
    input.set_onchange(Some(on_change.as_ref().unchecked_ref()));
    // The closure must outlive this call: the browser calls it later, once.
    on_change.forget();
    input.click();
}

/// "Download": the replay's text as a file the browser saves.
pub fn download(name: &str, text: &str) -> Result<(), String> {
    let failed = |_| "the browser refused to make the file".to_string();
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no page to download from")?;
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/jsonl");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(failed)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(failed)?;
    let link = document
        .create_element("a")
        .map_err(failed)?
        .unchecked_into::<web_sys::HtmlAnchorElement>();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Opened replay files, to be watched.
fn take_opened_replays(mut open: MessageWriter<crate::session::OpenReplay>, mut log: ResMut<GameLog>) {
    let Ok(mut opened) = OPENED_REPLAYS.lock() else {
        return;
    };
    for (file, text) in opened.drain(..) {
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
