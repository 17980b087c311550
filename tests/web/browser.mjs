// The web build as a player meets it: Debian's Chromium (headless, WebGL2
// on SwiftShader) opens the served page, waits for the title screen, starts
// a game of tiles against the computer with the keyboard, plays a tile,
// and takes screenshots; it also changes a setting and finds it in the
// browser's storage, opens the page with broken stored settings, and opens
// a scenario file in the wargame's picker before building an army, makes
// a new scenario in the editor and keeps it in the page's storage, and
// watches a replay kept in the browser's storage, plays a tile of tiles
// and a bid of bidding by touch at a phone's size, plays a game of tiles
// against the native server's computer, and visits the page twice
// to find the wasm downloaded once. Fails
// on a blank canvas or any console error.
//
//   node tests/web/browser.mjs [FOLDER]   (default dist/web)
//
// Screenshots go to $SCREENSHOT_DIR (default dist/web-screens).
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { createRequire } from "node:module";
import { serve } from "../../web/serve.mjs";

const require = createRequire(new URL("../../web/package.json", import.meta.url));
const { chromium } = require("playwright-core");
const { PNG } = require("pngjs");

const folder = process.argv[2] ?? "dist/web";
const shots = process.env.SCREENSHOT_DIR ?? "dist/web-screens";
await mkdir(shots, { recursive: true });

const server = await serve(folder);
const url = `http://127.0.0.1:${server.address().port}/`;
const LAUNCH_ARGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-default-apps",
  "--disable-sync",
  "--no-first-run",
  "--metrics-recording-only",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
  "--ignore-gpu-blocklist",
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: LAUNCH_ARGS,
});

const SETTINGS_KEY = "black-and-white/settings.ron";
// Where things stand on a phone held upright, in CSS pixels: read off the
// screenshots this test takes (the layout is the app's at 390 x 844).
const PHONE = {
  size: { width: 390, height: 844 },
  titlePlay: { x: 195, y: 624 },
  // Each game's Play, under its words beside its picture.
  gamePlay: (index) => [{ x: 260, y: 299 }, { x: 260, y: 535 }][index],
  start: { x: 73, y: 535 },
  hand: { x: 41, y: 564, step: 38.6 },
  play: { x: 351, y: 808 },
  slider: { from: { x: 57, y: 767 }, to: { x: 140, y: 767 } },
  bid: { x: 67, y: 808 },
  seal: { x: 70, y: 768 },
};

