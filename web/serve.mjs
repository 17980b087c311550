// Serves a folder on localhost with the types a browser needs (wasm above
// all), as a static host should (README, "In the browser"): the build's
// content-hashed files cached for good, everything else checked again,
// and a pre-compressed `.br` or `.gz` beside a file sent in its place to a
// browser that takes it. No dependencies: `node web/serve.mjs [FOLDER] [PORT]`.
// `server.requests` counts the requests for each path (the browser test's
// second visit).
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { basename, extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".ron": "text/plain; charset=utf-8",
  ".md": "text/plain; charset=utf-8",
  ".wav": "audio/wav",
  ".png": "image/png",
};

/// A file whose name holds its content's hash never changes.
const HASHED = /-[0-9a-f]{12}\.(wasm|js)$/;

/// The pre-compressed files tried, best first.
const ENCODINGS = [["br", ".br"], ["gzip", ".gz"]];

async function exists(file) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export function serve(folder, port = 0) {
  const root = resolve(folder);
  const requests = new Map();
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
    requests.set(path, (requests.get(path) ?? 0) + 1);
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const headers = {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "cache-control": HASHED.test(basename(file)) ? "public, max-age=31536000, immutable" : "no-cache",
        vary: "accept-encoding",
      };
      const accepted = String(request.headers["accept-encoding"] ?? "");
      let body = null;
      for (const [encoding, suffix] of ENCODINGS) {
        if (accepted.includes(encoding) && (await exists(file + suffix))) {
          body = await readFile(file + suffix);
          headers["content-encoding"] = encoding;
          break;
        }
      }
      body ??= await readFile(file);
      headers["content-length"] = body.length;
      response.writeHead(200, headers);
      response.end(body);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  server.requests = requests;
  return new Promise((ready) => server.listen(port, "127.0.0.1", () => ready(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folder = process.argv[2] ?? "dist/web";
  const port = Number(process.argv[3] ?? 8080);
  const server = await serve(folder, port);
  console.log(`Serving ${folder} at http://localhost:${server.address().port}/ (Ctrl-C stops)`);
}
