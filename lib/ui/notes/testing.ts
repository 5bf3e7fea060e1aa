import { vi } from "vitest";

/** A fake Backroom: one note per Idempotency-Key, as the API makes them; `fail` answers the next sends with that. */
export function fakeBackroom() {
  const keys: string[] = [];
  const notes = new Map<string, { id: string }>();
  const fail: (Response | "network")[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const key = new Headers(init.headers).get("Idempotency-Key")!;
    keys.push(key);
    const next = fail.shift();
    if (next === "network") throw new TypeError("Failed to fetch");
    if (next) return next;
    const known = notes.get(key);
    if (known) return Response.json(known, { status: 200 });
    const made = { id: `note-${notes.size + 1}`, ...(JSON.parse(String(init.body)) as object) };
    notes.set(key, made);
    return Response.json(made, { status: 201 });
  });
  vi.stubGlobal("fetch", fetch);
  return { keys, notes, fail };
}
