// Backroom's HTTP server in production: Next's request handler (a custom server, as Next documents it) with what
// `next start` does not give an operated service:
// - the client's address and scheme settled once, from the socket or, with TRUST_PROXY, from the load balancer's
//   X-Forwarded-* headers (forwarded.mjs);
// - a path with a malformed percent-escape answered before Next, which would answer it 500 (malformed-path.mjs);
// - a graceful stop on SIGTERM or SIGINT: stop taking connections, let the requests in flight finish (up to 25 s),
//   close the database pool and the Redis connections, exit 0 (`next start` exits 143, and waits without a bound).
// Plain JavaScript: it runs before and outside Next's bundle. The app and this file meet on globalThis under
// Symbol.for("backroom.draining") and Symbol.for("backroom.shutdown") (see lib/server/core/lifecycle.ts).
import { createServer } from "node:http";
import { hostname as machineName } from "node:os";
import next from "next";
import pino from "pino";
import { settleForwarded, trustedHops } from "./forwarded.mjs";
import { answerMalformedPath } from "./malformed-path.mjs";

/** How long requests in flight get to finish after SIGTERM before their connections are closed. */
const GRACE_MS = 25_000;
/** How long closing the pools may take. */
const CLOSE_MS = 5_000;
/** Longer than a load balancer's idle keep-alive (nginx: 60 s), so Backroom is never the one closing a reused connection. */
const KEEP_ALIVE_MS = 65_000;

/**
 * Starts the server; resolves once it listens.
 *
 * @param {{ dir: string, hostname: string, port: number }} options
 */
export async function serve({ dir, hostname, port }) {
  // The same variables lib/server/core/env.ts reads for the app's own log lines, so every line of an instance matches.
  const log = pino(
    {
      level: process.env.LOG_LEVEL || "info",
      base: { instance: process.env.INSTANCE_ID || `${machineName()}-${process.pid}` },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    // Synchronous: a handful of lines, and the last one written right before exit. (An asynchronous pino stream is
    // flushed at exit by sonic-boom's flushSync, which retries a write to a closed stdout for ever.)
    pino.destination({ dest: 1, sync: true }),
  );
  const hops = trustedHops(process.env.TRUST_PROXY);
  const app = next({ dev: false, dir, hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();

  let draining = false;
  let inFlight = 0;
  const server = createServer((request, response) => {
    settleForwarded(request.headers, {
      remoteAddress: request.socket.remoteAddress,
      encrypted: "encrypted" in request.socket,
      hops,
    });
    inFlight++;
    response.on("close", () => inFlight--);
    // While stopping, no connection is kept for another request: the load balancer opens its next one elsewhere.
    if (draining) response.setHeader("Connection", "close");
    if (answerMalformedPath(request, response)) return;
    void handle(request, response);
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve(undefined));
  });
  log.info({ url: `http://${hostname}:${port}`, trustProxy: hops }, "listening");

  /** A line, unless writing it fails (stdout closed by whoever started the process): that must not stop the stop. */
  const say = (
    /** @type {"info" | "warn" | "error"} */ level,
    /** @type {object} */ fields,
    /** @type {string} */ message,
  ) => {
    try {
      log[level](fields, message);
    } catch {
      // Nowhere to say it.
    }
  };

  const stop = async (/** @type {NodeJS.Signals} */ signal) => {
    if (draining) return;
    draining = true;
    /** @type {Record<symbol, unknown>} */ (globalThis)[Symbol.for("backroom.draining")] = true;
    try {
      say("info", { signal, inFlight }, "stopping: no new connections, finishing requests in flight");
      const closed = new Promise((resolve) => server.close(() => resolve(true)));
      // Idle keep-alive connections hold server.close() open; they are closed as soon as they have no request.
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      server.closeIdleConnections();
      const finished = await Promise.race([closed, sleep(GRACE_MS).then(() => false)]);
      clearInterval(idle);
      if (!finished) {
        say("warn", { inFlight }, `requests still running after ${GRACE_MS / 1000} s: closing their connections`);
        server.closeAllConnections();
      }
      const shutdown = /** @type {Record<symbol, (() => Promise<void>) | undefined>} */ (globalThis)[
        Symbol.for("backroom.shutdown")
      ];
      await Promise.race([
        Promise.resolve(shutdown?.()).catch((error) =>
          say("error", { error: String(error) }, "closing the pools failed"),
        ),
        sleep(CLOSE_MS),
      ]);
      say("info", {}, "stopped");
    } finally {
      process.exit(0);
    }
  };
  for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) process.on(signal, () => void stop(signal));
  return server;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());
