import type { Method, Version } from "./operation";
import { v1Reads } from "./operations/v1-reads";
import { v1Writes } from "./operations/v1-writes";
import { v2Purchases } from "./operations/v2-purchases";

/** Every operation of the Data API, by id. The single source for the sandbox, the proxy, the client and the docs. */
export const operations = { ...v1Reads, ...v1Writes, ...v2Purchases };

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export type AnyOperation = Operations[OperationId];

export const operationList: readonly AnyOperation[] = Object.values(operations);

function segments(path: string): string[] {
  return path.split("/").filter(Boolean);
}

/** Each operation's path template, split once: matching runs on every proxied and sandbox request. */
const templates = operationList.map((operation) => ({ operation, template: segments(operation.path) }));

export type RouteMatch =
  | { kind: "found"; operation: AnyOperation; params: Record<string, string> }
  | { kind: "method-not-allowed"; allow: Method[] }
  | { kind: "not-found" };

/**
 * Finds the operation for a method and a path (relative to the version base, already split or as text).
 * A literal segment beats a parameter, so `/invoices/creditTerms` is never read as an invoice id.
 * The returned params are raw text: check them with the operation's `pathSchema`.
 *
 * @example
 * matchOperation("GET", "v1", "/customers/42"); // { kind: "found", operation: operations.getCustomer, params: { customerID: "42" } }
 */
export function matchOperation(method: string, version: Version, path: string | readonly string[]): RouteMatch {
  const parts = typeof path === "string" ? segments(path) : path;
  const candidates: { operation: AnyOperation; params: Record<string, string>; literals: number }[] = [];
  for (const { operation, template } of templates) {
    if (operation.version !== version) continue;
    if (template.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    const matches = template.every((t, i) => {
      const part = parts[i]!;
      if (t.startsWith("{")) {
        params[t.slice(1, -1)] = part;
        return part.length > 0;
      }
      literals++;
      return t === part;
    });
    if (matches) candidates.push({ operation, params, literals });
  }
  if (candidates.length === 0) return { kind: "not-found" };
  const forMethod = candidates.filter((c) => c.operation.method === method.toUpperCase());
  if (forMethod.length === 0)
    return { kind: "method-not-allowed", allow: [...new Set(candidates.map((c) => c.operation.method))] };
  const best = forMethod.reduce((a, b) => (b.literals > a.literals ? b : a));
  return { kind: "found", operation: best.operation, params: best.params };
}

/**
 * Fills an operation's path template. Each value is encoded as one segment, so no value can add a segment,
 * climb with `..` or name another host.
 */
export function buildPath(operation: { path: string }, params: Record<string, string | number>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`missing path parameter ${name}`);
    const text = String(value);
    if (text === "." || text === "..") throw new Error(`invalid path parameter ${name}`);
    return encodeURIComponent(text);
  });
}
