import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CreditFullView } from "@/components/credit/credit-view";
import { pageRead } from "@/lib/domain/page-href";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { pageCreditOf } from "../../_lib/credit";
import { PageTitle } from "../../_lib/page-title";
import { requireSession } from "../../_lib/session";

export const metadata: Metadata = { title: "Credit · Backroom" };

// GET /credit/{arAccountId}: an AR account's credit in full, each party its own side of it (the distributor's staff,
// the store's rep, the store: `GET /api/credit/{arAccountId}`), drawn on the server. Anyone else finds no such account.
export default async function CreditAccountPage({ params }: PageProps<"/credit/[arAccountId]">) {
  const [{ arAccountId }, { active }, jar] = await Promise.all([params, requireSession(), cookies()]);
  const id = pageRead.customer(arAccountId);
  if (id === undefined) notFound();
  if (active.keyType === "Supplier")
    return (
      <div className="space-y-2">
        <PageTitle title="Credit" />
        <p className="max-w-3xl">
          A store&apos;s credit is the distributor&apos;s, the store&apos;s and its rep&apos;s: this workspace&apos;s
          Supplier key is none of them. Switch to a Customer or Employee key to see it.
        </p>
      </div>
    );
  const asked = await pageCreditOf(id);
  if (!asked || (asked.state === "none" && asked.why === "")) notFound();
  if (asked.state !== "shown")
    return (
      <div className="space-y-2">
        <PageTitle title={`Credit of AR account ${id}`} />
        <p role="status" className="max-w-3xl">
          {asked.state === "pending"
            ? "The distributor's collections list is being read: the account's credit shows once the AR aging is in."
            : asked.why}{" "}
          <Link href={`/credit/${id}` as never} prefetch={false} className="link">
            Check again
          </Link>
        </p>
      </div>
    );
  const { view } = asked;
  const only = view.customerIds.length === 1 ? view.customerIds[0] : undefined;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">
          {view.side === "store" ? "Your credit" : `Credit: ${view.name}`}
        </h1>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          AR account {view.arAccountId}
          {view.side === "store" ? ` · ${view.name}` : ""}
          {view.side !== "store" && (
            <>
              {" · "}
              {only !== undefined ? (
                <Link href={`/customers/${only}` as never} className="link">
                  The customer&apos;s page
                </Link>
              ) : (
                `${view.customerIds.length} customers`
              )}
              {view.side === "staff" && (
                <>
                  {" · "}
                  <Link href="/credit" className="link">
                    Credit list
                  </Link>
                </>
              )}
            </>
          )}
        </p>
      </div>
      <CreditFullView view={view} timeZone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value)} />
    </div>
  );
}
