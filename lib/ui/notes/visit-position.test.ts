import { afterEach, describe, expect, it, vi } from "vitest";
import { POSITION_WAIT_MS, type PositionSource, visitPosition } from "./visit-position";

afterEach(() => vi.useRealTimers());

/** A browser whose location permission is `state`, and whose phone answers `answer` (or never, for undefined). */
function browser(
  state: PermissionState,
  answer?: { coords: Partial<GeolocationCoordinates> } | { error: true },
): PositionSource & { asked: PositionOptions[] } {
  const asked: PositionOptions[] = [];
  return {
    asked,
    permissions: { query: async () => ({ state }) as PermissionStatus } as unknown as Permissions,
    geolocation: {
      getCurrentPosition: (ok: PositionCallback, fail?: PositionErrorCallback | null, options?: PositionOptions) => {
        asked.push(options ?? {});
        if (!answer) return;
        if ("error" in answer) fail?.({ code: 3, message: "Timeout" } as GeolocationPositionError);
        else ok({ coords: answer.coords, timestamp: 0 } as GeolocationPosition);
      },
    } as unknown as Geolocation,
  };
}

const HERE = { latitude: 37.804432, longitude: -122.271127, accuracy: 11.2 };

describe("visitPosition", () => {
  it("reads the phone's position when the site may already have it: rounded, fresh within 5 minutes, within 5 s", async () => {
    const source = browser("granted", { coords: HERE });
    expect(await visitPosition(source)).toEqual({ lat: 37.80443, lon: -122.27113, accuracy: 12 });
    expect(source.asked).toEqual([{ enableHighAccuracy: true, timeout: 5000, maximumAge: 300_000 }]);
  });

  it.each<[string, PermissionState]>([
    ["not asked yet (it never prompts)", "prompt"],
    ["refused", "denied"],
  ])("sends none when the location is %s, without asking the phone", async (_, state) => {
    const source = browser(state, { coords: HERE });
    expect(await visitPosition(source)).toBeUndefined();
    expect(source.asked).toEqual([]);
  });

  it.each<[string, PositionSource | undefined]>([
    ["no browser", undefined],
    ["no Permissions API", { geolocation: browser("granted").geolocation }],
    ["no geolocation", { permissions: browser("granted").permissions }],
    [
      "a permission query that throws",
      {
        ...browser("granted"),
        permissions: {
          query: async () => {
            throw new TypeError("geolocation is not a permission here");
          },
        } as unknown as Permissions,
      },
    ],
    ["the phone's error", browser("granted", { error: true })],
    ["a fix rougher than 200 m", browser("granted", { coords: { ...HERE, accuracy: 1500 } })],
  ])("sends none for %s", async (_, source) => {
    expect(await visitPosition(source)).toBeUndefined();
  });

  it("gives up when the phone never answers: the visit waits no longer than the wait", async () => {
    vi.useFakeTimers();
    const position = visitPosition(browser("granted"));
    await vi.advanceTimersByTimeAsync(POSITION_WAIT_MS + 500);
    expect(await position).toBeUndefined();
  });
});
