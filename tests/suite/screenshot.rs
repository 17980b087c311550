//! Real screenshots: the binary opens a window (under Xvfb with Mesa's
//! lavapipe in CI), draws the table, writes a PNG and exits.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_black-and-white");

/// Runs the game with these arguments and a screenshot path; the picture's
/// size and RGB pixels.
pub fn screenshot(name: &str, args: &[&str]) -> (u32, u32, Vec<u8>) {
    screenshot_sized(name, (1280, 720), args)
}

/// The same in a window of `size`, on a virtual screen of that size unless
/// it is the 1280 x 720 one CI's whole test run has.
pub fn screenshot_sized(name: &str, size: (u32, u32), args: &[&str]) -> (u32, u32, Vec<u8>) {
    let dir = std::env::temp_dir().join(format!("bw-shot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out_dir = std::env::var_os("SCREENSHOT_DIR")
        .map(PathBuf::from)
        .unwrap_or(dir.clone());
    std::fs::create_dir_all(&out_dir).unwrap();
    let path = out_dir.join(format!("{name}.png"));
    let _ = std::fs::remove_file(&path);
    let (w, h) = size;
    let mut command = if std::env::var_os("DISPLAY").is_some() && size == (1280, 720) {
        Command::new(BIN)
    } else {
        let mut xvfb = Command::new("xvfb-run");
        xvfb.args(["-a", "-s", &format!("-screen 0 {w}x{h}x24"), BIN]);
        xvfb
    };
    let status = command
        .args(args)
        .args(["--size", &format!("{w}x{h}")])
        .arg("--screenshot")
        .arg(&path)
        .env("BLACK_AND_WHITE_CONFIG_DIR", &dir)
        .env("BLACK_AND_WHITE_DATA_DIR", dir.join(name))
        .status()
        .expect("the game runs (with a DISPLAY, or under xvfb-run: see README)");
    assert!(status.success(), "the game exited with {status}");
    read_png(&path)
}

fn read_png(path: &Path) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    pixels.truncate(info.buffer_size());
    let channels = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => panic!("{path:?}: unexpected colour type {other:?}"),
    };
    let rgb = pixels
        .chunks_exact(channels)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    (info.width, info.height, rgb)
}

/// How many pixels are close to a colour.
fn count_near(pixels: &[u8], rgb: [u8; 3], tolerance: i32) -> usize {
    pixels
        .chunks_exact(3)
        .filter(|p| (0..3).all(|i| (i32::from(p[i]) - i32::from(rgb[i])).abs() <= tolerance))
        .count()
}

#[test]
fn the_tiles_table_is_drawn() {
    let (width, height, pixels) = screenshot("tiles", &["--game", "tiles", "--seed", "4"]);
    assert_eq!((width, height), (1280, 720));
    let colours: HashSet<&[u8]> = pixels.chunks_exact(3).collect();
    assert!(colours.len() > 50, "a blank picture: {} colours", colours.len());
    let total = (width * height) as usize;
    let felt = count_near(&pixels, [28, 76, 51], 12);
    assert!(felt > total / 5, "the felt covers the table: {felt} of {total}");
    let ivory = count_near(&pixels, [242, 237, 219], 10);
    let black = count_near(&pixels, [20, 20, 23], 8);
    assert!(ivory > 4 * 40 * 60, "four white tiles in hand: {ivory}");
    assert!(black > 5 * 40 * 60, "five black tiles in hand: {black}");
}

#[test]
fn the_curtain_between_friends_hides_the_whole_table() {
    let (width, height, pixels) = screenshot(
        "curtain",
        &["--game", "tiles", "--opponent", "friend", "--seed", "4"],
    );
    assert_eq!((width, height), (1280, 720));
    let felt = count_near(&pixels, [28, 76, 51], 12);
    let ivory = count_near(&pixels, [242, 237, 219], 10);
    assert_eq!(felt, 0, "no part of the table shows through the curtain");
    assert!(
        ivory < 200,
        "no white tile shows through the curtain: {ivory} pixels"
    );
    let text = count_near(&pixels, [255, 255, 255], 30);
    assert!(
        text > 500,
        "the curtain says who takes the screen: {text} light pixels"
    );
}

