import { BodyTooLargeError, isJsonContentType, MAX_BODY_BYTES, readBodyText } from "@/lib/data-api/request-body";
import { SandboxError } from "./handler";

export { MAX_BODY_BYTES };

/**
 * Reads a write's JSON body: 415 unless the Content-Type is JSON, 413 past MAX_BODY_BYTES (stopping as soon as the
 * limit is passed, not after reading everything), 400 when the text is not JSON. Answers the raw text too, which
 * the idempotency fingerprint hashes.
 */
export async function readJsonBody(request: Request): Promise<{ raw: string; value: unknown }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!isJsonContentType(type)) {
    throw new SandboxError(415, {
      Error: { code: "UNSUPPORTED_MEDIA_TYPE", detail: `Send the body as application/json${type ? `, not ${type.split(";")[0]}` : ""}.` },
    });
  }
  let raw: string;
  try {
    raw = await readBodyText(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new SandboxError(413, { Error: { code: "BODY_TOO_LARGE", detail: error.message } });
    throw error;
  }
  if (raw.trim() === "") throw new SandboxError(400, { Error: { code: "BODY_REQUIRED", detail: "The request needs a JSON body." } });
  try {
    return { raw, value: JSON.parse(raw) as unknown };
  } catch (error) {
    throw new SandboxError(400, { Error: { code: "MALFORMED_JSON", detail: `The body is not valid JSON: ${(error as Error).message}` } });
  }
}

/** The Prefer tokens the API knows. */
export interface Preferences {
  /** `return=minimal`: no body. */
  minimal: boolean;
  /** `return=representation` was asked for explicitly (it is the default). */
  representation: boolean;
  /** `handling=lenient`: unknown properties are ignored. */
  lenient: boolean;
}

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
    const [name, value = ""] = part.split(";")[0]!.split("=").map((s) => s.trim().replace(/^"|"$/g, ""));
    if (name) tokens.set(name.toLowerCase(), value.toLowerCase());
  }
  const returns = tokens.get("return");
  return { minimal: returns === "minimal", representation: returns === "representation", lenient: tokens.get("handling") === "lenient" };
}
