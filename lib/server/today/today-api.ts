import "server-only";
import type { Kysely } from "kysely";
import * as z from "zod";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { readTodayData } from "@/lib/domain/today/today-data";
import type { ActorResolver } from "../core/auth/actor";
import type { BackroomDatabase } from "../core/db/schema";
import { accountsHealth } from "../insights/rep-health";
import { requestApi } from "../core/page-api";
import type { ProxyDeps } from "../core/proxy";
import { NO_STORE, upstreamFailureAnswer } from "../core/route-errors";
import { withActor } from "../core/with-actor";

export interface TodayDeps extends ProxyDeps {
  actors: ActorResolver;
  db: Kysely<BackroomDatabase>;
}

const Query = z.strictObject({
  rep: z.coerce.number().int().positive({ error: "rep: a sales rep's UserID (a positive whole number)" }),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "day: the viewer's day, YYYY-MM-DD" }),
});

// GET /api/today?rep=&day=: a rep's Today as one compact answer (`TodayData`, lib/domain/today/today-data.ts), read
// through the proxy with the session's key (an Employee key: the reps and their accounts are the distributor's), with
// the accounts' health from the key's history where it keeps one. What Today's page and "Save for offline" read.
export const getToday = withActor(
  "key",
  undefined,
  async (request: Request, actor, deps: TodayDeps): Promise<Response> => {
    if (actor.key.keyType !== "Employee") {
      return Response.json(
        {
          Error: {
            code: "NOT_FOR_THIS_KEY",
            detail: `Today is read with an Employee key: this workspace's ${actor.key.keyType} key does not see the sales reps and their accounts.`,
          },
        },
        { status: 403, headers: NO_STORE },
      );
    }
    const parsed = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success)
      return Response.json(validationErrorBody(parsed.error, "Ask as ?rep={UserID}&day=YYYY-MM-DD."), {
        status: 400,
        headers: NO_STORE,
      });
    try {
      const data = await readTodayData(requestApi(request, deps), parsed.data.rep, parsed.data.day, {
        signal: request.signal,
      });
      const health = data.accountIds.length ? await accountsHealth(deps.db, actor.key.id, data.accountIds) : undefined;
      return Response.json(health ? { ...data, health } : data, { headers: NO_STORE });
    } catch (error) {
      if (!(error instanceof DataApiError)) throw error;
      return upstreamFailureAnswer(error, "Today");
    }
  },
);