#[test]
fn the_bidding_table_is_drawn_with_lit_lamps() {
    let (width, height, pixels) = screenshot("bidding", &["--game", "bidding", "--seed", "4"]);
    assert_eq!((width, height), (1280, 720));
    let felt = count_near(&pixels, [28, 76, 51], 12);
    assert!(felt > (width * height) as usize / 5, "the felt: {felt}");
    let lamp = count_near(&pixels, [250, 200, 64], 20);
    assert!(lamp > 10 * 600, "ten lit lamps at the start: {lamp} lamp pixels");
}

const CHIP_RED: [u8; 3] = [204, 56, 51];
const CHIP_BLUE: [u8; 3] = [64, 140, 204];
/// The chips' edges, seen down a stack's side.
const CHIP_RED_EDGE: [u8; 3] = [133, 31, 28];
const CHIP_BLUE_EDGE: [u8; 3] = [31, 77, 128];

/// A stack's chips: their tops and their edges.
fn count_chips(pixels: &[u8], top: [u8; 3], edge: [u8; 3]) -> usize {
    count_near(pixels, top, 12) + count_near(pixels, edge, 12)
}

#[test]
fn the_betting_setup_board_shows_the_rack_the_slots_and_the_chips() {
    let (width, height, pixels) = screenshot("betting-setup", &["--game", "betting", "--seed", "4"]);
    assert_eq!((width, height), (1280, 720));
    let felt = count_near(&pixels, [28, 76, 51], 12);
    assert!(felt > (width * height) as usize / 5, "the felt: {felt}");
    let ivory = count_near(&pixels, [242, 237, 219], 10);
    let black = count_near(&pixels, [20, 20, 23], 8);
    assert!(ivory > 5 * 2000, "five white tiles on the rack: {ivory}");
    assert!(black > 5 * 2000, "five black tiles on the rack: {black}");
    let chips = count_chips(&pixels, CHIP_RED, CHIP_RED_EDGE);
    assert!(chips > 1000, "thirty chips to place: {chips}");
}

#[test]
fn a_betting_slot_shows_both_rows_and_the_stacks() {
    let (width, height, pixels) = screenshot(
        "betting-slot",
        &["--game", "betting", "--seed", "4", "--quick-setup"],
    );
    assert_eq!((width, height), (1280, 720));
    let ivory = count_near(&pixels, [242, 237, 219], 10);
    let black = count_near(&pixels, [20, 20, 23], 8);
    assert!(ivory > 5 * 2000, "your five white tiles face up: {ivory}");
    assert!(black > 5 * 2000, "your five black tiles face up: {black}");
    let backs = count_near(&pixels, [77, 84, 107], 8);
    assert!(
        backs > 8 * 2000,
        "the opponent's later tiles as plain backs: {backs}"
    );
    let mine = count_chips(&pixels, CHIP_RED, CHIP_RED_EDGE);
    let theirs = count_chips(&pixels, CHIP_BLUE, CHIP_BLUE_EDGE);
    assert!(mine > 1000, "your thirty chips in stacks: {mine}");
    assert!(theirs > 200, "the opponent's stack (or pile): {theirs}");
}

/// Pixels of the board's part of the window (between the side panel and
/// the log, below the top bar) that `like` takes.
fn count_like_on_board(width: u32, pixels: &[u8], like: impl Fn(&[u8]) -> bool) -> usize {
    pixels
        .chunks_exact(3)
        .enumerate()
        .filter(|(i, _)| {
            let (x, y) = (*i as u32 % width, *i as u32 / width);
            (345..985).contains(&x) && (45..640).contains(&y)
        })
        .filter(|(_, p)| like(p))
        .count()
}

/// The painted map's terrains, told by hue rather than by one colour (a
/// hex is a picture: grain, light and shade): a wood's dark greens (the
/// move marks' light green is brighter), a hill's ochres, a field's straw.
fn forest_green(p: &[u8]) -> bool {
    let [r, g, b] = [p[0], p[1], p[2]].map(i32::from);
    g > r + 25 && g > b + 15 && g < 140
}

fn hill_ochre(p: &[u8]) -> bool {
    let [r, g, b] = [p[0], p[1], p[2]].map(i32::from);
    r > g + 25 && g > b + 25 && (120..235).contains(&r)
}

fn plain_field(p: &[u8]) -> bool {
    near(p, [196, 190, 140], 22)
}
const BLACK_BLOCK: [u8; 3] = [31, 20, 13];
const WHITE_BLOCK: [u8; 3] = [242, 237, 219];
const WHITE_LIGHT: [u8; 3] = [255, 252, 242];