const errors = [];
let failed = false;
try {
  const page = await open();

  const started = Date.now();
  await page.goto(url);
  await page.waitForSelector('body[data-screen="title"]', { timeout: 180_000 });
  const loadSeconds = (Date.now() - started) / 1000;
  await settle(page);
  await check(page, "title", { minColours: 20 });

  // Settings (the title's third button, under the games' pictures):
  // default difficulty Hard, Close.
  // A click can land before a slow software-rendered frame has the window
  // up: click again until the page says the settings are open, and again
  // until the setting is stored.
  let stored = null;
  for (let attempt = 0; attempt < 4 && !stored?.includes("default_difficulty: Hard"); attempt++) {
    await clickTo(page, { x: 640, y: 470 }, "settings");
    // Hard on the difficulty row and Close, where the browser's dialog
    // (no fullscreen, no file) puts them.
    await click(page, 722, 335);
    await clickTo(page, { x: 562, y: 499 }, "none");
    stored = await page.evaluate((key) => localStorage.getItem(key), SETTINGS_KEY);
  }
  if (!stored?.includes("default_difficulty: Hard")) {
    throw new Error(`the setting was not kept in the browser's storage: ${stored}`);
  }

  await press(page, "Enter");
  await page.waitForSelector('body[data-screen="gamelist"]', { timeout: 30_000 });
  await press(page, "1");
  await page.waitForSelector('body[data-screen="newgame"]', { timeout: 30_000 });
  await check(page, "new-game", { minColours: 20 });
  await press(page, "Enter");
  await page.waitForSelector('body[data-screen="playing"]', { timeout: 30_000 });
  await settle(page);

  // Play a tile: pick each number in turn and press Enter, until the log
  // says a tile of ours was placed (the computer may lead first).
  const lines = async () => Number(await page.getAttribute("body", "data-log-lines"));
  const before = await lines();
  let played = false;
  for (let attempt = 0; attempt < 30 && !played; attempt++) {
    await press(page, String(attempt % 9));
    await press(page, "Enter");
    await page.waitForTimeout(500);
    const text = await page.evaluate(() => document.body.dataset.logLines);
    played = Number(text) >= before + 2;
  }
  if (!played) throw new Error(`no tile was played: the log stayed at ${await lines()} lines`);
  await settle(page);
  await check(page, "tiles", { minColours: 50, felt: true });

  // Broken stored settings: the defaults, a warning, and the title screen.
  const broken = await open((key) => localStorage.setItem(key, "(colour_counter: maybe"));
  const warnings = [];
  broken.on("console", (message) => warnings.push(message.text()));
  await broken.goto(url);
  await broken.waitForSelector('body[data-screen="title"]', { timeout: 180_000 });
  await settle(broken);
  if (!warnings.some((w) => w.includes("is not valid") && w.includes("using the defaults"))) {
    throw new Error("broken stored settings gave no warning");
  }

  // Betting, the game with the most on its table: its setup board.
  const betting = await newGameOf("3");
  await press(betting, "Enter");
  await betting.waitForSelector('body[data-screen="playing"]', { timeout: 30_000 });
  await settle(betting);
  await check(betting, "betting-setup", { minColours: 50, felt: true });

  // The wargame: its scenario picker, a scenario file opened from the
  // player's disk (the O key opens the file dialog), and army building.
  const war = await newGameOf("4");
  await settle(war);
  await check(war, "wargame-picker", { minColours: 50 });
  const mine = (await readFile("scenarios/06-the-old-fort.ron", "utf8")).replace("number: 6,", "number: 40,");
  const [chooser] = await Promise.all([
    war.waitForEvent("filechooser", { timeout: 30_000 }),
    press(war, "o"),
  ]);
  await chooser.setFiles({ name: "40-mine.ron", mimeType: "text/plain", buffer: Buffer.from(mine) });
  await war.waitForSelector('body[data-opened="1"]', { timeout: 30_000 });
  await press(war, "Enter");
  await war.waitForSelector('body[data-screen="playing"]', { timeout: 30_000 });
  await settle(war);
  await check(war, "wargame-building", { minColours: 50 });

  // Each page runs its game until closed: under a software renderer five
  // at once starve the next one.
  for (const done of [page, broken, betting, war]) await done.context().close();

  // The scenario editor: N on the wargame's picker opens a new scenario,
  // 3 picks hills, a click paints a hex, Ctrl+S keeps the file in the
  // browser's storage (a frame here is slow enough to hold the whole
  // chord: the editor reads each key with the modifiers held at its
  // press).
  const editor = await newGameOf("4");
  await settle(editor);
  await press(editor, "n");
  await editor.waitForSelector('body[data-screen="editor"]', { timeout: 30_000 });
  await settle(editor);
  await press(editor, "3");
  await click(editor, 560, 400);
  await press(editor, "Control+s");
  let kept = [];
  for (let wait = 0; wait < 20 && kept.length === 0; wait++) {
    await editor.waitForTimeout(500);
    kept = await editor.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith("black-and-white/scenarios/")),
    );
  }
  if (kept.length === 0) throw new Error("the editor's Ctrl+S kept no scenario in the browser's storage");
  await check(editor, "wargame-editor", { minColours: 50 });
  await editor.context().close();

  // A replay kept in the browser's storage: the list (R on the title
  // screen), then watched (Enter) and stepped forward (Right), the log
  // following.
  const replay = await readFile("tests/replays/tiles-hard-normal.jsonl", "utf8");
  const watching = await open((text) => {
    const name = "2026-12-01T10-00-00Z-tiles-0001.jsonl";
    localStorage.setItem(`black-and-white/replay-${name}`, text);
    localStorage.setItem("black-and-white/replays.json", JSON.stringify([name]));
  }, replay);
  await watching.goto(url);
  await watching.waitForSelector('body[data-screen="title"]', { timeout: 180_000 });
  await settle(watching);
  await click(watching, 100, 650);
  await press(watching, "r");
  await watching.waitForSelector('body[data-screen="replays"]', { timeout: 30_000 });
  await settle(watching);
  await check(watching, "replays", { minColours: 20 });
  await press(watching, "Enter");
  await watching.waitForSelector('body[data-screen="playing"]', { timeout: 30_000 });
  const logLines = async () => Number(await watching.getAttribute("body", "data-log-lines"));
  const atStart = await logLines();
  for (let step = 0; step < 6; step++) await press(watching, "ArrowRight");
  await settle(watching);
  if ((await logLines()) <= atStart) throw new Error(`stepping the replay left the log at ${atStart} lines`);
  await check(watching, "replay-tiles", { minColours: 50, felt: true });
  // A page left playing slows every later one's frames past what egui
  // counts as a tap.
  await watching.context().close();

  // By touch alone on a phone held upright (Chromium's touch emulation at
  // 390 x 844): the title's Play, the game list's Play, Start, then a tile
  // of tiles picked and played, and in bidding the slider dragged, Bid and
  // Seal, each by taps.
  const tiles = await openPhone();
  await tapToNewGame(tiles, 0);
  await tapTo(tiles, PHONE.start, "playing");
  await settle(tiles);
  const tilesLines = () => tiles.getAttribute("body", "data-log-lines").then(Number);
  const tilesBefore = await tilesLines();
  let tapped = false;
  // Each tile of the hand in turn (the computer may hold the lead a
  // moment), then Play, until the log tells of our tile.
  for (let attempt = 0; attempt < 18 && !tapped; attempt++) {
    await tap(tiles, { x: PHONE.hand.x + (attempt % 9) * PHONE.hand.step, y: PHONE.hand.y });
    await tap(tiles, PHONE.play);
    tapped = (await tilesLines()) >= tilesBefore + 2;
  }
  await settle(tiles);
  await check(tiles, "phone-tiles", { minColours: 50 });
  if (!tapped) throw new Error(`no tile was played by taps: the log stayed at ${await tilesLines()} lines`);
  await tiles.context().close();

  const bidding = await openPhone();
  await tapToNewGame(bidding, 1);
  await tapTo(bidding, PHONE.start, "playing");
  await settle(bidding);
  const bidLines = () => bidding.getAttribute("body", "data-log-lines").then(Number);
  const bidBefore = await bidLines();
  let bid = false;
  for (let attempt = 0; attempt < 6 && !bid; attempt++) {
    await drag(bidding, PHONE.slider.from, PHONE.slider.to);
    await tap(bidding, PHONE.bid);
    if (attempt === 0) await check(bidding, "phone-bidding-seal", { minColours: 20 });
    await tap(bidding, PHONE.seal);
    bid = (await bidLines()) > bidBefore;
  }
  await settle(bidding);
  await check(bidding, "phone-bidding", { minColours: 50 });
  if (!bid) throw new Error(`no bid was sealed by taps: the log stayed at ${await bidLines()} lines`);
  await bidding.context().close();

  // Online: the native server, the page's settings naming it, "Play
  // online" (O on the title), the server's computer (N), Enter, and a
  // whole game of tiles by keys to its end.
  const online = await startServer();
  try {
    const player = await open((stored) => localStorage.setItem(stored.key, stored.text), {
      key: SETTINGS_KEY,
      text: `(server: "${online.url}")`,
    });
    await player.goto(url);
    await player.waitForSelector('body[data-screen="title"]', { timeout: 180_000 });
    await settle(player);
    await click(player, 100, 650);
    await press(player, "o");
    await player.waitForSelector('body[data-screen="online"]', { timeout: 30_000 });
    await settle(player);
    await check(player, "online", { minColours: 20 });
    await press(player, "n");
    await press(player, "Enter");
    await player.waitForSelector('body[data-screen="playing"]', { timeout: 30_000 });
    await settle(player);
    await check(player, "online-tiles", { minColours: 50, felt: true });
    const screenNow = () => player.getAttribute("body", "data-screen");
    for (let attempt = 0; attempt < 400 && (await screenNow()) === "playing"; attempt++) {
      await press(player, String(attempt % 9));
      if ((await screenNow()) === "playing") await press(player, "Enter");
    }
    // The result screen, or the lobby again if a last Enter asked to play again.
    await player.waitForSelector('body[data-screen="result"], body[data-screen="online"]', { timeout: 30_000 });
    console.log(`browser test: a game of tiles against the server ended (${await screenNow()})`);
    await settle(player);
    await check(player, "online-end", { minColours: 20 });
    await player.context().close();
  } finally {
    online.process.kill();
  }

  // Without WebGL2 the page says so instead of staying blank.
  const bare = await open(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      return kind === "webgl2" ? null : getContext.call(this, kind, ...rest);
    };
  });
  await bare.goto(url);
  await bare.waitForTimeout(500);
  const message = await bare.textContent("#status");
  if (!message.includes("WebGL2")) throw new Error(`no WebGL2, and the page says: ${message}`);

  // A second visit takes the wasm from the browser's cache: the build names
  // it by its content and the server lets the browser keep it. A profile on
  // disk, as a player's browser has (a fresh context's cache is in memory
  // and small).
  const index = await readFile(join(folder, "index.html"), "utf8");
  const wasmPath = "/" + index.match(/\.\/(black-and-white-[0-9a-f]{12}\.wasm)/)[1];
  const profile = await mkdtemp(join(tmpdir(), "bw-profile-"));
  const visitor = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: LAUNCH_ARGS,
    viewport: { width: 1280, height: 720 },
  });
  const visit = visitor.pages()[0] ?? (await visitor.newPage());
  const earlier = server.requests.get(wasmPath) ?? 0;
  for (const n of [1, 2]) {
    await visit.goto(url);
    await visit.waitForSelector('body[data-screen="title"]', { timeout: 180_000 });
    const downloads = server.requests.get(wasmPath) - earlier;
    if (downloads !== 1) throw new Error(`after visit ${n} the wasm was downloaded ${downloads} times, not once`);
  }
  await visitor.close();
  await rm(profile, { recursive: true, force: true });

  console.log(`browser test: passed; page load to title screen ${loadSeconds.toFixed(1)} s`);
} catch (error) {
  failed = true;
  console.error(`browser test: ${error.message}`);
} finally {
  await browser.close();
  server.close();
}
if (errors.length > 0) {
  console.error("browser test: errors in the browser:\n  " + errors.join("\n  "));
  failed = true;
}
process.exit(failed ? 1 : 0);

