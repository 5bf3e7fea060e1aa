import "server-only";
import type { Kysely } from "kysely";
import { openListAmount } from "@/lib/domain/credit/available";
import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import type { BackroomDatabase } from "../core/db/schema";
import type { SharedPlace } from "../core/parties";
import { matchOf, REQUESTS_DAYS } from "../order-guide/shared-lists";
import type { OrderListTables } from "../order-guide/tables";

/** What the stores' reorder lists hold that is not yet invoiced: the amount (cents) and the lists that hold some. */
export interface OpenLists {
  amount: string;
  count: number;
}

/**
 * The reorder lists sent for these stores in the place (the shared record: any workspace's, `order_lists`), not
 * withdrawn, of the last `REQUESTS_DAYS` days (the lists the order guide still lists as requests: an older list is not
 * an order the distributor still owes), each counting what of it is not yet invoiced (`openListAmount`). A store with
 * none is not in the map.
 *
 * @example
 * (await openListsFor(db, place, [20001])).get(20001); // { amount: "1240.00", count: 1 }
 */
export async function openListsFor(
  coreDb: Kysely<BackroomDatabase>,
  place: SharedPlace,
  customerIds: readonly number[],
  now: () => number = Date.now,
): Promise<Map<number, OpenLists>> {
  const db = coreDb.withTables<OrderListTables>();
  const ids = [...new Set(customerIds)];
  const since = new Date(now() - REQUESTS_DAYS * 86_400_000).toISOString();
  const sums = new Map<number, { micros: bigint; count: number }>();
  for (let i = 0; i < ids.length; i += 500) {
    let q = db
      .selectFrom("order_lists")
      .select(["customer_id", "total", "withdrawn_at", "match_json"])
      .where("environment", "=", place.environment)
      .where("customer_id", "in", ids.slice(i, i + 500))
      .where("withdrawn_at", "is", null)
      .where("sent_at", ">=", since);
    q = place.visitor === null ? q.where("visitor", "is", null) : q.where("visitor", "=", place.visitor);
    for (const row of await q.execute()) {
      const open = parseDecimal(
        openListAmount({ total: row.total, withdrawn: row.withdrawn_at !== null, match: matchOf(row) }),
      );
      if (!open || open <= 0n) continue;
      const sum = sums.get(row.customer_id) ?? { micros: 0n, count: 0 };
      sums.set(row.customer_id, { micros: sum.micros + open, count: sum.count + 1 });
    }
  }
  return new Map([...sums].map(([id, s]) => [id, { amount: toDecimalString(s.micros, 2), count: s.count }]));
}

/** The stores' open lists added up (an account's). */
export function sumOpenLists(lists: ReadonlyMap<number, OpenLists>, customerIds: readonly number[]): OpenLists {
  let micros = 0n;
  let count = 0;
  for (const id of new Set(customerIds)) {
    const part = lists.get(id);
    if (!part) continue;
    micros += parseDecimal(part.amount) ?? 0n;
    count += part.count;
  }
  return { amount: toDecimalString(micros, 2), count };
}
