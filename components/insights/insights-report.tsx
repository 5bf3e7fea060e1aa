import Link from "next/link";
import { formatClock, formatDate, formatDateTime, formatMoney, formatQuantity } from "@/lib/format/display";
import { type BackfillEstimate, estimateWords } from "@/lib/domain/insights/backfill-estimate";
import { DEFINITIONS, weekStart } from "@/lib/domain/insights/definitions";
import { addDays } from "@/lib/format/days";
import { type InsightsQuery, type InsightsView, PERIODS, TIERS } from "@/lib/domain/insights/insights-tables";
import { BUTTON, fieldClass, PRIMARY } from "@/lib/ui/styles";
import { filtersSet } from "@/lib/ui/views/filter-count";
import { FilterDisclosure } from "@/components/table/filter-disclosure";
import { InsightTableView } from "./insight-table";
import { SalesChart } from "./sales-chart";

// The Insights page's body, drawn on the server from `insightsView` (no JavaScript of its own but the phone's
// `FilterDisclosure`): every choice is a GET form or a link, so the address holds the view (bookmarks, saved links and
// the exports ask the same).

const DEFAULTS: Partial<Record<keyof InsightsQuery, string>> = {
  weeks: "13",
  sort: "revenueLast30",
  dir: "desc",
  dsort: "doors",
  ddir: "desc",
};

