//! `gallery DIR`: a picture of every screen worth looking at, each at
//! 1280 x 720 and at 600 x 900 (a phone held upright), written by running
//! this program once per picture with `--screenshot`. The pictures are
//! what a reviewer looks at and what the README shows.

use std::path::Path;
use std::process::{Command, ExitCode};

/// The window sizes every screen is taken at.
const SIZES: [(u32, u32); 2] = [(1280, 720), (600, 900)];

/// Each screen: its file's name and the arguments that open it.
const SCREENS: &[(&str, &[&str])] = &[
    ("title", &[]),
    ("online", &["--online"]),
    (
        "tiles-round",
        &[
            "--game",
            "tiles",
            "--opponent",
            "normal",
            "--seed",
            "3",
            "--autoplay",
            "4",
        ],
    ),
    (
        "tiles-end",
        &[
            "--game",
            "tiles",
            "--opponent",
            "normal",
            "--seed",
            "3",
            "--autoplay",
            "40",
        ],
    ),
    (
        "bidding-reveal",
        &[
            "--game",
            "bidding",
            "--opponent",
            "normal",
            "--seed",
            "3",
            "--autoplay",
            "3",
        ],
    ),
    (
        "bidding-end",
        &[
            "--game",
            "bidding",
            "--opponent",
            "normal",
            "--seed",
            "3",
            "--autoplay",
            "40",
        ],
    ),
    (
        "betting-setup",
        &["--game", "betting", "--opponent", "normal", "--seed", "3"],
    ),
    (
        "betting-showdown",
        &[
            "--game",
            "betting",
            "--opponent",
            "normal",
            "--seed",
            "3",
            "--quick-setup",
            "--autoplay",
            "2",
        ],
    ),
    (
        "betting-end",
        &[
            "--game",
            "betting",
            "--opponent",
            "normal",
            "--seed",
            "3",
            "--quick-setup",
            "--autoplay",
            "200",
        ],
    ),
    ("wargame-picker", &["--game", "wargame", "--new-game"]),
    (
        "wargame-editor",
        &["--game", "wargame", "--edit", "--scenario", "6"],
    ),
    (
        "wargame-building",
        &["--game", "wargame", "--scenario", "12", "--build", "--seed", "4"],
    ),
    (
        "wargame-battle",
        &[
            "--game",
            "wargame",
            "--scenario",
            "12",
            "--opponent",
            "normal",
            "--seed",
            "4",
            "--autoplay",
            "12",
        ],
    ),
    (
        "wargame-tutorial",
        &["--game", "wargame", "--scenario", "21", "--build", "--seed", "4"],
    ),
    (
        "wargame-victory",
        &[
            "--game",
            "wargame",
            "--scenario",
            "21",
            "--opponent",
            "easy",
            "--seed",
            "4",
            "--autoplay",
            "400",
        ],
    ),
];

/// Writes every screen at every size into `dir`; the exit code says
/// whether all were written.
pub fn run(dir: &Path) -> ExitCode {
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("black-and-white gallery: cannot make {}: {e}", dir.display());
        return ExitCode::from(1);
    }
    let Ok(me) = std::env::current_exe() else {
        eprintln!("black-and-white gallery: cannot find this program's own file to run it");
        return ExitCode::from(1);
    };
    let config = dir.join(".config");
    let mut failed = 0;
    for (name, args) in SCREENS {
        for (w, h) in SIZES {
            let file = dir.join(format!("{name}-{w}x{h}.png"));
            let status = Command::new(&me)
                .args(*args)
                .args(["--size", &format!("{w}x{h}"), "--screenshot"])
                .arg(&file)
                // A config folder of its own: the player's settings and
                // saved battle are neither read nor changed.
                .env("BLACK_AND_WHITE_CONFIG_DIR", &config)
                .env("BLACK_AND_WHITE_DATA_DIR", config.join(name))
                .env("RUST_LOG", "error")
                .status();
            match status {
                Ok(s) if s.success() && file.exists() => println!("{}", file.display()),
                Ok(s) => {
                    eprintln!("black-and-white gallery: {name} at {w}x{h} failed ({s})");
                    failed += 1;
                }
                Err(e) => {
                    eprintln!("black-and-white gallery: {name} at {w}x{h} did not start: {e}");
                    failed += 1;
                }
            }
            // A display missing stops the first picture: say it once.
            if failed > 0 && std::env::var_os("DISPLAY").is_none() {
                eprintln!(
                    "black-and-white gallery: run it under a display, or xvfb-run -a black-and-white gallery DIR"
                );
                return ExitCode::from(3);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&config);
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
