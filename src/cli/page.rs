//! In the browser, the page's address is the command line: a link that
//! starts a game, or measures its frames.

/// The options in the page's address as the command line's
/// (`?game=wargame&scenario=12&build` is `--game wargame --scenario 12
/// --build`), unchecked: the program's start checks them.
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
    args
}
