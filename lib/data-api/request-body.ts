import { type Refusal, refusal } from "./refusal";

/**
 * Reading a write's body within the documented limit, for the sandbox and the proxy alike. Pure Web APIs: runs in
 * Node and the browser.
 */

/**
 * The largest request body accepted: 256 KiB. The documentation lists 413 without a figure; a full 200-line purchase
 * order is about 40 KB, so this leaves room and still refuses abuse (docs/sandbox.md).
 */
export const MAX_BODY_BYTES = 256 * 1024;

/** Thrown by `readBodyText` past the limit. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
  }
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Whether a Content-Type is JSON (`application/json`, with parameters, or `application/*+json`). */
export function isJsonContentType(type: string | null | undefined): boolean {
  return JSON_TYPE.test(type ?? "");
}

/**
 * The body as text, refused past `maxBytes`: by Content-Length before reading, or as soon as the stream passes it.
 *
 * @example
 * const text = await readBodyText(request); // throws BodyTooLargeError past 256 KiB
 */
export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  if (Number(request.headers.get("Content-Length") ?? "0") > maxBytes) throw new BodyTooLargeError(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(joined);
}

/**
 * Reads a write's JSON body: 415 unless the Content-Type is JSON, 413 past MAX_BODY_BYTES (stopping as soon as the
 * limit is passed, not after reading everything), 400 BODY_REQUIRED when there is nothing but white space, 400
 * MALFORMED_JSON when the text is not JSON. Answers the raw text too (the idempotency fingerprint hashes it, the proxy
 * sends it on as it came, the audit trail reads it), on a refusal as well once it was read.
 *
 * @example
 * const read = await readJsonBody(request);
 * if (isRefusal(read)) return answer(read.body, read.status); // 415, 413 or 400
 * read.value; // the parsed JSON, not yet checked against the operation's schema
 */
export async function readJsonBody(
  request: Request,
): Promise<{ raw: string; value: unknown } | (Refusal & { raw?: string })> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!isJsonContentType(type)) {
    return refusal(415, {
      Error: {
        code: "UNSUPPORTED_MEDIA_TYPE",
        detail: `Send the body as application/json${type ? `, not ${type.split(";")[0]}` : ""}.`,
      },
    });
  }
  let raw: string;
  try {
    raw = await readBodyText(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return refusal(413, { Error: { code: "BODY_TOO_LARGE", detail: error.message } });
    throw error;
  }
  if (raw.trim() === "")
    return { ...refusal(400, { Error: { code: "BODY_REQUIRED", detail: "The request needs a JSON body." } }), raw };
  try {
    return { raw, value: JSON.parse(raw) as unknown };
  } catch (error) {
    return {
      ...refusal(400, {
        Error: { code: "MALFORMED_JSON", detail: `The body is not valid JSON: ${(error as Error).message}` },
      }),
      raw,
    };
  }
}
