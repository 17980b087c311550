//! What a window needs before it opens, said in a line instead of a panic:
//! a display to open it on, and a GPU driver to draw with.

/// The exit code of a start with no display or no GPU driver.
pub const EXIT_NO_DISPLAY: u8 = 3;

/// The commands that need no window.
const HEADLESS: &str = "The commands referee, arena, replay, validate and serve need no display \
(black-and-white --help lists them).";

/// Why no window can open here, if none can: on Linux the game draws
/// through X11 (natively or by XWayland), which needs `DISPLAY`.
pub fn display_missing() -> Option<String> {
    if !cfg!(target_os = "linux") || std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty()) {
        return None;
    }
    let wayland = std::env::var_os("WAYLAND_DISPLAY").is_some_and(|d| !d.is_empty());
    Some(format!(
        "black-and-white: no display to open the game's window on: {} Start it from a desktop \
         session, or under a virtual one (xvfb-run -a black-and-white). {HEADLESS}",
        if wayland {
            "DISPLAY is not set (the game draws through X11: start XWayland)."
        } else {
            "neither DISPLAY nor WAYLAND_DISPLAY is set."
        }
    ))
}

/// The renderer stops with "Unable to find a GPU" when no driver answers:
/// that panic becomes a line naming the package to install, and the exit
/// code of a start that cannot draw. Any other panic is reported as before.
pub fn explain_a_missing_gpu() {
    let before = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        if text.contains("Unable to find a GPU") {
            eprintln!(
                "black-and-white: no GPU driver answered, so the game cannot draw. Install your \
                 graphics card's Vulkan driver; on Debian or Ubuntu, `sudo apt install \
                 mesa-vulkan-drivers` gives every machine one (lavapipe draws on the processor). \
                 {HEADLESS}"
            );
            std::process::exit(i32::from(EXIT_NO_DISPLAY));
        }
        before(info);
    }));
}
