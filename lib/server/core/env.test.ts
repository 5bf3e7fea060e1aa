import { afterEach, describe, expect, it, vi } from "vitest";
import * as z from "zod";
import { setting, settingsOf } from "./env";
import { defineFeature, readSettings } from "./feature";

const Settings = () => z.object({ SETTINGS_TEST_SECONDS: setting(z.coerce.number().int().min(0).max(60).default(30)) });

afterEach(() => vi.unstubAllEnvs());

describe("a feature's settings", () => {
  it("take their default when unset or empty, and the environment's value otherwise", () => {
    vi.stubEnv("SETTINGS_TEST_SECONDS", "");
    expect(settingsOf(Settings())).toEqual({ SETTINGS_TEST_SECONDS: 30 });
    vi.stubEnv("SETTINGS_TEST_SECONDS", "12");
    expect(settingsOf(Settings())).toEqual({ SETTINGS_TEST_SECONDS: 12 });
  });

  it("are parsed once per schema: a later change of the environment is not seen", () => {
    const schema = Settings();
    vi.stubEnv("SETTINGS_TEST_SECONDS", "5");
    const first = settingsOf(schema);
    vi.stubEnv("SETTINGS_TEST_SECONDS", "6");
    expect(settingsOf(schema)).toBe(first);
    expect(first.SETTINGS_TEST_SECONDS).toBe(5);
  });

  it("stop the start, naming the variable, when a value is out of bounds", () => {
    vi.stubEnv("SETTINGS_TEST_SECONDS", "61");
    const features = { timed: defineFeature({ name: "timed", settings: Settings() }) };
    expect(() => readSettings(features)).toThrow(/SETTINGS_TEST_SECONDS/);
  });
});