/// A black block's wood: its face, edge or lit band (a known block's
/// sticker covers most of its face, so the face alone undercounts it).
fn black_wood(p: &[u8]) -> bool {
    [BLACK_BLOCK, BLACK_EDGE, BLACK_LIGHT]
        .iter()
        .any(|&c| near(p, c, 6))
}

/// A white block's face or lit band (its tan edge is too near the map's
/// straw to tell apart).
fn white_wood(p: &[u8]) -> bool {
    [WHITE_BLOCK, WHITE_LIGHT].iter().any(|&c| near(p, c, 6))
}

#[test]
fn the_wargame_army_building_screen_shows_the_board_and_the_cards() {
    let (width, height, pixels) = screenshot(
        "wargame-building",
        &["--game", "wargame", "--scenario", "22", "--build", "--seed", "4"],
    );
    assert_eq!((width, height), (1280, 720));
    let forest = count_like_on_board(width, &pixels, forest_green);
    let hill = count_like_on_board(width, &pixels, hill_ochre);
    let plain = count_like_on_board(width, &pixels, plain_field);
    assert!(
        forest > 4 * 1000,
        "four forests, each a hex of its own green: {forest}"
    );
    assert!(hill > 2 * 1000, "two hills in ochre: {hill}");
    assert!(plain > 40 * 1000, "open plain: {plain}");
    let blocks =
        count_like_on_board(width, &pixels, black_wood) + count_like_on_board(width, &pixels, white_wood);
    assert!(
        blocks < 200,
        "no army stands on the board before it is built: {blocks}"
    );
    let light = pixels
        .chunks_exact(3)
        .enumerate()
        .filter(|(i, p)| *i as u32 % width < 330 && p.iter().all(|&c| c > 200))
        .count();
    // The cards' names in white (the game's title no longer stands over
    // the panel: the frame is in the log's column beside the board).
    assert!(
        light > 1200,
        "the unit cards are listed on the left: {light} light pixels"
    );
    // The tutorial's first step stands over the log, its hint ("Deploy
    // your army to go on.") in the accent colour, which nothing else there
    // has while armies are built.
    let over_log: Vec<u8> = pixels
        .chunks_exact(3)
        .enumerate()
        .filter(|(i, _)| *i as u32 % width >= 990 && *i as u32 / width >= 80)
        .flat_map(|(_, p)| p.to_vec())
        .collect();
    let hint = count_near(&over_log, [250, 200, 64], 24);
    assert!(
        hint > 100,
        "the tutorial's step over the log: {hint} accent pixels"
    );
}

#[test]
fn a_wargame_battle_shows_terrain_and_both_armies() {
    let (width, height, pixels) = screenshot(
        "wargame-battle",
        &["--game", "wargame", "--scenario", "22", "--seed", "4"],
    );
    assert_eq!((width, height), (1280, 720));
    let forest = count_like_on_board(width, &pixels, forest_green);
    let hill = count_like_on_board(width, &pixels, hill_ochre);
    assert!(
        forest > 4 * 1000 && hill > 2 * 1000,
        "forest {forest}, hill {hill}"
    );
    let black = count_like_on_board(width, &pixels, black_wood);
    let white = count_like_on_board(width, &pixels, white_wood);
    assert!(black > 4 * 250, "black blocks stand on the board: {black}");
    assert!(white > 4 * 250, "white blocks stand on the board: {white}");
}

const FELT: [u8; 3] = [28, 76, 51];
const FELT_LINE: [u8; 3] = [43, 102, 71];
/// The log's width in pixels, at the default text size.
const LOG: u32 = 290;

/// `count_near` within the columns `xs` of a picture `width` wide.
fn count_in_columns(
    width: u32,
    pixels: &[u8],
    xs: std::ops::Range<u32>,
    rgb: [u8; 3],
    tolerance: i32,
) -> usize {
    count_like_in_columns(width, pixels, xs, |p| near(p, rgb, tolerance))
}

/// Pixels within the columns `xs` that `like` takes.
fn count_like_in_columns(
    width: u32,
    pixels: &[u8],
    xs: std::ops::Range<u32>,
    like: impl Fn(&[u8]) -> bool,
) -> usize {
    pixels
        .chunks_exact(3)
        .enumerate()
        .filter(|(i, p)| xs.contains(&(*i as u32 % width)) && like(p))
        .count()
}

