/**
 * The `Prefer` header of the API's writes (RFC 7240), read once for the proxy and the sandbox: which tokens were sent,
 * and which of them an operation honours. Pure TypeScript: runs in Node and the browser.
 */

/** The Prefer tokens the API knows. */
export interface Preferences {
  /** `return=minimal`: no body. */
  minimal: boolean;
  /** `return=representation` was asked for explicitly (it is the default). */
  representation: boolean;
  /** `handling=lenient`: unknown properties are ignored. */
  lenient: boolean;
}

/** Nothing preferred: what an operation that does not take `Prefer` honours. */
export const NO_PREFERENCES: Preferences = Object.freeze({ minimal: false, representation: false, lenient: false });

/**
 * Parses Prefer headers (RFC 7240): comma-separated tokens, case-insensitive names, optional quotes; unknown
 * tokens are ignored, as the RFC asks.
 *
 * @example
 * parsePrefer("return=minimal, handling=lenient"); // { minimal: true, representation: false, lenient: true }
 */
export function parsePrefer(header: string | null | undefined): Preferences {
  const tokens = new Map<string, string>();
  for (const part of (header ?? "").split(",")) {
    const [name, value = ""] = part
      .split(";")[0]!
      .split("=")
      .map((s) => s.trim().replace(/^"|"$/g, ""));
    if (name) tokens.set(name.toLowerCase(), value.toLowerCase());
  }
  const returns = tokens.get("return");
  return {
    minimal: returns === "minimal",
    representation: returns === "representation",
    lenient: tokens.get("handling") === "lenient",
  };
}

/** What of an operation decides which preferences it honours. */
export interface PreferringOperation {
  headers: readonly string[];
  success: number;
  statuses: readonly number[];
  lenientBody?: unknown;
}

/**
 * The preferences an operation honours from a Prefer header: none unless it documents `Prefer`; `handling=lenient`
 * only where it has a lenient body; `return=minimal` only where an answer without a body is documented (a 201, or a
 * 204 beside its usual status), so validate, which is all body, keeps its body.
 *
 * @example
 * honouredPreferences(operations.createPurchase, "return=minimal"); // { minimal: true, representation: false, lenient: false }
 * honouredPreferences(operations.validatePurchase, "return=minimal"); // { minimal: false, ... }: validate answers its body
 */
export function honouredPreferences(operation: PreferringOperation, header: string | null | undefined): Preferences {
  if (!operation.headers.includes("Prefer")) return NO_PREFERENCES;
  const prefer = parsePrefer(header);
  return {
    minimal: prefer.minimal && (operation.success === 201 || operation.statuses.includes(204)),
    representation: prefer.representation,
    lenient: prefer.lenient && operation.lenientBody !== undefined,
  };
}
