import "server-only";
import type { Database } from "../db/open";
import { createMemoryStore } from "../shared/memory-store";
import type { SharedStore } from "../shared/shared-store";
import { type AuthConfig, createAuth } from "./auth";
import type { Mail, Mailer } from "./mailer";

/** A mailer that keeps what it would send, for tests that follow a link (`delivers` as the test needs). */
export function recordingMailer(delivers = true): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return { delivers, sent, send: async (mail) => void sent.push(mail) };
}

/**
 * Backroom's better-auth over a test database (`databaseProfiles()`), a memory store unless given one, and a recording
 * mailer. Used by `*.test.ts` files only.
 */
export function testAuthConfig(
  database: Database,
  over: Partial<AuthConfig> = {},
): AuthConfig & { mailer: Mailer; store: SharedStore } {
  return {
    db: database.db,
    dialect: database.dialect,
    secrets: { current: "auth-test-secret-0123456789abcdefghijklmnop" },
    store: createMemoryStore(),
    mailer: recordingMailer(),
    publicUrl: "http://localhost:3000",
    port: 3000,
    idleSeconds: 8 * 60 * 60,
    // Argon2id still, at its least cost: a test signs up several people, and the default costs 28 ms a hash here.
    passwordCost: { memoryCost: 64, timeCost: 1 },
    ...over,
  };
}

export function testAuth(database: Database, over: Partial<AuthConfig> = {}) {
  const config = testAuthConfig(database, over);
  return { auth: createAuth(config), config };
}
