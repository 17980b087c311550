//! `--frame-times SECONDS`: once a game's table is on the screen, the
//! time each frame took over that many seconds (after two to settle),
//! printed as its median, 99th percentile and longest, then the program
//! exits. In the browser (`?frame-times=20`) the line is kept in
//! `FrameTimes` (the page shows it as `data-frame-times`) and the page
//! stays. The figures in
//! docs/figures.md are measured so.

use std::time::Duration;

use bevy::prelude::*;

use crate::screens::Screen;
use crate::session::Launch;

/// Frames after the table appears that are not counted: its first frames
/// build meshes and textures.
const SETTLE: Duration = Duration::from_secs(2);

/// The measured line, once there is one.
#[derive(Resource, Debug, Default)]
pub struct FrameTimes(pub Option<String>);

#[derive(Default)]
struct Measuring {
    /// Real time on the table so far.
    on_table: Duration,
    frames: Vec<Duration>,
    done: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FrameTimes>().add_systems(
        Update,
        measure.run_if(|launch: Option<Res<Launch>>| launch.is_some_and(|l| l.frame_times.is_some())),
    );
}

fn measure(
    launch: Res<Launch>,
    screen: Res<State<Screen>>,
    time: Res<Time<Real>>,
    mut measuring: Local<Measuring>,
    mut exit: MessageWriter<AppExit>,
    mut measured: ResMut<FrameTimes>,
) {
    if measuring.done || !matches!(screen.get(), Screen::Playing) {
        return;
    }
    let span = Duration::from_secs(u64::from(launch.frame_times.expect("run only with a span")));
    measuring.on_table += time.delta();
    if measuring.on_table <= SETTLE {
        return;
    }
    measuring.frames.push(time.delta());
    if measuring.on_table < SETTLE + span {
        return;
    }
    measuring.done = true;
    let line = summary(&mut measuring.frames);
    if cfg!(target_arch = "wasm32") {
        measured.0 = Some(line);
    } else {
        println!("{line}");
        exit.write(AppExit::Success);
    }
}

/// "N frames: median A ms, p99 B ms, longest C ms".
fn summary(frames: &mut [Duration]) -> String {
    frames.sort();
    let at = |q: f64| frames[((frames.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1000.0;
    format!(
        "frame times over {} frames: median {:.1} ms, p99 {:.1} ms, longest {:.1} ms",
        frames.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    )
}