/// The felt's rim shows at both ends, and where the log stands beside a
/// card table (from 1240 pixels wide; narrower, it starts folded) all of
/// it left of the log: the fixed-width log covers none of the table.
fn assert_felt_fits(name: &str, width: u32, pixels: &[u8]) {
    let (_, right) = felt_sides(name, width, pixels);
    if width < 1240 {
        return;
    }
    assert!(
        right < width - LOG,
        "{name}: the felt runs under the log, to x = {right}"
    );
    let under_log = count_in_columns(width, pixels, width - LOG..width, FELT, 6);
    assert_eq!(under_log, 0, "{name}: no felt under the log");
}

/// The columns of the felt's rim at its left and right, each side seen
/// whole (more than 300 pixels of it).
fn felt_sides(name: &str, width: u32, pixels: &[u8]) -> (u32, u32) {
    let xs: Vec<u32> = pixels
        .chunks_exact(3)
        .enumerate()
        .filter(|(_, p)| near(p, FELT_LINE, 6))
        .map(|(i, _)| i as u32 % width)
        .collect();
    let (Some(&left), Some(&right)) = (xs.iter().min(), xs.iter().max()) else {
        panic!("{name}: no felt");
    };
    let at = |x: u32| xs.iter().filter(|&&c| c.abs_diff(x) <= 4).count();
    assert!(
        at(left) > 300 && at(right) > 300,
        "{name}: the rim's sides: {} and {}",
        at(left),
        at(right)
    );
    (left, right)
}

/// At 1024 x 768 a card table starts with the log folded: beside it, the
/// felt would shrink betting's rack tiles to 35 pixels and tiles' hand to
/// 43. Folded, the felt takes the window's width and the tiles' faces
/// stay a finger wide.
#[test]
fn every_card_table_fits_a_1024_by_768_window_with_tiles_a_finger_wide() {
    for (name, args, rgb, least, face) in [
        (
            "tiles-1024",
            &["--game", "tiles", "--seed", "4"][..],
            [242, 237, 219],
            4 * 1400,
            48,
        ),
        (
            "bidding-1024",
            &["--game", "bidding", "--seed", "4"][..],
            [250, 200, 64],
            10 * 350,
            0,
        ),
        (
            "betting-1024",
            &["--game", "betting", "--seed", "4", "--quick-setup"][..],
            CHIP_RED,
            600,
            40,
        ),
    ] {
        let (width, height, pixels) = screenshot_sized(name, (1024, 768), args);
        assert_eq!((width, height), (1024, 768));
        let (left, right) = felt_sides(name, width, &pixels);
        assert!(
            right - left >= width * 9 / 10,
            "{name}: the felt spans columns {left} to {right} of {width}"
        );
        let seen = count_near(&pixels, rgb, 12);
        assert!(seen > least, "{name}: its pieces on the felt: {seen}");
        let across = longest_run(width, &pixels, [242, 237, 219], 12);
        assert!(
            across >= face,
            "{name}: a white tile's face is {across} pixels across"
        );
    }
}

#[test]
fn a_wargame_battle_fits_a_1024_by_768_window() {
    let (width, height, pixels) = screenshot_sized(
        "wargame-1024",
        (1024, 768),
        &["--game", "wargame", "--scenario", "22", "--seed", "4"],
    );
    assert_eq!((width, height), (1024, 768));
    let forest = pixels.chunks_exact(3).filter(|p| forest_green(p)).count();
    let black = count_like_in_columns(width, &pixels, 300..width - LOG, black_wood);
    let white = count_like_in_columns(width, &pixels, 300..width - LOG, white_wood);
    assert!(forest > 4 * 500, "the forests: {forest}");
    assert!(
        black > 4 * 120 && white > 4 * 120,
        "both armies: {black} and {white}"
    );
    assert_nothing_cut_at_the_right(width, height, &pixels, 60, 8);
}

