//! Whether the player's scenario folder changed: the platform's file
//! watcher (notify) says so where there is one; where there is none (the
//! browser has no folder, and a system may refuse a watch) the folder is
//! looked at every two seconds instead.

use std::path::{Path, PathBuf};

/// The watch on the folder, if the platform gave one.
#[derive(bevy::prelude::Resource)]
pub struct FolderWatch {
    #[cfg(not(target_arch = "wasm32"))]
    watching: Option<native::Watching>,
}

impl FolderWatch {
    /// Watches `folder`; without a watcher (refused, or none on this
    /// platform) the folder is looked at on a timer.
    pub fn start(folder: Option<&Path>) -> FolderWatch {
        #[cfg(not(target_arch = "wasm32"))]
        {
            FolderWatch {
                watching: folder.and_then(native::Watching::start),
            }
        }
        #[cfg(target_arch = "wasm32")]
        {
            let _ = folder;
            FolderWatch {}
        }
    }

    /// The files the watcher saw change since it was last asked (empty when
    /// nothing did); `None` without a watcher.
    pub fn changed(&self) -> Option<Vec<PathBuf>> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.watching.as_ref().map(native::Watching::changed)
        }
        #[cfg(target_arch = "wasm32")]
        {
            None
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::path::{Path, PathBuf};
    use std::sync::Mutex;
    use std::sync::mpsc::{Receiver, channel};

    use bevy::log::warn;
    use notify::{RecursiveMode, Watcher};

    pub(super) struct Watching {
        /// Kept for as long as the folder is watched.
        _watcher: notify::RecommendedWatcher,
        events: Mutex<Receiver<notify::Result<notify::Event>>>,
    }

    impl Watching {
        pub(super) fn start(folder: &Path) -> Option<Watching> {
            let (sender, events) = channel();
            let watched = notify::recommended_watcher(move |event| {
                // The folder's watch outlives no app: a closed channel
                // only means the game has gone.
                let _ = sender.send(event);
            })
            .and_then(|mut watcher| {
                // Recursive: the `rulebooks` folder inside it too.
                watcher.watch(folder, RecursiveMode::Recursive)?;
                Ok(watcher)
            });
            match watched {
                Ok(watcher) => Some(Watching {
                    _watcher: watcher,
                    events: Mutex::new(events),
                }),
                Err(e) => {
                    warn!(
                        "the scenario folder {} is looked at every two seconds: no watch on it ({e})",
                        folder.display()
                    );
                    None
                }
            }
        }

        pub(super) fn changed(&self) -> Vec<PathBuf> {
            let Ok(events) = self.events.lock() else {
                return Vec::new();
            };
            let mut paths = Vec::new();
            for event in events.try_iter() {
                match event {
                    Ok(event) => paths.extend(event.paths),
                    // An error (events lost, say) is a change of unknown
                    // files: the folder is looked at again all the same.
                    Err(_) => paths.push(PathBuf::new()),
                }
            }
            paths
        }
    }
}

/// Whether `path` is the folder's file `name`.
pub fn names(path: &Path, name: &str) -> bool {
    path.file_name().is_some_and(|n| n == name)
}
