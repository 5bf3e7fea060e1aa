import "server-only";
import { type DatabaseProfile, databaseProfiles as coreDatabaseProfiles } from "./core/db/testing";
import { createTestBackend as createCoreTestBackend, type TestBackend } from "./core/testing";
import { MIGRATIONS } from "./features";

/**
 * The core's test helpers that migrate a database, with every migration (the core's and each feature's, as
 * `lib/backend.ts` runs them): for the features' tests and the benchmarks, whose tables are the features'. The core's
 * own tests use the core's helpers, which migrate the core's tables only. Used by `*.test.ts` files and `scripts/`.
 *
 * @example
 * describe.each(databaseProfiles())("the menus on $name", ({ open }) => { ... });
 */
export function databaseProfiles(): DatabaseProfile[] {
  return coreDatabaseProfiles(MIGRATIONS);
}

/**
 * `createTestBackend` of `core/testing.ts`, over a database with every feature's tables.
 *
 * @example
 * const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
 */
export function createTestBackend(
  fetch: Parameters<typeof createCoreTestBackend>[0],
  options: Parameters<typeof createCoreTestBackend>[1] = {},
): Promise<TestBackend> {
  return createCoreTestBackend(fetch, { migrations: MIGRATIONS, ...options });
}
