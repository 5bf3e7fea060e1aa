import { describe, expect, it } from "vitest";
import { databaseProfiles } from "../db/testing";
import { createEffectLedger } from "./effect-ledger";

describe.each(databaseProfiles())("the effect ledger on $name", ({ open }) => {
  it("runs an effect once when two callers race for its key, and never again", async () => {
    const database = await open();
    try {
      const effects = createEffectLedger(database.db);
      const sent: string[] = [];
      const mail = (by: string) => async () => {
        sent.push(by);
        await new Promise((resolve) => setTimeout(resolve, 20));
      };
      const ran = await Promise.all([
        effects.once("welcome-mail:u1", mail("first")),
        effects.once("welcome-mail:u1", mail("second")),
      ]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(sent).toHaveLength(1);
      // Done: a later run of the same job finds it done.
      expect(await effects.once("welcome-mail:u1", mail("third"))).toBe(false);
      // Another key is another effect.
      expect(await effects.once("welcome-mail:u2", mail("fourth"))).toBe(true);
      expect(sent).toEqual([sent[0], "fourth"]);
    } finally {
      await database.close();
    }
  });

  it("releases the key when the effect throws, so a retry runs it, and rethrows the effect's error", async () => {
    const database = await open();
    try {
      const effects = createEffectLedger(database.db);
      await expect(
        effects.once("reset-mail:r1", async () => Promise.reject(new Error("the mail server said 451"))),
      ).rejects.toThrow("the mail server said 451");
      let runs = 0;
      expect(await effects.once("reset-mail:r1", async () => void runs++)).toBe(true);
      expect(runs).toBe(1);
    } finally {
      await database.close();
    }
  });

  it("does not run an effect claimed by a process that died in the middle of it (at most once)", async () => {
    const database = await open();
    try {
      // What a process leaves when it dies between claiming the key and marking it done.
      await database.db
        .insertInto("job_effects")
        .values({ key: "invitation-mail:i1", state: "running", at: "2026-11-23T10:00:00.000Z" })
        .execute();
      let runs = 0;
      expect(await createEffectLedger(database.db).once("invitation-mail:i1", async () => void runs++)).toBe(false);
      expect(runs).toBe(0);
    } finally {
      await database.close();
    }
  });

  it("tells which keys were claimed: done, running, not those released or never run", async () => {
    const database = await open();
    try {
      const effects = createEffectLedger(database.db);
      await effects.once("mail:n1", async () => {});
      await effects.once("mail:n2", async () => Promise.reject(new Error("421"))).catch(() => undefined);
      await database.db
        .insertInto("job_effects")
        .values({ key: "mail:n3", state: "running", at: "2026-11-23T10:00:00.000Z" })
        .execute();
      const many = Array.from({ length: 1200 }, (_, i) => `mail:x${i}`);
      expect(await effects.claimed(["mail:n1", "mail:n2", "mail:n3", "mail:n4", ...many])).toEqual(
        new Set(["mail:n1", "mail:n3"]),
      );
      expect(await effects.claimed([])).toEqual(new Set());
    } finally {
      await database.close();
    }
  });
});