/** The page's address for a query with some choices changed (defaults left out). */
function hrefOf(
  query: InsightsQuery,
  change: Partial<InsightsQuery> = {},
  path = "/insights",
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams(extra);
  for (const [name, value] of Object.entries({ ...query, ...change })) {
    if (value === undefined || DEFAULTS[name as keyof InsightsQuery] === String(value)) continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const exportHref = (query: InsightsQuery, table: string) => hrefOf(query, {}, "/api/insights/export", { table });

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Growth({ value }: { value: string | null }) {
  if (value === null) return <span className="text-slate-700 dark:text-slate-300">no sales before</span>;
  const down = value.startsWith("-");
  return (
    <span className={down ? "text-red-800 dark:text-red-300" : "text-emerald-800 dark:text-emerald-300"}>
      {down ? "−" : "+"}
      {value.replace(/^-/, "")}% on the period before
    </span>
  );
}

interface InsightsReportProps {
  view: InsightsView;
  keyType: "Supplier" | "Employee";
  timeZone: string | undefined;
  /** While the first backfill runs: when it expects to be done (none for a walk that cannot tell). */
  estimate?: BackfillEstimate;
  /** The time the page was drawn at (the estimate's "paused until" names a day only when it is not today's). */
  now: Date;
}

export function InsightsReport({ view, keyType, timeZone, estimate, now }: InsightsReportProps) {
  const staff = keyType === "Employee";
  if (!view.ready) {
    const window = view.state?.window;
    return (
      <div className="space-y-4">
        <Title />
        <div
          role="status"
          className="max-w-3xl space-y-2 rounded border border-sky-700 bg-sky-50 p-4 dark:border-sky-400 dark:bg-sky-950"
        >
          {estimate && (
            <p className="font-semibold" data-testid="backfill-estimate">
              {estimateWords(estimate)}
            </p>
          )}
          <p>
            This key&apos;s year of history is being synced in the background, newest first in 60-day windows, paced for
            the API and within 7% of its hourly budget: {view.invoices.toLocaleString("en-US")} invoices so far
            {window ? `, back to ${formatDate(window.from)}` : ""}.
            {estimate?.resumesAt
              ? ` It goes on at ${formatClock(estimate.resumesAt, timeZone, now)}, when the key's budget allows.`
              : ""}{" "}
            The insights open here once its year is in.{" "}
            <Link href="/insights" prefetch={false} className="underline">
              Check again
            </Link>
          </p>
        </div>
      </div>
    );
  }
  const { query, comparison, tables } = view;
  const retailer = view.retailers.find((r) => r.customerId === query.customer);
  const rep = view.reps.find((r) => r.userId === query.rep);
  const supplier = view.suppliers.find((s) => s.supplierId === query.supplier);
  // Both distribution tables sort together (the same columns); a press returns to the table pressed.
  const distributionSort = (anchor: string) => ({
    columns: ["name", "doors", "newDoors", "lostDoors", "unitsPerDoorPerWeek", "shareOfDoors"],
    sort: query.dsort,
    dir: query.ddir,
    href: (dsort: string, ddir: "asc" | "desc") =>
      `${hrefOf(query, { dsort: dsort as InsightsQuery["dsort"], ddir })}#${anchor}`,
  });
  const scope = view.state.scope;
  const distributor = scope?.distributor === true;
  const linked = scope?.repUserIds.length ?? 0;
  const covers = !scope
    ? ""
    : distributor
      ? " of every account"
      : ` of ${scope.customerIds.length.toLocaleString("en-US")} accounts of ${linked} linked ${linked === 1 ? "rep" : "reps"}`;
  // An Employee key's reps to choose: every rep for the whole distributor's history, else those its members are linked to.
  const repChoices = distributor ? view.reps : view.reps.filter((r) => scope?.repUserIds.includes(r.userId));
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <Title />
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="history-freshness">
          History up to {formatDateTime(view.state.refreshedAt ?? view.state.backfilledAt, timeZone)} ·{" "}
          {view.invoices.toLocaleString("en-US")} invoices
          {covers} · refreshed nightly
        </p>
        {staff && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {distributor
              ? "The whole distributor's history, shown one supplier at a time (the one that sold most in the period until you choose)."
              : "The accounts of the sales reps this workspace's members are linked to."}{" "}
            Owners and admins choose what it covers under{" "}
            <Link href="/settings/keys" prefetch={false} className="underline">
              Keys
            </Link>
            .
          </p>
        )}
      </div>

      <FilterDisclosure
        count={filtersSet({
          weeks: query.weeks === DEFAULTS.weeks ? undefined : query.weeks,
          customer: query.customer?.toString(),
          rep: query.rep?.toString(),
          supplier: query.supplier?.toString(),
        })}
      >
        <form
          method="get"
          action="/insights"
          className="flex flex-wrap items-end gap-3"
          aria-label="Period and retailer"
        >
          <div className="flex flex-col text-sm font-medium">
            <label htmlFor="insights-weeks">Period</label>
            <select id="insights-weeks" name="weeks" defaultValue={query.weeks} className={fieldClass(false, "mt-1")}>
              {PERIODS.map((weeks) => (
                <option key={weeks} value={weeks}>
                  Last {weeks} weeks
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col text-sm font-medium">
            <label htmlFor="insights-customer">Retailer</label>
            <select
              id="insights-customer"
              name="customer"
              defaultValue={query.customer === undefined ? "" : String(query.customer)}
              className={fieldClass(false, "mt-1 max-w-xs")}
            >
              <option value="">All retailers</option>
              {view.retailers.map((r) => (
                <option key={r.customerId} value={r.customerId}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
          {staff && (
            <>
              <div className="flex flex-col text-sm font-medium">
                <label htmlFor="insights-rep">Rep</label>
                <select
                  id="insights-rep"
                  name="rep"
                  defaultValue={query.rep === undefined ? "" : String(query.rep)}
                  className={fieldClass(false, "mt-1 max-w-xs")}
                >
                  <option value="">{distributor ? "Every rep" : "Every linked rep"}</option>
                  {repChoices.map((r) => (
                    <option key={r.userId} value={r.userId}>
                      {r.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="flex flex-col text-sm font-medium">
                <label htmlFor="insights-supplier">Supplier</label>
                <select
                  id="insights-supplier"
                  name="supplier"
                  defaultValue={query.supplier === undefined ? "" : String(query.supplier)}
                  className={fieldClass(false, "mt-1 max-w-xs")}
                >
                  {!distributor && <option value="">Every supplier</option>}
                  {view.suppliers.map((s) => (
                    <option key={s.supplierId} value={s.supplierId}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
          {query.tier && <input type="hidden" name="tier" value={query.tier} />}
          <KeptOrders query={query} names={["sort", "dir", "dsort", "ddir"]} />
          <button type="submit" className={PRIMARY}>
            Show
          </button>
          {retailer && (
            <Link href={hrefOf(query, { customer: undefined }) as never} prefetch={false} className={BUTTON}>
              All retailers
            </Link>
          )}
        </form>
      </FilterDisclosure>

      <Section
        id="sales-heading"
        title={[
          retailer ? `Sales to ${retailer.name}` : "Sales",
          supplier ? `of ${supplier.name}` : "",
          rep ? `(${rep.name}'s accounts)` : "",
        ]
          .filter(Boolean)
          .join(" ")}
      >
        <dl className="grid gap-3 sm:grid-cols-3">
          {(
            [
              [
                "Revenue",
                formatMoney(comparison.current.revenue),
                formatMoney(comparison.previous.revenue),
                comparison.growth.revenue,
              ],
              [
                "Units",
                formatQuantity(comparison.current.units),
                formatQuantity(comparison.previous.units),
                comparison.growth.units,
              ],
              [
                "Invoices",
                formatQuantity(comparison.current.invoices),
                formatQuantity(comparison.previous.invoices),
                comparison.growth.invoices,
              ],
            ] as const
          ).map(([label, now, before, growth]) => (
            <div key={label} className="rounded border border-slate-300 p-3 dark:border-slate-700">
              <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{now}</dd>
              <dd className="text-sm">
                <Growth value={growth} /> ({before})
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {formatDate(comparison.current.from)} to {formatDate(comparison.current.to)}, against{" "}
          {formatDate(comparison.previous.from)} to {formatDate(comparison.previous.to)}.
        </p>
        <SalesChart weeks={tables.weeks.rows} describedBy="weeks-caption" />
        <InsightTableView
          table={tables.weeks}
          exportHref={exportHref(query, "weeks")}
          empty="No weeks in the period."
        />
      </Section>

      <div className="space-y-8">
        {(
          [
            ["products", "By product"],
            ["retailers", "By retailer"],
            ["reps", "By rep"],
            ...(staff ? ([["suppliers", "By supplier"]] as const) : []),
          ] as const
        ).map(([id, title]) => (
          <Section key={id} id={`${id}-heading`} title={title}>
            {id === "reps" && tables.reps.rows.every((row) => row.key === "none") ? (
              <p className="text-sm">
                No sales in the period can be put to a rep: the API tells this key of no rep covering its retailers
                (Supplier keys see their Supplier Reps, and the customers&apos; records leave the rep out for them).
              </p>
            ) : (
              <InsightTableView
                table={tables[id]}
                limit={10}
                exportHref={exportHref(query, id)}
                empty="No sales in the period."
              />
            )}
          </Section>
        ))}
      </div>

      <Section id="distribution-heading" title="Distribution and velocity">
        <div className="space-y-6">
          <div id="distribution">
            <InsightTableView
              table={tables.distribution}
              limit={10}
              intro={`Doors are the stores that bought it in the period, against the ${query.weeks} weeks before; velocity is units per door per week.`}
              exportHref={exportHref(query, "distribution")}
              empty="No product was sold in the period or the one before."
              sortLinks={distributionSort("distribution")}
            />
          </div>
          <div id="lines">
            <InsightTableView
              table={tables.lines}
              limit={10}
              intro="The same by product line (the catalogue's product type), in the same order."
              exportHref={exportHref(query, "lines")}
              empty="No product line was sold in the period or the one before."
              sortLinks={distributionSort("lines")}
            />
          </div>
        </div>
      </Section>

      <Section id="doors-due-heading" title="Doors due to reorder">
        <InsightTableView
          table={tables["doors-due"]}
          limit={25}
          intro={`Stores whose next order by their own rhythm (the median of their days between orders, three orders at least) is expected by Sunday, ${formatDate(addDays(weekStart(view.asOf), 6))}, or is already due or late, per rep: late past 1.5 times their median.`}
          exportHref={exportHref(query, "doors-due")}
          empty="No store is due to reorder this week by its own rhythm."
        />
      </Section>

      <Section id="promotions-heading" title="Promotion lift">
        {(view.state.linesVersion ?? 1) < 2 && (
          <p
            role="note"
            className="max-w-3xl rounded border border-sky-700 bg-sky-50 p-3 text-sm dark:border-sky-400 dark:bg-sky-950"
          >
            This history was read before Backroom kept each line&apos;s promotion: it is being read again in the
            background, and until that is done the lines read before carry none, so a promotion may show fewer doors
            than it reached, or none.
          </p>
        )}
        <InsightTableView
          table={tables.promotions}
          limit={25}
          intro="The promotions that ran in the period, the latest first: what the stores they reached bought of their products per week while they ran, against the same stores' 8 weeks before. Fewer than 5 stores, under 2 weeks or a baseline before the history: too thin to tell, and no lift given."
          exportHref={exportHref(query, "promotions")}
          empty="No promotion of these products ran in the period."
        />
      </Section>

      <Section id="health-heading" title="Account health">
        <form
          method="get"
          action="/insights"
          className="flex flex-wrap items-end gap-3"
          aria-label="Account health filter"
        >
          <input type="hidden" name="weeks" value={query.weeks} />
          {query.customer !== undefined && <input type="hidden" name="customer" value={query.customer} />}
          {query.rep !== undefined && <input type="hidden" name="rep" value={query.rep} />}
          {query.supplier !== undefined && <input type="hidden" name="supplier" value={query.supplier} />}
          <KeptOrders query={query} names={["sort", "dir", "dsort", "ddir"]} />
          <div className="flex flex-col text-sm font-medium">
            <label htmlFor="insights-tier">Tier</label>
            <select
              id="insights-tier"
              name="tier"
              defaultValue={query.tier ?? ""}
              className={fieldClass(false, "mt-1")}
            >
              <option value="">Every tier</option>
              {TIERS.map((tier) => (
                <option key={tier} value={tier}>
                  {tier}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={BUTTON}>
            Filter
          </button>
        </form>
        <div id="health">
          <InsightTableView
            table={tables.health}
            limit={50}
            intro={`As of ${formatDate(view.asOf)}.`}
            exportHref={exportHref(query, "health")}
            empty={query.tier ? `No retailer is ${query.tier} now.` : "No retailer in the history."}
            sortLinks={{
              columns: [
                "name",
                "lastOrder",
                "daysSince",
                "medianReorderDays",
                "tier",
                "revenueLast30",
                "growth",
                "orders",
              ],
              sort: query.sort,
              dir: query.dir,
              href: (sort, dir) => `${hrefOf(query, { sort: sort as InsightsQuery["sort"], dir })}#health`,
            }}
          />
        </div>
      </Section>

      {staff && (
        <Section id="leaderboard-heading" title="Weekly leaderboard">
          {rep ? (
            <InsightTableView
              table={tables.leaderboard}
              limit={25}
              intro={`${rep.name}'s accounts ranked by revenue in the week of ${formatDate(tables.leaderboard.rows[0]?.week ?? view.asOf)}, the last full week.`}
              exportHref={exportHref(query, "leaderboard")}
              empty={`${rep.name} covers none of these accounts.`}
            />
          ) : (
            <p className="text-sm">Choose a rep above to rank their accounts by this week&apos;s sales.</p>
          )}
        </Section>
      )}

      <Section id="white-space-heading" title="White space">
        {staff && !supplier ? (
          <p className="text-sm">
            Choose a supplier above to see which of its active products each retailer bought in the last 90 days, and
            which it did not.
          </p>
        ) : (
          <InsightTableView
            table={tables["white-space"]}
            limit={25}
            intro={`${supplier ? `${supplier.name}'s` : "The brand's"} active products each retailer bought in the last 90 days, and those it did not; the retailers that carry most of the line and lack a product first.`}
            exportHref={exportHref(query, "white-space")}
            empty="No retailer bought in the last 90 days."
          />
        )}
      </Section>

      <Section id="shelf-heading" title="Shelf watch">
        <InsightTableView
          table={tables.shelf}
          limit={25}
          intro={`Retailers' stock of ${supplier ? `${supplier.name}'s` : staff ? "the suppliers'" : "the brand's"} products under 7 days of their daily sales, out of stock, or never counted: a call list, as the last sync found it.`}
          exportHref={exportHref(query, "shelf")}
          empty="Every counted product covers 7 days or more."
        />
      </Section>

      <Section id="definitions-heading" title="Definitions">
        <div className="max-w-3xl space-y-2 text-sm">
          {DEFINITIONS.split("\n").map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      </Section>
    </div>
  );
}

/** The tables' orders a form keeps (hidden fields, the defaults left out): choosing a filter does not reset them. */
function KeptOrders({ query, names }: { query: InsightsQuery; names: ("sort" | "dir" | "dsort" | "ddir")[] }) {
  return names
    .filter((name) => DEFAULTS[name] !== query[name])
    .map((name) => <input key={name} type="hidden" name={name} value={query[name]} />);
}

function Title() {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">Insights</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        Who is buying, who stopped and what each store is missing, from this key&apos;s synced history: opening this
        page asks nothing of the API.
      </p>
    </div>
  );
}
