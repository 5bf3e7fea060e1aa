import type { Metadata } from "next";
import Link from "next/link";
import { AvailableLine, scoreText } from "@/components/credit/credit-figures";
import { CreditReport, CreditTitle } from "@/components/credit/credit-report";
import { backend } from "@/lib/backend";
import { creditQuery } from "@/lib/domain/credit/input";
import { collectionsView } from "@/lib/server/collections/collections-view";
import { creditHref } from "@/lib/ui/credit/links";
import { storeCredits, staffCreditRows } from "../_lib/credit";
import { requireSession } from "../_lib/session";

export const metadata: Metadata = { title: "Credit · Backroom" };

// Credit: the distributor staff's list of every AR account's limit, use and score, drawn on the server from the
// Employee key's collections snapshot and the limits kept in Backroom: opening it asks nothing of the API. A key
// without a snapshot has its first walk queued here, as Collections does. A store (Customer key) finds its own credit.
export default async function CreditPage({ searchParams }: PageProps<"/credit">) {
  const [{ active, view: session }, params] = await Promise.all([requireSession(), searchParams]);
  if (active.keyType === "Customer")
    return <StoreCredit customerIds={(active.scope.customers ?? []).map((c) => c.id)} />;
  if (active.keyType !== "Employee")
    return (
      <div className="space-y-2">
        <CreditTitle />
        <p className="max-w-3xl">
          Credit is the distributor staff&apos;s and its stores&apos;: this workspace&apos;s {active.keyType} key has
          none. Switch to an Employee key to see the accounts&apos; credit.
        </p>
      </div>
    );
  const listed = await staffCreditRows();
  if (!listed) {
    const { db, collections } = await backend();
    if (!(await collectionsView(db, active.id)).state) await collections.start(session.workspace!.id, active.id);
    return <CreditReport ready={false} />;
  }
  return <CreditReport ready asOf={listed.asOf} rows={listed.rows} query={creditQuery(params)} cards />;
}

/** A store's key: its accounts' credit, each opening its full view. */
async function StoreCredit({ customerIds }: { customerIds: number[] }) {
  const views = await storeCredits(customerIds);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Your credit</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
          The credit the distributor gives your stores, and how reliably you pay.
        </p>
      </div>
      {views.length === 0 ? (
        <p className="max-w-3xl">No AR account of your stores is known yet: your credit shows once you owe or paid.</p>
      ) : (
        <ul className="max-w-3xl space-y-3">
          {views.map((view) => (
            <li key={view.arAccountId} className="rounded border border-slate-300 p-3 dark:border-slate-600">
              <p className="font-semibold">
                <Link href={creditHref(view.arAccountId)} className="link">
                  {view.name}
                </Link>
              </p>
              <AvailableLine view={view} />
              <p className="text-sm">Payment reliability: {scoreText(view.reliability?.score ?? null)}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
