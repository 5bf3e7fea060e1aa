import "server-only";
import { workspaceOfOwner } from "../core/auth/demo-visitor";
import type { Notifier } from "../core/notify/notifier";
import { repPeople } from "../core/parties";
import type { Environment } from "../core/session/types";
import type { DisputeDeps } from "./dispute-deps";
import type { DisputeTable } from "./tables";

/**
 * Who hears of a dispute, through the notifier (each person's settings for the kind decide the inbox, a mail, both):
 * a new one, the store's rep's people (`dispute-opened`); a change, the other side (`dispute-update`): the store's
 * changes and a brand's replies to the rep's people, the rep's changes and a brand's replies to the one who raised it;
 * its resolution, the one who raised it. Never in the demo: its people share one inbox.
 */

/** The page of a dispute, where its notifications link. */
export const disputeLink = (id: string) => `/disputes/${id}`;

const title = (row: Pick<DisputeTable, "customer_name" | "invoice_num">, words: string) =>
  `${row.customer_name}, invoice ${row.invoice_num}: ${words}`;

async function tellReps(
  deps: Pick<DisputeDeps, "db" | "notifier">,
  row: DisputeTable,
  kind: "dispute-opened" | "dispute-update",
  words: string,
  except: string,
  salesRepUserId: number | null,
) {
  const people = await repPeople(
    deps.db,
    { environment: row.environment as Environment, visitor: null },
    salesRepUserId,
  );
  for (const person of people)
    if (person.userId !== except)
      await deps.notifier.notify({
        userId: person.userId,
        workspaceId: person.workspaceId,
        kind,
        effectKey: `${kind}:${person.userId}:${row.id}:${row.version}`,
        title: title(row, words),
        link: disputeLink(row.id),
      });
}

async function tellOpener(notifier: Notifier, row: DisputeTable, words: string, except: string) {
  if (row.opened_by === except) return;
  await notifier.notify({
    userId: row.opened_by,
    workspaceId: workspaceOfOwner(row.workspace_id),
    kind: "dispute-update",
    effectKey: `dispute-update:${row.opened_by}:${row.id}:${row.version}`,
    title: title(row, words),
    link: disputeLink(row.id),
  });
}

/** A dispute raised: its store's rep's people (the rep as the store's record names them now). */
export async function tellOpened(deps: Pick<DisputeDeps, "db" | "notifier">, row: DisputeTable, by: string) {
  if (row.visitor !== null) return;
  await tellReps(deps, row, "dispute-opened", `$${row.amount} disputed`, by, row.sales_rep_user_id);
}

/** A change made by `side` (its row as it is after): the other side, where they are told. */
export async function tellChange(
  deps: Pick<DisputeDeps, "db" | "notifier">,
  row: DisputeTable,
  side: "store" | "rep" | "brand",
  by: string,
  words: string,
  salesRepUserId: number | null,
) {
  if (row.visitor !== null) return;
  if (side !== "rep") await tellReps(deps, row, "dispute-update", words, by, salesRepUserId);
  if (side !== "store") await tellOpener(deps.notifier, row, words, by);
}

/** The matcher found it credited in full: the one who raised it. */
export async function tellResolved(notifier: Notifier, row: DisputeTable, words: string) {
  if (row.visitor !== null) return;
  await tellOpener(notifier, row, words, "");
}
