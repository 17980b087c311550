// The frame times of a game's table in headless Chromium (WebGL2 on
// SwiftShader, as the browser test runs), at 1280 x 720: opens the built
// page with `?frame-times=SECONDS` and the other options given, waits for
// the line the app writes to the page (`data-frame-times`), prints it.
//
//   node scripts/frame-times-web.mjs FOLDER [QUERY]
//   (QUERY default: game=wargame&scenario=12&opponent=normal&seed=4&autoplay=400&frame-times=20)
import { createRequire } from "node:module";
import { serve } from "../web/serve.mjs";

const require = createRequire(new URL("../web/package.json", import.meta.url));
const { chromium } = require("playwright-core");

const folder = process.argv[2] ?? "dist/web";
const query =
  process.argv[3] ?? "game=wargame&scenario=12&opponent=normal&seed=4&autoplay=400&frame-times=20";
const server = await serve(folder);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") console.error(`console ${m.type()}: ${m.text()}`);
  });
  await page.goto(`http://127.0.0.1:${server.address().port}/?${query}`);
  await page.waitForSelector("body[data-frame-times]", { timeout: 300_000 });
  console.log(await page.evaluate(() => document.body.dataset.frameTimes));
} finally {
  await browser.close();
  server.close();
}