#[test]
fn the_tutorial_s_first_step_fits_a_1024_by_768_window() {
    let (width, _, pixels) = screenshot_sized(
        "wargame-building-1024",
        (1024, 768),
        &["--game", "wargame", "--scenario", "22", "--build", "--seed", "4"],
    );
    let plain = count_in_columns(width, &pixels, 340..width - LOG, [196, 190, 140], 22);
    let cards = count_in_columns(width, &pixels, 0..330, [255, 255, 255], 55);
    let hint = count_in_columns(width, &pixels, width - LOG..width, [250, 200, 64], 24);
    assert!(plain > 20 * 600, "the board's open plain: {plain}");
    assert!(cards > 1200, "the unit cards on the left: {cards}");
    assert!(
        hint > 100,
        "the tutorial's step over the log: {hint} accent pixels"
    );
}

/// Pixels in the colours of a won and a lost round or slot (theme::WIN,
/// theme::LOSS).
fn win_and_loss(pixels: &[u8]) -> usize {
    count_near(pixels, [115, 217, 115], 30) + count_near(pixels, [242, 115, 102], 30)
}

/// Light text (egui's strong white and the table's labels) in columns.
fn light_in(width: u32, pixels: &[u8], xs: std::ops::Range<u32>) -> usize {
    count_in_columns(width, pixels, xs, [255, 255, 255], 40)
}

#[test]
fn the_new_game_dialog_shows_its_options_at_both_sizes() {
    for size in [(1280, 720), (1024, 768)] {
        let name = format!("new-game-{}", size.0);
        let (width, _, pixels) = screenshot_sized(&name, size, &["--game", "bidding", "--new-game"]);
        // The dialog stands in the middle: its window, its words (title,
        // options) and the Start button in the accent's dark shade.
        let window = count_near(&pixels, [27, 27, 27], 2);
        let words = count_in_columns(
            width,
            &pixels,
            width / 2 - 220..width / 2 + 220,
            [200, 200, 200],
            55,
        );
        let start = count_near(&pixels, [150, 110, 20], 6);
        assert!(window > 300 * 200, "{name}: the dialog's window: {window}");
        assert!(words > 1500, "{name}: the dialog's words: {words}");
        assert!(start > 2500, "{name}: the Start button: {start}");
    }
}

#[test]
fn betting_after_a_hand_over_shows_every_label_at_both_sizes() {
    for size in [(1280, 720), (1024, 768)] {
        let name = format!("betting-hand-over-{}", size.0);
        let (width, _, pixels) = screenshot_sized(
            &name,
            size,
            &[
                "--game",
                "betting",
                "--opponent",
                "friend",
                "--seed",
                "4",
                "--autoplay",
                "5",
            ],
        );
        assert_felt_fits(&name, width, &pixels);
        // Slot numbers, chip counts, "won / on later tiles" and the settled
        // slots' results, all drawn as table text over the felt.
        let labels = light_in(width, &pixels, 0..width - LOG);
        let results = win_and_loss(&pixels);
        assert!(labels > 1200, "{name}: the table's labels: {labels} light pixels");
        assert!(results > 60, "{name}: the settled slots' results: {results}");
    }
}

#[test]
fn bidding_s_end_screen_shows_both_sides_bids_at_both_sizes() {
    for size in [(1280, 720), (1024, 768)] {
        let name = format!("bidding-end-{}", size.0);
        let (width, _, pixels) = screenshot_sized(
            &name,
            size,
            &["--game", "bidding", "--seed", "4", "--autoplay", "9"],
        );
        assert_felt_fits(&name, width, &pixels);
        // Eighteen cards face up, white ones ivory.
        let ivory = count_near(&pixels, [242, 237, 219], 12);
        let results = win_and_loss(&pixels);
        assert!(ivory > 8 * 600, "{name}: the white cards of both sides: {ivory}");
        assert!(
            results > 150,
            "{name}: a WIN or LOSS under every round: {results}"
        );
    }
}

/// Pixels near `rgb` within a rectangle of the picture.
fn count_near_in(
    (width, pixels): (u32, &[u8]),
    (x0, y0, x1, y1): (u32, u32, u32, u32),
    rgb: [u8; 3],
    tolerance: i32,
) -> usize {
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| ((y * width + x) * 3) as usize))
        .filter(|&i| (0..3).all(|c| (i32::from(pixels[i + c]) - i32::from(rgb[c])).abs() <= tolerance))
        .count()
}

