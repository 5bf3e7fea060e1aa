"use client";

import type { Route } from "next";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { REASON_WORDS } from "@/lib/domain/disputes/dispute";
import { formatMoney } from "@/lib/format/display";
import { plural } from "@/lib/format/plural";
import type { Tally } from "@/lib/domain/disputes/figures";
import { AGE_BUCKETS, listHref } from "@/lib/ui/disputes/dispute-figures";
import { disputeFiguresQueryOptions } from "@/lib/ui/disputes/disputes-client";

interface DisputeFiguresProps {
  keyType: "Supplier" | "Employee";
}

/**
 * The disputes' figures (`GET /api/disputes/figures`): for staff, open disputes by age, the median time to resolve, by
 * reason, by brand and by product; for a brand, its products' disputes by reason. Each count opens the list it counts.
 */
export function DisputeFigures({ keyType }: DisputeFiguresProps) {
  const figures = useQuery(disputeFiguresQueryOptions());
  if (figures.error) return <p className="text-sm">The figures could not be read: {figures.error.message}</p>;
  if (!figures.data)
    return <span role="status" aria-label="Loading the figures" className="skeleton block h-40 w-full" />;
  const f = figures.data;
  const staff = f.side === "rep";
  return (
    <section aria-labelledby="dispute-figures" className="space-y-3">
      <h2 id="dispute-figures" className="text-lg font-semibold">
        {keyType === "Supplier" ? "Your products' disputes" : "Figures"}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {staff && (
          <FigureBox title="Open, by age">
            {AGE_BUCKETS.map((bucket) => {
              const row = f.openByAge.find((r) => r.fromDays === bucket.from);
              return (
                <FigureRow
                  key={bucket.id}
                  label={bucket.label}
                  href={listHref({ status: "open", age: bucket.id })}
                  figure={row ?? { count: 0, amount: "0" }}
                />
              );
            })}
          </FigureBox>
        )}
        {staff && (
          <FigureBox title="Time to resolve">
            <p className="text-sm">
              <span className="block text-2xl font-bold">
                {f.medianDaysToResolve === null ? "None resolved yet" : plural(f.medianDaysToResolve, "day")}
              </span>{" "}
              the median over{" "}
              <Link href={listHref({ status: "resolved" })} className="link inline-flex min-h-11 items-center">
                {plural(f.resolved, "resolved dispute")}
              </Link>
            </p>
          </FigureBox>
        )}
        <FigureBox title="By reason">
          {f.byReason.length === 0 && <p className="text-sm">None.</p>}
          {f.byReason.map((r) => (
            <FigureRow key={r.reason} label={REASON_WORDS[r.reason]} href={listHref({ reason: r.reason })} figure={r} />
          ))}
        </FigureBox>
        {staff && (
          <FigureBox title="By brand">
            {f.byBrand.length === 0 && <p className="text-sm">None.</p>}
            {f.byBrand.slice(0, 8).map((r) => (
              <FigureRow
                key={r.supplierId ?? "none"}
                label={r.name ?? "No brand"}
                href={r.supplierId === null ? undefined : listHref({ supplierId: r.supplierId })}
                figure={r}
              />
            ))}
          </FigureBox>
        )}
        {staff && (
          <FigureBox title="By product">
            {f.byProduct.length === 0 && <p className="text-sm">None.</p>}
            {f.byProduct.slice(0, 8).map((r) => (
              <FigureRow key={r.productId} label={r.name} href={listHref({ productId: r.productId })} figure={r} />
            ))}
          </FigureBox>
        )}
      </div>
    </section>
  );
}

function FigureBox({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    // min-w-0: a long product's name is truncated in its box, never widening the page past a phone's screen.
    <div className="min-w-0 space-y-1 rounded border border-slate-300 p-3 dark:border-slate-600">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </div>
  );
}

function FigureRow({ label, href, figure }: { label: string; href: Route | undefined; figure: Tally }) {
  const body = (
    <>
      <span className="min-w-0 truncate">{label}</span>
      <span className="shrink-0 tabular-nums">
        {plural(figure.count, "dispute")} · {formatMoney(figure.amount)}
      </span>
    </>
  );
  const row = "flex min-h-11 items-center justify-between gap-2 text-sm";
  // The whole row is the link (its label and its figures), as large as a thumb.
  return href === undefined ? (
    <p className={row}>{body}</p>
  ) : (
    <Link href={href} className={`${row} link`}>
      {body}
    </Link>
  );
}
