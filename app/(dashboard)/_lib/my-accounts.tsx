import "server-only";
import Link from "next/link";
import { redirect } from "next/navigation";
import { STALE } from "@/lib/domain/api-query";
import { repsRequest } from "@/lib/domain/delivery/requests";
import { MINE, MINE_PARAM, repCustomerIds } from "@/lib/domain/my-accounts";
import { serverAnswer } from "./prefetch";
import { requireSession } from "./session";

type Params = Record<string, string | string[] | undefined>;
type Path = "/customers" | "/ar-aging" | "/delivery-days";
const one = (params: Params, name: string) => (Array.isArray(params[name]) ? params[name][0] : params[name]);

/**
 * "My accounts" on a page of customers (`lib/domain/my-accounts.ts`), for a member linked to a sales rep in a workspace
 * of an Employee key: `?accounts=mine` becomes the rep's customers as the page's own filter (`CustomerIDs`, read from
 * the cached `/salesReps`), and a line says which view is shown with the way to the other. Nothing for anyone else.
 */
export async function myAccounts(path: Path, params: Params): Promise<React.ReactNode> {
  const { active, view } = await requireSession();
  const repId = view.salesRepUserId;
  if (repId == null || active.keyType !== "Employee") return null;
  const mine = path === "/delivery-days" ? one(params, "rep") === String(repId) : one(params, MINE_PARAM) === MINE;
  let missing = false;
  if (mine && path !== "/delivery-days" && !one(params, "CustomerIDs")) {
    const reps = await serverAnswer({ request: repsRequest, staleTime: STALE.directory });
    const ids = reps ? repCustomerIds(reps.records, repId) : undefined;
    if (ids) redirect(`${path}?CustomerIDs=${ids}&${MINE_PARAM}=${MINE}` as never);
    // The rep is not among the key's active reps, or has no customers: everyone, and why.
    missing = reps !== undefined;
  }
  const everyone = (
    <Link href={path} prefetch={false} className="font-semibold underline">
      Show everyone
    </Link>
  );
  const toMine = (
    <Link
      href={(path === "/delivery-days" ? `${path}?rep=${repId}` : `${path}?${MINE_PARAM}=${MINE}`) as never}
      prefetch={false}
      className="font-semibold underline"
    >
      Show my accounts
    </Link>
  );
  return (
    <p
      className="max-w-3xl rounded border border-slate-300 bg-slate-50 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      data-testid="my-accounts"
    >
      {missing ? (
        <>
          Your sales rep (user {repId}) has no active customers this key reads, so everyone is shown. An owner or admin
          can change the link under Members.
        </>
      ) : mine ? (
        <>
          My accounts: the customers of the sales rep you are linked to (user {repId}). A view, not a limit: {everyone}.
        </>
      ) : (
        <>Everyone&apos;s accounts. {toMine} (the customers of the sales rep you are linked to).</>
      )}
    </p>
  );
}
