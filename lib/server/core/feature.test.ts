import type { Migration } from "kysely";
import { describe, expect, it } from "vitest";
import { allMigrations, defineFeature } from "./feature";

const step: Migration = { up: async () => undefined };

describe("allMigrations", () => {
  it("puts the core's and the features' migrations in the order of their names, whoever declares them", () => {
    const core = { "001-core": step, "004-core-later": step };
    const features = {
      later: defineFeature({ name: "later", migrations: { "003-later": step } }),
      earlier: defineFeature({ name: "earlier", migrations: { "002-earlier": step, "005-earlier-again": step } }),
      none: defineFeature({ name: "none" }),
    };
    expect(Object.keys(allMigrations(core, features))).toEqual([
      "001-core",
      "002-earlier",
      "003-later",
      "004-core-later",
      "005-earlier-again",
    ]);
  });

  it("refuses two migrations of one name: a database records names only", () => {
    const features = { reminders: defineFeature({ name: "reminders", migrations: { "001-core": step } }) };
    expect(() => allMigrations({ "001-core": step }, features)).toThrow(/001-core.*reminders/);
  });
});
