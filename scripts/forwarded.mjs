// How Backroom's HTTP server (serve.mjs) settles who the client is before Next sees a request. Plain JavaScript: it
// runs outside Next's bundle, before any TypeScript is loaded. Tested by forwarded.test.ts.

/**
 * TRUST_PROXY as a number of proxies in front of Backroom whose X-Forwarded-* headers are believed: unset, "", "0" or
 * "false" is none; "1" or "true" is one (a load balancer); "2" two, and so on.
 *
 * @param {string | undefined} value
 * @returns {number}
 */
export function trustedHops(value) {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "0" || text === "false") return 0;
  if (text === "true") return 1;
  const hops = Number(text);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error(
      `TRUST_PROXY must be a number of proxies (0 to 10), "true" or "false", not ${JSON.stringify(value)}`,
    );
  return hops;
}

/** @param {string | string[] | undefined} header */
function values(header) {
  const joined = Array.isArray(header) ? header.join(",") : (header ?? "");
  return joined
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * Rewrites a request's forwarding headers to one trusted answer each, in place, so that everything after (Next, the
 * route handlers) can read them as facts:
 * - `x-forwarded-for`: the client's address only. With no trusted proxy, the socket's peer; with `hops` proxies, the
 *   address the outermost trusted proxy saw (each proxy appends the address it was reached from, so that is the entry
 *   `hops` from the right, the socket's peer counted as the last). Whatever a client put further left is dropped.
 * - `x-forwarded-proto` and `x-forwarded-host`: with a trusted proxy, the value it set (the last one); without, removed
 *   (the socket's scheme and the Host header stand).
 *
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @param {{ remoteAddress: string | undefined, encrypted: boolean, hops: number }} connection
 */
export function settleForwarded(headers, { remoteAddress, encrypted, hops }) {
  const peer = remoteAddress ?? "";
  if (hops === 0) {
    headers["x-forwarded-for"] = peer;
    headers["x-forwarded-proto"] = encrypted ? "https" : "http";
    delete headers["x-forwarded-host"];
    delete headers["x-forwarded-port"];
    return;
  }
  const chain = [...values(headers["x-forwarded-for"]), peer];
  headers["x-forwarded-for"] = chain[Math.max(chain.length - 1 - hops, 0)];
  const proto = values(headers["x-forwarded-proto"]).at(-1);
  headers["x-forwarded-proto"] = proto === "https" || proto === "http" ? proto : encrypted ? "https" : "http";
  const host = values(headers["x-forwarded-host"]).at(-1);
  if (host) headers["x-forwarded-host"] = host;
  else delete headers["x-forwarded-host"];
}