/// A replay part-way through: the table, the bar with the game's chart,
/// and the knowledge panel's words and bars.
fn replay_screenshot(file: &str, step: &str, eyes: &str) -> (u32, Vec<u8>) {
    let path = format!("{}/tests/replays/{file}", env!("CARGO_MANIFEST_DIR"));
    let name = format!("replay-{}", file.trim_end_matches(".jsonl"));
    let (width, height, pixels) = screenshot(&name, &["--replay", &path, "--step", step, "--eyes", eyes]);
    assert_eq!((width, height), (1280, 720));
    let felt = count_near(&pixels, [28, 76, 51], 12);
    let wargame_board = count_near(&pixels, [222, 206, 160], 30);
    assert!(
        felt + wargame_board > 60_000,
        "{name}: the table is drawn: {felt} felt, {wargame_board} board"
    );
    // The chart: the second seat's line under the bar's buttons.
    let chart = count_near_in((width, &pixels), (0, 120, 910, 210), [110, 175, 230], 30);
    assert!(
        chart > 150,
        "{name}: the game's chart: {chart} pixels of its line"
    );
    // The panel's words, left of the table.
    let words = count_near_in((width, &pixels), (0, 210, 265, 720), [200, 200, 200], 60);
    assert!(
        words > 500,
        "{name}: the knowledge panel's words: {words} light pixels"
    );
    (width, pixels)
}

#[test]
fn a_replay_of_each_game_shows_the_table_the_chart_and_what_the_seat_knew() {
    // Tiles: a bar of chance for each tile the other side may hold.
    let (width, pixels) = replay_screenshot("tiles-hard-normal.jsonl", "9", "1");
    let bars = count_near_in((width, &pixels), (0, 210, 265, 720), [88, 140, 184], 30);
    assert!(bars > 2000, "tiles: the chance bars: {bars} pixels");
    // Bidding: a band for the other side's pool after each round.
    let (width, pixels) = replay_screenshot("bidding-hard-normal.jsonl", "9", "2");
    let bands = count_near_in((width, &pixels), (0, 210, 265, 720), [212, 170, 54], 35);
    assert!(bands > 150, "bidding: the pool bands: {bands} pixels");
    // Betting, after a setup time-out filled at random; everything uncovered.
    replay_screenshot("betting-timeout-hard.jsonl", "5", "all");
    // The wargame: the hidden blocks' possible classes.
    replay_screenshot("wargame-scenario-9.jsonl", "40", "2");
}

/// The map's wooden frame (`look::FRAME`) and the edge's labels on it
/// (`look::EDGE_LABEL`).
const MAP_FRAME: [u8; 3] = [92, 61, 41];
const EDGE_LABEL: [u8; 3] = [237, 227, 207];
/// A black block's edge and the light on its top face (`look::block_edge`,
/// `look::block_light`).
const BLACK_EDGE: [u8; 3] = [77, 61, 46];
const BLACK_LIGHT: [u8; 3] = [61, 46, 33];

fn near(p: &[u8], rgb: [u8; 3], tolerance: i32) -> bool {
    (0..3).all(|i| (i32::from(p[i]) - i32::from(rgb[i])).abs() <= tolerance)
}

/// Whether a pixel is the frame's wood or a label's paper blended into it
/// (a point near the line between the two colours).
fn frame_or_label(p: &[u8]) -> bool {
    let along = |c: usize| f32::from(p[c]) - f32::from(MAP_FRAME[c]);
    let span = |c: usize| f32::from(EDGE_LABEL[c]) - f32::from(MAP_FRAME[c]);
    let t = ((0..3).map(|c| along(c) * span(c)).sum::<f32>()
        / (0..3).map(|c| span(c) * span(c)).sum::<f32>())
    .clamp(0.0, 1.0);
    (0..3).all(|c| (along(c) - t * span(c)).abs() <= 10.0)
}

/// The board's hexes' share of the picture: inside the map's frame (the
/// box around its wood), every pixel that is not the frame or a label.
fn hex_share(width: u32, height: u32, pixels: &[u8]) -> f32 {
    let frame: Vec<(u32, u32)> = pixels
        .chunks_exact(3)
        .enumerate()
        .filter(|(_, p)| near(p, MAP_FRAME, 3))
        .map(|(i, _)| (i as u32 % width, i as u32 / width))
        .collect();
    assert!(
        frame.len() > 1000,
        "the map's frame is drawn: {} pixels",
        frame.len()
    );
    let (x0, x1) = (
        frame.iter().map(|p| p.0).min().unwrap(),
        frame.iter().map(|p| p.0).max().unwrap(),
    );
    let (y0, y1) = (
        frame.iter().map(|p| p.1).min().unwrap(),
        frame.iter().map(|p| p.1).max().unwrap(),
    );
    let hexes = (y0..=y1)
        .flat_map(|y| (x0..=x1).map(move |x| ((y * width + x) * 3) as usize))
        .filter(|&i| !frame_or_label(&pixels[i..i + 3]))
        .count();
    hexes as f32 / (width * height) as f32
}

