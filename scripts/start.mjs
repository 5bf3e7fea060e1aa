#!/usr/bin/env node
// npm start: serve a production build, building first when there is none or the sources are newer than it.
//   --port N      the port (default PORT, else 3000); HOST chooses the address (default 127.0.0.1)
//   --no-build    never build: fail when there is no build (the instances of a deployment, which share one build)
// The server runs in this process (serve.mjs), so SIGTERM from npm, systemd or a test reaches it directly.
import { buildIfStale, hasBuild, TEMPLATE_DIR } from "./build-if-stale.mjs";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const port = Number(args.includes("--port") ? args[args.indexOf("--port") + 1] : (process.env.PORT ?? "3000"));
const host = process.env.HOST ?? "127.0.0.1";

if (!args.includes("--no-build")) buildIfStale();
else if (!hasBuild()) {
  console.error("No build to serve: run `npm run build` first (--no-build never builds).");
  process.exit(1);
}

// Set before Next is loaded, as `next start` does.
process.env.NODE_ENV = "production";
// What the server's own links in mail name when PUBLIC_URL is unset (`mailOrigin`): the port it listens on.
process.env.PORT = String(port);
// The embedded sandbox copies the build's seed templates into a new data directory (set empty to seed each one).
process.env.SANDBOX_TEMPLATE_DIR ??= TEMPLATE_DIR;
const { serve } = await import("./serve.mjs");
await serve({ dir: root, hostname: host, port });
