import Link from "next/link";
import { RequestError } from "@/components/table/request-error";
import { StaleNote } from "@/components/table/stale-note";
import type { Answered } from "@/lib/domain/stale";
import { type AgingAmounts, barScale, BUCKETS, bucketColor, segmentsOf } from "@/lib/domain/ar-aging/aging";
import { formatMoney } from "@/lib/format/display";
import type { FigureId } from "@/lib/domain/figures/catalog";
import { OVERVIEW_CARDS, type OverviewCardId } from "@/lib/ui/overview/cards";

/**
 * An overview card: a titled section, its body, and a link to the page with everything. Drawn by the server while
 * the card's data is on its way (`loading`), and by the card once it has it: the same frame and the same least body
 * height both times, so the page does not move when the data comes.
 */
export function Card({
  card,
  href,
  children,
  query,
  also = [],
  loading = false,
  readOnly = false,
}: {
  card: OverviewCardId;
  /** Where the link goes when the data names a better place than the card's usual one. */
  href?: string;
  children?: React.ReactNode;
  query?: { error: unknown; isPending: boolean; refetch: () => unknown; data?: Answered };
  /** The card's other answers, besides the query's: the card says how old the oldest is when any was last-known. */
  also?: readonly Answered[];
  loading?: boolean;
  /** The person's role may not act on the card's page (a viewer's payments): its link says what it shows instead. */
  readOnly?: boolean;
}) {
  const spec = OVERVIEW_CARDS[card];
  const id = `overview-${card}`;
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={id} className="text-lg font-semibold">
        {spec.title}
      </h2>
      <div className={`${spec.bodyHeight} space-y-3`}>
        {query?.error ? (
          <RequestError error={query.error} onRetry={() => void query.refetch()} what={spec.title.toLowerCase()} />
        ) : loading || query?.isPending ? (
          <span
            className={`skeleton block w-full ${spec.bodyHeight}`}
            role="status"
            aria-busy="true"
            aria-label={`Loading ${spec.title.toLowerCase()}`}
          />
        ) : (
          <>
            {children}
            <StaleNote of={[query?.data, ...also]} />
          </>
        )}
      </div>
      <p className="text-sm">
        <Link className="link" href={(href ?? spec.href) as never}>
          {readOnly && "read" in spec ? spec.read : spec.more}
        </Link>
        {"also" in spec && (
          <>
            {" · "}
            <Link className="link" prefetch={false} href={spec.also.href as never}>
              {spec.also.label}
            </Link>
          </>
        )}
      </p>
    </section>
  );
}

/** A figure with its label above it. */
/**
 * A card's figure: its label, the value, and (`counts`) what it counts in words, under it, where a figure beside it
 * counts something else (the aging's total at the close beside what is overdue now).
 */
export function Figure({
  label,
  value,
  testId,
  counts,
  href,
  figure,
}: {
  label: string;
  value: string;
  testId?: string;
  counts?: string;
  /** The list the figure counts: the value opens it. */
  href?: string;
  /** Its id in the figures' catalogue (`lib/domain/figures/catalog.ts`), marked on the element as `data-figure`. */
  figure?: FigureId;
}) {
  return (
    <p className="text-sm" data-figure={figure}>
      {label}{" "}
      {href ? (
        <Link className="link block text-2xl font-bold tabular-nums" href={href as never} data-testid={testId}>
          {value}
        </Link>
      ) : (
        <strong className="block text-2xl tabular-nums" data-testid={testId}>
          {value}
        </strong>
      )}
      {counts && (
        <span
          className="block text-xs text-slate-700 dark:text-slate-300"
          data-testid={testId ? `${testId}-counts` : undefined}
        >
          {counts}
        </span>
      )}
    </p>
  );
}

/** The aging buckets as one stacked bar, with every amount also written out below it (each opening `href`). */
export function AgingBar({ totals, label, href }: { totals: AgingAmounts; label: string; href?: string }) {
  const segments = segmentsOf(totals.buckets, barScale([totals.buckets]));
  return (
    <div className="space-y-2">
      <div
        className="flex h-6 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-800"
        role="img"
        aria-label={`${label}: ${BUCKETS.map((b) => `${b.label} ${formatMoney(totals.buckets[b.id])}`).join(", ")}`}
      >
        {segments.map((s) => (
          <span key={s.bucket.id} style={{ width: `${s.width}%`, background: bucketColor(s.bucket) }} />
        ))}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3" data-figure="aging-bucket">
        {BUCKETS.map((b) => (
          <div key={b.id} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 rounded-sm"
              style={{ background: bucketColor(b) }}
            />
            <dt>{b.label}</dt>
            <dd className="ml-auto tabular-nums">
              {href ? (
                <Link className="link" href={href as never}>
                  {formatMoney(totals.buckets[b.id])}
                </Link>
              ) : (
                formatMoney(totals.buckets[b.id])
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
