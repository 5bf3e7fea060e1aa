import { afterEach, describe, expect, it, vi } from "vitest";
import type { SaveMessage, SaveResult } from "./page-rules";
import { saveForOffline } from "./save-for-offline";

/** A navigator whose service worker answers each message with `answer` (or never, when it is undefined). */
function navigatorWith(worker: { answer?: (message: SaveMessage) => SaveResult } | "none" | "no-registration") {
  const posted: SaveMessage[] = [];
  const active = {
    postMessage(message: SaveMessage, [port]: MessagePort[]) {
      posted.push(message);
      if (worker !== "none" && worker !== "no-registration" && worker.answer) port!.postMessage(worker.answer(message));
    },
  };
  const serviceWorker = {
    getRegistration: async () => (worker === "no-registration" ? undefined : { active }),
    ready: Promise.resolve({ active }),
  };
  vi.stubGlobal("navigator", worker === "none" ? {} : { serviceWorker });
  return posted;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("saveForOffline", () => {
  it("asks the worker to keep the addresses and gives its answer", async () => {
    const posted = navigatorWith({
      answer: ({ urls }) => ({ saved: urls.filter((u) => u !== "/sign-in"), failed: ["/sign-in"] }),
    });
    await expect(saveForOffline(["/today", "/customers/12", "/sign-in"])).resolves.toEqual({
      saved: ["/today", "/customers/12"],
      failed: ["/sign-in"],
    });
    expect(posted).toEqual([{ type: "backroom:save-pages", urls: ["/today", "/customers/12", "/sign-in"] }]);
  });

  it.each([
    ["a browser without service workers", "none" as const],
    ["a page no worker controls (a development server)", "no-registration" as const],
  ])("keeps nothing in %s: every address has failed", async (_name, worker) => {
    navigatorWith(worker);
    await expect(saveForOffline(["/today", "/customers"])).resolves.toEqual({
      saved: [],
      failed: ["/today", "/customers"],
    });
  });

  it("gives up on a worker that does not answer: every address has failed", async () => {
    navigatorWith({});
    await expect(saveForOffline(["/today"], { timeoutMs: 1 })).resolves.toEqual({ saved: [], failed: ["/today"] });
  });

  it("asks nothing for no address", async () => {
    const posted = navigatorWith({ answer: () => ({ saved: [], failed: [] }) });
    await expect(saveForOffline([])).resolves.toEqual({ saved: [], failed: [] });
    expect(posted).toEqual([]);
  });
});
