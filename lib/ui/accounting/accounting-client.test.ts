import { afterEach, describe, expect, it, vi } from "vitest";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { sessionKeyStore } from "../idempotency";
import { MemoryStorage } from "../test-storage";
import { accountingClient } from "./accounting-client";

const HREF = "/api/accounting/export?format=iif&from=2026-10-01&to=2026-10-31&new=1";
const FILE = 'attachment; filename="iif-2026-10-01-to-2026-10-31.iif"';

afterEach(() => vi.unstubAllGlobals());

/** Answers `fetch` with each of `answers` in turn (an Error is no answer), and keeps what was asked. */
function answering(...answers: (Response | Error)[]) {
  const asked: { url: string; method?: string; key: string | null }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      asked.push({ url, method: init.method, key: new Headers(init.headers).get("Idempotency-Key") });
      const answer = answers.shift();
      if (!answer || answer instanceof Error) throw answer ?? new Error("no answer left");
      return answer;
    }),
  );
  return asked;
}

const file = (text: string) => new Response(text, { headers: { "Content-Disposition": FILE } });

describe("accountingClient.markedFile", () => {
  it("asks with one Idempotency-Key until an answer settles it: the retry of a lost answer sends it again, the next download a new one", async () => {
    const keys = sessionKeyStore(new MemoryStorage());
    const asked = answering(new TypeError("Failed to fetch"), file("!TRNS\r\n"), file("!TRNS\r\n"));
    const lost = await accountingClient.markedFile(HREF, keys).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(DataApiError);
    expect((lost as DataApiError).status).toBe(0);
    const saved = await accountingClient.markedFile(HREF, keys);
    expect([saved.fileName, await saved.blob.text()]).toEqual(["iif-2026-10-01-to-2026-10-31.iif", "!TRNS\r\n"]);
    await accountingClient.markedFile(HREF, keys);
    expect(asked.map((a) => [a.method, a.url])).toEqual([
      ["POST", HREF],
      ["POST", HREF],
      ["POST", HREF],
    ]);
    expect(asked[0]!.key).toBeTruthy();
    expect(asked[1]!.key).toBe(asked[0]!.key);
    expect(asked[2]!.key).not.toBe(asked[0]!.key);
  });

  it("ends the key at a refusal on its merits, and throws it in the API's words", async () => {
    const keys = sessionKeyStore(new MemoryStorage());
    const refusal = {
      Error: { code: "IDEMPOTENCY_KEY_REUSED", detail: "This Idempotency-Key marked another export." },
    };
    const asked = answering(Response.json(refusal, { status: 409 }), file("!TRNS\r\n"));
    const refused = await accountingClient.markedFile(HREF, keys).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 409, code: "IDEMPOTENCY_KEY_REUSED", detail: refusal.Error.detail });
    await accountingClient.markedFile(HREF, keys);
    expect(asked[1]!.key).not.toBe(asked[0]!.key);
  });
});
