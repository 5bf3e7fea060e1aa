import "server-only";
import type { BetterAuthOptions } from "better-auth";
import type { GenericEndpointContext } from "better-auth";
import { APIError } from "better-auth/api";
import type { AuthTables } from "../db/schema";
import type { AuthConfig } from "./auth-config";
import { isReservedAddress, RESERVED_ADDRESS_DETAIL } from "./demo";

type EndpointContext = Pick<GenericEndpointContext, "context">;

/** The refusal of a demo's address where a person's own is wanted (403 `DEMO_SHARED`). */
export const demoShared = () => new APIError("FORBIDDEN", { code: "DEMO_SHARED", message: RESERVED_ADDRESS_DETAIL });

/**
 * What better-auth's writes tell Backroom: a person or a session changed or went, so every instance reads their
 * sessions again (`actor.ts`). And what no request may write: a person with an address of the demo's domain, made or
 * renamed by anyone but Backroom's demo sign-in (which writes outside any endpoint), or another way into a demo person
 * (single sign-on linked to its address).
 *
 * @example
 * const options = { databaseHooks: authDatabaseHooks(config) };
 */
export function authDatabaseHooks(config: AuthConfig) {
  return {
    // A person changed (two factors turned off, a new address or name): every session of theirs is read again, on
    // every instance, as for a sign-out (a workspace that requires two factors stops giving them its key at once).
    user: {
      create: {
        before: async (user: { email: string }, context: unknown) => {
          if (context && isReservedAddress(user.email)) throw demoShared();
        },
      },
      update: {
        before: async (user: { email?: unknown }, context: unknown) => {
          if (context && typeof user.email === "string" && isReservedAddress(user.email)) throw demoShared();
        },
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
    account: {
      create: {
        before: async (account: { userId: string; providerId: string }, context: EndpointContext | null) => {
          if (!context || account.providerId === "credential") return;
          // Read through the library's adapter, inside its transaction: a read beside it would wait on SQLite's one
          // connection for ever (a single sign-on's first visit writes the person and the account in one).
          const person = await context.context.internalAdapter.findUserById(account.userId);
          if (isReservedAddress(person?.email)) throw demoShared();
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
