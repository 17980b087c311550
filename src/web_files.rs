//! The browser's files: "Open scenario file…" and "Open replay file…" read
//! a file from the player's disk through the file dialog; "Download" saves
//! a replay to it. What is opened waits here until the app takes it.

use std::sync::Mutex;

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

/// A file the player opened: its name and its text, or why it could not
/// be read.
pub type Opened = Vec<(String, Result<String, String>)>;

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

/// The scenario files opened since the last call.
pub fn take_scenarios() -> Opened {
    OPENED
        .lock()
        .map(|mut opened| opened.drain(..).collect())
        .unwrap_or_default()
}

/// The replay files opened since the last call.
pub fn take_replays() -> Opened {
    OPENED_REPLAYS
        .lock()
        .map(|mut opened| opened.drain(..).collect())
        .unwrap_or_default()
}

/// Where the editor's scenarios are kept in the page's storage.
const KEPT_SCENARIO: &str = "black-and-white/scenarios/";

fn storage() -> Result<web_sys::Storage, String> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| "this browser keeps no local storage: use Download".into())
}

/// Keeps a scenario the editor saved in the page's storage, under its file
/// name, for the next visit.
pub fn keep_scenario(name: &str, text: &str) -> Result<(), String> {
    storage()?
        .set_item(&format!("{KEPT_SCENARIO}{name}"), text)
        .map_err(|_| "the browser refused to store it (its storage may be full): use Download".into())
}

/// The scenarios kept in the page's storage: each file name and its text.
pub fn kept_scenarios() -> Vec<(String, String)> {
    let Ok(storage) = storage() else {
        return Vec::new();
    };
    let count = storage.length().unwrap_or(0);
    (0..count)
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter_map(|key| {
            let name = key.strip_prefix(KEPT_SCENARIO)?.to_string();
            let text = storage.get_item(&key).ok().flatten()?;
            Some((name, text))
        })
        .collect()
}
