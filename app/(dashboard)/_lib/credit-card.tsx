import "server-only";
import Link from "next/link";
import { Card } from "@/components/overview/card";
import { AvailableLine, UsedBar } from "@/components/credit/credit-figures";
import { formatMoney } from "@/lib/format/display";
import { creditHref } from "@/lib/ui/credit/links";
import { AGING_WALK, OPEN_INVOICES_WALK } from "@/lib/ui/overview/requests";
import { overviewCredits } from "./credit";
import { serverWalk } from "./prefetch";
import { requireSession } from "./session";

/**
 * The store's overview card "Your credit": for each AR account of the Customer key's stores, what is available of the
 * limit the distributor set ("$2,140.00 of $10,000.00 available"), and the balance and open reorder lists that use it.
 * Drawn on the server from the overview's own walks of the aging and the open invoices (the owed and due-soon cards'
 * queries, made once for the page: the card adds no request to the API) and Backroom's limits and lists. No score: it
 * is a year of history to read, on `/credit` ("Your credit", the card's link) and each account's full view.
 */
export async function StoreCreditCard() {
  const { active } = await requireSession();
  const [aging, open] = await Promise.all([serverWalk(AGING_WALK), serverWalk(OPEN_INVOICES_WALK)]);
  if (!aging || !open)
    return (
      <Card card="credit">
        <p className="text-sm">Your credit could not be read just now: reload the page, or open your credit below.</p>
      </Card>
    );
  const views = await overviewCredits({
    aging: aging.records,
    openInvoices: open.records,
    customerIds: (active.scope.customers ?? []).map((c) => c.id),
  });
  return (
    <Card card="credit">
      {views.length === 0 ? (
        <p className="text-sm">No AR account of your stores is known yet: your credit shows once you owe or paid.</p>
      ) : (
        <ul className="space-y-3">
          {views.map((view) => (
            <li key={view.arAccountId} className="space-y-1" data-testid="overview-credit">
              {views.length > 1 && (
                <p className="text-sm font-semibold">
                  <Link href={creditHref(view.arAccountId)} className="link">
                    {view.name}
                  </Link>
                </p>
              )}
              <AvailableLine view={view} testId="overview-credit-available" />
              <UsedBar view={view} />
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Balance {formatMoney(view.balance)}
                {view.openListCount > 0 ? ` · open reorder lists ${formatMoney(view.openLists)}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
