//! "Your move" outside the app's log: in the browser a notification
//! through the Notification API when the page allows it (asked for once,
//! the first time there is something to say); natively the log and the
//! list of games say it.

/// Shows `text` as a notification where the platform has them.
#[cfg(target_arch = "wasm32")]
pub fn notify(text: &str) {
    use web_sys::{Notification, NotificationOptions, NotificationPermission};
    match Notification::permission() {
        NotificationPermission::Granted => {
            let options = NotificationOptions::new();
            options.set_body(text);
            let _ = Notification::new_with_options("Black & White", &options);
        }
        NotificationPermission::Default => {
            let _ = Notification::request_permission();
        }
        _ => {}
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub fn notify(_text: &str) {}