/// A black block's sticker paper.
const BLACK_STICKER: [u8; 3] = [237, 227, 199];

/// The widest black block on the board, in pixels: the largest patch of a
/// black block's wood (its face, edge and lit band).
fn widest_black_block(width: u32, height: u32, pixels: &[u8]) -> u32 {
    widest_square(width, height, pixels, &[BLACK_BLOCK, BLACK_EDGE, BLACK_LIGHT])
}

/// The widest about-square patch of the colours `of`, in pixels.
fn widest_square(width: u32, height: u32, pixels: &[u8], of: &[[u8; 3]]) -> u32 {
    let wood = |i: usize| {
        let p = &pixels[i * 3..i * 3 + 3];
        of.iter().any(|&c| near(p, c, 4))
    };
    let mut seen = vec![false; (width * height) as usize];
    let mut widest = 0;
    for start in 0..seen.len() {
        if seen[start] || !wood(start) {
            continue;
        }
        seen[start] = true;
        let (mut low, mut high) = ((u32::MAX, u32::MAX), (0, 0));
        let mut stack = vec![start];
        let mut area = 0;
        while let Some(i) = stack.pop() {
            area += 1;
            let (x, y) = (i as u32 % width, i as u32 / width);
            low = (low.0.min(x), low.1.min(y));
            high = (high.0.max(x), high.1.max(y));
            let mut next = Vec::with_capacity(4);
            if x > 0 {
                next.push(i - 1);
            }
            if x + 1 < width {
                next.push(i + 1);
            }
            if y > 0 {
                next.push(i - width as usize);
            }
            if y + 1 < height {
                next.push(i + width as usize);
            }
            for n in next {
                if !seen[n] && wood(n) {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        let (w, h) = (high.0 - low.0 + 1, high.1 - low.1 + 1);
        // A block is about square; a panel's dark text is not.
        if area > 400 && w.abs_diff(h) * 4 < w {
            widest = widest.max(w.min(h));
        }
    }
    widest
}

#[test]
fn the_wargame_board_fills_half_the_window_and_a_block_is_44_pixels_across() {
    let (width, height, pixels) = screenshot(
        "wargame-board-share",
        &["--game", "wargame", "--scenario", "4", "--seed", "4"],
    );
    let share = hex_share(width, height, &pixels);
    assert!(
        share >= 0.5,
        "the hexes cover {:.1}% of the window",
        share * 100.0
    );
    let block = widest_black_block(width, height, &pixels);
    assert!(block >= 44, "the widest black block is {block} pixels across");
    // The log's column keeps its margin: nothing in it (a filter's row, a
    // line) pushes it past the window's right edge, where text would be cut.
    assert_nothing_cut_at_the_right(width, height, &pixels, 60, 8);
    println!(
        "hexes {:.1}% of the window, a block {block} pixels",
        share * 100.0
    );
}

#[test]
fn on_a_narrow_window_the_wargame_board_takes_the_width_and_nothing_is_cut() {
    let (width, height, pixels) = screenshot_sized(
        "wargame-board-share-narrow",
        (600, 900),
        &["--game", "wargame", "--scenario", "4", "--seed", "4"],
    );
    assert_eq!((width, height), (600, 900));
    let share = hex_share(width, height, &pixels);
    let sticker = widest_square(width, height, &pixels, &[BLACK_STICKER]);
    println!(
        "600 x 900: hexes {:.1}% of the window, a block's sticker {sticker} pixels",
        share * 100.0
    );
    // The panel over the board takes a fifth of the height and the actions
    // their bar: the board keeps the rest.
    assert!(
        share >= 0.4,
        "the hexes cover {:.1}% of the window",
        share * 100.0
    );
    // At this size a block's wood shows as a thin ring around its sticker:
    // the sticker's paper is measured (0.74 of the block's side).
    assert!(
        sticker >= 24,
        "the widest black block's sticker is {sticker} pixels across"
    );
    assert_nothing_cut_at_the_right(width, height, &pixels, 0, 4);
}

/// No light pixel (text) in the window's last `columns` columns below
/// `top`: a panel that grew past the window's edge cuts its words there.
fn assert_nothing_cut_at_the_right(width: u32, height: u32, pixels: &[u8], top: u32, columns: u32) {
    let cut = (top..height)
        .flat_map(|y| (width - columns..width).map(move |x| ((y * width + x) * 3) as usize))
        .filter(|&i| pixels[i..i + 3].iter().all(|&c| c > 140))
        .count();
    assert_eq!(cut, 0, "text reaches the window's right edge: {cut} pixels");
}

/// The rows of the picture's top `rows` that hold at least `least` pixels
/// within `tolerance` of `rgb`.
fn rows_with(
    width: u32,
    pixels: &[u8],
    rows: u32,
    (rgb, tolerance): ([u8; 3], i32),
    least: usize,
) -> Vec<u32> {
    (0..rows)
        .filter(|&y| count_near_in((width, pixels), (0, y, width, y + 1), rgb, tolerance) >= least)
        .collect()
}

#[test]
fn on_a_phone_the_result_bar_s_buttons_leave_the_result_readable() {
    let (width, _, pixels) = screenshot_sized(
        "result-bar-narrow",
        (600, 900),
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
    );
    // The result in the accent colour (theme::ACCENT) and the buttons'
    // fill (egui's widget grey, exactly: text's edges are greys too) in
    // the bar above the table.
    let headline = rows_with(width, &pixels, 160, ([250, 200, 64], 30), 4);
    let buttons = rows_with(width, &pixels, 160, ([60, 60, 60], 2), 60);
    assert!(headline.len() >= 12, "the result's line: {} rows", headline.len());
    assert!(buttons.len() >= 20, "the buttons: {} rows", buttons.len());
    let shared: Vec<u32> = headline.iter().filter(|y| buttons.contains(y)).copied().collect();
    assert!(
        shared.is_empty(),
        "the buttons lie across the result's line in rows {shared:?}"
    );
}

/// The longest run of pixels near `rgb` in any one row.
fn longest_run(width: u32, pixels: &[u8], rgb: [u8; 3], tolerance: i32) -> u32 {
    let mut longest = 0;
    for row in pixels.chunks_exact(width as usize * 3) {
        let mut run = 0;
        for p in row.chunks_exact(3) {
            run = if near(p, rgb, tolerance) { run + 1 } else { 0 };
            longest = longest.max(run);
        }
    }
    longest
}

#[test]
fn on_a_phone_each_card_table_stands_tall_and_a_hand_s_tile_is_44_pixels_across() {
    for (name, args, tile) in [
        ("tiles-tall", &["--game", "tiles", "--seed", "4"][..], 44),
        ("bidding-tall", &["--game", "bidding", "--seed", "4"][..], 0),
        ("betting-tall", &["--game", "betting", "--seed", "4"][..], 40),
    ] {
        let (width, height, pixels) = screenshot_sized(name, (600, 900), args);
        // The felt's rim, from its top to its bottom and side to side: laid
        // wide, it took the window's width and 375 of its 900 rows.
        let rim: Vec<(u32, u32)> = pixels
            .chunks_exact(3)
            .enumerate()
            .filter(|(_, p)| near(p, FELT_LINE, 6))
            .map(|(i, _)| (i as u32 % width, i as u32 / width))
            .collect();
        let (Some(top), Some(bottom)) = (rim.iter().map(|p| p.1).min(), rim.iter().map(|p| p.1).max()) else {
            panic!("{name}: no felt");
        };
        let (left, right) = (
            rim.iter().map(|p| p.0).min().unwrap_or(0),
            rim.iter().map(|p| p.0).max().unwrap_or(0),
        );
        println!("{name}: the felt from row {top} to {bottom}, column {left} to {right}");
        assert!(
            bottom - top >= 650,
            "{name}: the felt spans rows {top} to {bottom} of {height}"
        );
        assert!(
            right - left >= 520,
            "{name}: the felt spans columns {left} to {right}"
        );
        // A tile's ivory face, across: the hand's in tiles, the rack's in
        // betting's setup (its bevel and shadow take a few pixels more).
        let face = longest_run(width, &pixels, [242, 237, 219], 12);
        assert!(
            face >= tile,
            "{name}: a white tile's face is {face} pixels across"
        );
    }
}
