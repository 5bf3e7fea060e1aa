import "server-only";
import { randomBytes } from "node:crypto";
import { log } from "./log";

/** Error codes of a database or network that is not answering (pg, Node's sockets, SQLite), as opposed to a bug. */
const UNAVAILABLE = /^(08\d{3}|57P0\d|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY)\w*)$/;

/** Whether an error means a dependency is away (try again later) rather than a fault in Backroom. */
export function isUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE.test(code)) return true;
    if (/timeout exceeded when trying to connect|Connection terminated|connection (is )?closed|no such table|relation .* does not exist|did not answer/i.test(e.message)) return true;
  }
  return false;
}

/**
 * 503 in the API's error shape, with `Retry-After`: Backroom's database (its sessions) is away. The one answer for it,
 * whether a route handler threw or the proxy met it while reading the session's key.
 */
export function unavailableAnswer(requestId: string): Response {
  return Response.json(
    { Error: `Backroom cannot reach its session store. Try again in a moment (request ${requestId}).` },
    { status: 503, headers: { "Cache-Control": "private, no-store", "X-Request-Id": requestId, "Retry-After": "5" } },
  );
}

/**
 * Wraps a route handler so that nothing it throws becomes Next's bare 500: the failure is logged as one JSON line (with
 * a request id, never the request's query or body), and the browser gets the API's error shape with that id. A
 * dependency that is away (the database) answers 503 with `Retry-After`; anything else 500, saying nothing more.
 *
 * @example
 * export const GET = answerFailures(async (request: Request) => describe(request, await backend()));
 */
export function answerFailures<A extends unknown[]>(handler: (request: Request, ...rest: A) => Promise<Response>) {
  return async (request: Request, ...rest: A): Promise<Response> => {
    try {
      return await handler(request, ...rest);
    } catch (error) {
      const requestId = randomBytes(16).toString("hex");
      const unavailable = isUnavailable(error);
      log().error({ requestId, method: request.method, path: new URL(request.url).pathname, error: error instanceof Error ? error.message : String(error) }, unavailable ? "dependency unavailable" : "request failed");
      return unavailable
        ? unavailableAnswer(requestId)
        : Response.json({ Error: `Something went wrong on Backroom's side (request ${requestId}).` }, { status: 500, headers: { "Cache-Control": "private, no-store", "X-Request-Id": requestId } });
    }
  };
}
