import "server-only";
import type { Kysely } from "kysely";
import * as z from "zod";
import type { PaymentRequesters } from "@/lib/audit/audit-types";
import type { AuditTrail } from "../core/audit/audit-trail";
import type { AuthTables, BackroomDatabase } from "../core/db/schema";
import { defineRoute, type RouteDeps } from "../core/define-route";
import { PaymentRequestersAnswer } from "./answers";

/** What `GET /api/activity/requesters` needs from the backend. */
export interface RequestersDeps extends RouteDeps {
  audit: AuditTrail;
  db: Kysely<BackroomDatabase>;
}

/** RequestIDs one call names at most: a page of payment applications. */
const MAX_REQUESTS = 500;

const RequestersQuery = z.strictObject(
  {
    account: z.coerce
      .number({ error: "account must be an AR account's id" })
      .int("account must be an AR account's id")
      .positive("account must be an AR account's id")
      .max(Number.MAX_SAFE_INTEGER),
    requests: z
      .string({ error: `requests must be a comma-separated list of up to ${MAX_REQUESTS} RequestIDs` })
      .regex(/^\d{1,15}(,\d{1,15})*$/, `requests must be a comma-separated list of up to ${MAX_REQUESTS} RequestIDs`)
      .transform((text) => [...new Set(text.split(",").map(Number))])
      .refine(
        (ids) => ids.length <= MAX_REQUESTS,
        `requests must be a comma-separated list of up to ${MAX_REQUESTS} RequestIDs`,
      ),
  },
  {
    error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown parameter: ${issue.keys.join(", ")}` : undefined),
  },
);

/**
 * @example
 * // GET /api/activity/requesters?account=50001&requests=5001,5002
 * // 200 {"requesters":[{"requestId":5002,"name":"Ana Ruiz"}]}
 */
export const listPaymentRequesters = defineRoute(
  {
    method: "GET",
    path: "/api/activity/requesters",
    summary: "Who in the workspace sent each of the named payment allocation requests of an AR account from Backroom.",
    description: `Read from the audit trail: the entries of this workspace and this key's environment that the API accepted
with that RequestID. A request not listed was not sent from this workspace: the ERP user the API names made it. Every
member with a key may ask (the payments page shows it to whoever reads payments): it answers names only, as the Members
page shows every member, never the rest of the trail.

- \`account\`: the AR account's id;
- \`requests\`: RequestIDs, comma-separated, up to ${MAX_REQUESTS}.`,
    answer: PaymentRequestersAnswer,
    need: "key",
    query: RequestersQuery,
    invalid: `Ask as ?account=ARAccountID&requests=RequestID,… (up to ${MAX_REQUESTS}).`,
  },
  async ({ actor, query }, deps: RequestersDeps) => {
    const { account, requests } = query;
    const found = await deps.audit.paymentRequesters(
      { workspaceId: actor.workspace.id, environment: actor.key.environment },
      account,
      requests,
    );
    const userIds = [...new Set([...found.values()].flatMap((r) => (r.userId ? [r.userId] : [])))];
    const people = userIds.length
      ? await deps.db
          .withTables<AuthTables>()
          .selectFrom("auth_user")
          .select(["id", "name", "email"])
          .where("id", "in", userIds)
          .execute()
      : [];
    const names = new Map(people.map((p) => [p.id, p.name || p.email]));
    const body: PaymentRequesters = {
      requesters: [...found].map(([requestId, r]) => ({ requestId, name: (r.userId && names.get(r.userId)) || null })),
    };
    return body;
  },
);