/// The native online server on a free port with a data folder of its own
/// (the ci build's binary, or $BW_BIN), and its address.
async function startServer() {
  const target = process.env.CARGO_TARGET_DIR ?? join(homedir(), ".cache/black-and-white/target");
  const bin = process.env.BW_BIN ?? join(target, "ci", "black-and-white");
  const data = await mkdtemp(join(tmpdir(), "bw-serve-"));
  const child = spawn(bin, ["serve", "--port", "0", "--data", data], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
      const found = text.match(/listening on ws:\/\/[^\s]+:(\d+)/);
      if (found) resolve(Number(found[1]));
    });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`the server (${bin}) exited with ${code}`)));
  });
  return { process: child, url: `ws://127.0.0.1:${port}` };
}

/// A fresh page as a phone shows it: touch and no mouse. At one device
/// pixel to a CSS pixel: headless Chromium's emulated scale (3 on a real
/// phone) reports the canvas's device-pixel size in CSS pixels, so winit
/// would lay the game out for a screen a third as wide.
async function openPhone() {
  const context = await browser.newContext({
    viewport: PHONE.size,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
  await page.goto(url);
  await page.waitForSelector('body[data-screen="title"]', { timeout: 180_000 });
  await settle(page);
  return page;
}

/// From the title to the new-game screen of the `index`-th game, by taps.
async function tapToNewGame(page, index) {
  await check(page, "phone-title", { minColours: 20 });
  await tapTo(page, PHONE.titlePlay, "gamelist");
  await settle(page);
  await check(page, "phone-games", { minColours: 20 });
  await tapTo(page, PHONE.gamePlay(index), "newgame");
  await settle(page);
  await check(page, "phone-new-game", { minColours: 20 });
}

/// A finger's tap, held a quarter of a second as a person's is: touched
/// and lifted within one frame, egui sees the finger gone before the
/// press reaches a button (frames are slow under a software renderer).
async function tap(page, at) {
  await drag(page, at, at, 1, 250);
  await page.waitForTimeout(500);
}

/// Taps `at` until the page shows `screen`: a tap during a frame that
/// stalls for most of a second (a new screen's first frames under the
/// software renderer) is too long a press for egui to count as a click,
/// and a person would tap again.
async function tapTo(page, at, screen) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await tap(page, at);
    const shown = await page
      .waitForSelector(`body[data-screen="${screen}"]`, { timeout: 10_000 })
      .then(() => true, () => false);
    if (shown) return;
  }
  throw new Error(`three taps at ${at.x}, ${at.y} did not open the ${screen} screen`);
}

