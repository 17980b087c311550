//! `--screenshot PATH`: once the table has been drawn for a while, write a
//! PNG of the window and exit. The screenshot tests run the real binary so.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use crate::screens::Screen;
use crate::session::{Autoplay, ComputerToMove, Launch};

/// Frames drawn on the table before the picture is taken: enough for the
/// first animations to settle under a software renderer.
const SETTLE_FRAMES: u32 = 90;
/// Frames to wait for the file before giving up with an error.
const GIVE_UP_FRAMES: u32 = 600;
/// Frames on the table after which the picture is taken even while the
/// computer is still to move (a game between two computers).
const COMPUTER_FRAMES: u32 = 1200;

#[derive(Default)]
struct Progress {
    frames: u32,
    /// Frames on the table while the computer was to move.
    computer: u32,
    taken: Option<PathBuf>,
    waited: u32,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        take_screenshot.run_if(|launch: Option<Res<Launch>>| launch.is_some_and(|l| l.screenshot.is_some())),
    );
}

fn take_screenshot(
    mut commands: Commands,
    launch: Res<Launch>,
    screen: Res<State<Screen>>,
    autoplay: Option<Res<Autoplay>>,
    computer: Res<ComputerToMove>,
    mut progress: Local<Progress>,
    mut exit: MessageWriter<AppExit>,
) {
    let path = launch.screenshot.clone().expect("run only with a path");
    match progress.taken.clone() {
        None => {
            // The dialog or the title screen at once; a table once the
            // computer has made the moves asked of it.
            let on_table = if launch.replay.is_some() {
                matches!(screen.get(), Screen::Playing)
            } else {
                launch.game.is_none()
                    || launch.new_game
                    || (launch.edit && matches!(screen.get(), Screen::Editor))
                    || (matches!(screen.get(), Screen::Playing) && autoplay.is_none_or(|a| a.left == 0))
                    || matches!(screen.get(), Screen::Result)
            };
            // The computer's pause after a move is in seconds; a fast
            // renderer draws the settling frames before it is over.
            if on_table && computer.0.is_some() && progress.computer < COMPUTER_FRAMES {
                progress.computer += 1;
            } else if on_table {
                progress.frames += 1;
            }
            if progress.frames >= SETTLE_FRAMES {
                commands
                    .spawn(Screenshot::primary_window())
                    .observe(save_to_disk(path.clone()));
                progress.taken = Some(path);
            }
        }
        Some(path) => {
            progress.waited += 1;
            let written = std::fs::metadata(&path).is_ok_and(|m| m.len() > 0);
            if written && progress.waited > 5 {
                info!("screenshot written to {}", path.display());
                exit.write(AppExit::Success);
            } else if progress.waited > GIVE_UP_FRAMES {
                error!("the screenshot {} was never written", path.display());
                exit.write(AppExit::error());
            }
        }
    }
}
