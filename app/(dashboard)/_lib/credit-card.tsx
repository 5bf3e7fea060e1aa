import "server-only";
import Link from "next/link";
import { Card } from "@/components/overview/card";
import { AvailableLine } from "@/components/credit/credit-figures";
import { formatMoney } from "@/lib/format/display";
import { creditHref } from "@/lib/ui/credit/links";
import { storeCredits } from "./credit";
import { requireSession } from "./session";

/**
 * The store's overview card "Your credit": for each AR account of the Customer key's stores, what is available of the
 * limit the distributor set ("$2,140.00 of $10,000.00 available"), the balance and open lists that use it, and the
 * payment-reliability score; each opens the account's full view (what would raise the score). Read on the server.
 */
export async function StoreCreditCard() {
  const { active } = await requireSession();
  // The overview's budget is a few requests: what is available, not the score's year of history (its own page reads it).
  const views = await storeCredits(
    (active.scope.customers ?? []).map((c) => c.id),
    { score: false },
  );
  const only = views.length === 1 ? views[0] : undefined;
  return (
    <Card card="credit" href={only ? creditHref(only.arAccountId) : undefined}>
      {views.length === 0 ? (
        <p className="text-sm">No AR account of your stores is known yet: your credit shows once you owe or paid.</p>
      ) : (
        <ul className="space-y-3">
          {views.map((view) => (
            <li key={view.arAccountId} className="space-y-1">
              {views.length > 1 && <p className="text-sm font-semibold">{view.name}</p>}
              <AvailableLine view={view} testId="overview-credit-available" />
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Balance {formatMoney(view.balance)}
                {view.openListCount > 0 ? ` · open reorder lists ${formatMoney(view.openLists)}` : ""}
              </p>
              <p className="text-sm">
                <Link
                  href={creditHref(view.arAccountId)}
                  className="link font-semibold"
                  data-testid="overview-credit-score"
                >
                  Your payment reliability score, and what raises it
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