/// A finger's drag from `from` to `to` in `steps` moves `pause` ms apart,
/// as the browser's touch events.
async function drag(page, from, to, steps = 8, pause = 60) {
  const cdp = await page.context().newCDPSession(page);
  const point = (t) => [{ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(0) });
  for (let step = 1; step <= steps; step++) {
    await page.waitForTimeout(pause);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point(step / steps) });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
  await page.waitForTimeout(250);
}

/// A fresh page on the new-game screen of the game listed `key`-th.
async function newGameOf(key) {
  const page = await open();
  await page.goto(url);
  await page.waitForSelector('body[data-screen="title"]', { timeout: 180_000 });
  await settle(page);
  await click(page, 100, 650);
  await press(page, "Enter");
  await page.waitForSelector('body[data-screen="gamelist"]', { timeout: 30_000 });
  await press(page, key);
  await page.waitForSelector('body[data-screen="newgame"]', { timeout: 30_000 });
  return page;
}

/// A fresh page (its own storage) that records errors; `setup` runs in the
/// page before the game does, given `arg`.
async function open(setup, arg = SETTINGS_KEY) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  if (setup) await context.addInitScript(setup, arg);
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
  return page;
}

/// Clicks `at` until the page shows `menu` open (or "none"): under the
/// software renderer a click during a stalled frame can go unseen.
async function clickTo(page, at, menu) {
  for (let attempt = 0; attempt < 4; attempt++) {
    await click(page, at.x, at.y);
    const shown = await page
      .waitForSelector(`body[data-menu="${menu}"]`, { timeout: 10_000 })
      .then(() => true, () => false);
    if (shown) return;
  }
  throw new Error(`four clicks at ${at.x}, ${at.y} did not leave the ${menu} menu open`);
}

