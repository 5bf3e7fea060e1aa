import "server-only";
import type { BetterAuthOptions } from "better-auth";
import type { AuthTables } from "../db/schema";
import type { AuthConfig } from "./auth-config";

/**
 * What better-auth's writes tell Backroom: a person or a session changed or went, so every instance reads their
 * sessions again (`actor.ts`).
 *
 * @example
 * const options = { databaseHooks: authDatabaseHooks(config) };
 */
export function authDatabaseHooks(config: AuthConfig) {
  return {
    // A person changed (two factors turned off, a new address or name): every session of theirs is read again, on
    // every instance, as for a sign-out (a workspace that requires two factors stops giving them its key at once).
    user: {
      update: {
        after: async (user: { id: string }) => {
          if (!config.events?.sessionChanged) return;
          const sessions = await config.db
            .withTables<AuthTables>()
            .selectFrom("auth_session")
            .select("token")
            .where("userId", "=", user.id)
            .execute();
          for (const { token } of sessions) await config.events.sessionChanged(token);
        },
      },
    },
    session: {
      update: {
        after: async (session: { token: string }) => void (await config.events?.sessionChanged?.(session.token)),
      },
      delete: {
        after: async (session: { token: string }) => void (await config.events?.sessionChanged?.(session.token)),
      },
    },
  } satisfies NonNullable<BetterAuthOptions["databaseHooks"]>;
}