async function click(page, x, y) {
  await page.mouse.click(x, y);
  await page.waitForTimeout(1200);
}

async function press(page, key) {
  await page.keyboard.press(key);
  await page.waitForTimeout(250);
}

/// A few frames under SwiftShader before looking.
async function settle(page) {
  await page.waitForTimeout(1500);
}

/// Saves a screenshot and fails on a blank one: too few colours, or no
/// felt on a table.
async function check(page, name, { minColours, felt = false }) {
  const file = join(shots, `${name}.png`);
  const buffer = await page.screenshot();
  await writeFile(file, buffer);
  const png = PNG.sync.read(buffer);
  const colours = new Set();
  let feltPixels = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const [r, g, b] = [png.data[i], png.data[i + 1], png.data[i + 2]];
    colours.add((r << 16) | (g << 8) | b);
    if (Math.abs(r - 28) < 14 && Math.abs(g - 76) < 14 && Math.abs(b - 51) < 14) feltPixels++;
  }
  if (colours.size < minColours) throw new Error(`${file} is blank: ${colours.size} colours`);
  if (felt && feltPixels < (png.width * png.height) / 5) {
    throw new Error(`${file} shows no table: ${feltPixels} felt pixels`);
  }
  console.log(`browser test: ${file}: ${colours.size} colours`);
}
