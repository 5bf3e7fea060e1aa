import Link from "next/link";
import { SCORE_DEFINITIONS } from "@/lib/domain/credit/score";
import type { CreditView } from "@/lib/domain/credit/view";
import { formatDay } from "@/lib/format/display";
import { plural } from "@/lib/format/plural";
import { pageHref } from "@/lib/domain/page-href";
import { AvailableLine, ScoreFigure, ScoreTable, UsedBar, UsedBy } from "./credit-figures";
import { LimitHistory } from "./limit-history";

/** Who the page speaks to, by the asker's side: the store reads "you", staff and the rep the account's name. */
const INTRO: Record<CreditView["side"], string> = {
  store:
    "Your credit with the distributor: the limit its staff set, what of it your balance and the reorder lists you sent use, and how reliably you pay, from the Data API's own history of the last 365 days.",
  rep: "Your store's credit: the limit the distributor's staff set, what of it the balance and the open reorder lists use, and how reliably it pays, from the Data API's history of the last 365 days.",
  staff:
    "The account's credit: the limit, what of it the balance and the open reorder lists use, and how reliably it pays, from the Data API's history of the last 365 days.",
};

/**
 * An AR account's credit in full, as the asker's side sees it (`GET /api/credit/{arAccountId}`): available credit and
 * what uses it, the payment-reliability score with each part's figure, points, weight and words, what would raise it,
 * the limit's history (staff and the rep), and the score's definitions.
 */
export function CreditFullView({ view, timeZone }: { view: CreditView; timeZone?: string }) {
  const staffSide = view.side !== "store";
  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-sm text-slate-700 dark:text-slate-300">{INTRO[view.side]}</p>
      <section aria-labelledby="credit-available-heading" className="max-w-3xl space-y-2">
        <h2 id="credit-available-heading" className="text-lg font-semibold">
          Available credit
        </h2>
        <AvailableLine view={view} size="text-2xl" />
        <UsedBar view={view} />
        <UsedBy view={view} />
        <p className="text-xs text-slate-700 dark:text-slate-300">
          Available = the limit − the balance (the AR aging&apos;s total outstanding
          {view.asOf ? ` at its close ${formatDay(view.asOf)}` : ""}) − the reorder lists sent and not yet invoiced.
          {staffSide && (
            <>
              {" "}
              <Link href={pageHref.statements({ account: view.arAccountId })} className="link">
                The account&apos;s statement
              </Link>
            </>
          )}
        </p>
      </section>

      <section aria-labelledby="credit-score-heading" className="max-w-3xl space-y-3">
        <h2 id="credit-score-heading" className="text-lg font-semibold">
          Payment reliability
        </h2>
        <ScoreFigure reliability={view.reliability} label="Score" />
        {view.reliability && (
          <ScoreTable
            components={view.reliability.components}
            words
            caption="The score's four parts, with their words"
          />
        )}
      </section>

      {view.reliability && <Advice view={view} />}

      {staffSide && (
        <section aria-labelledby="credit-history-heading" className="max-w-3xl space-y-2">
          <h2 id="credit-history-heading" className="text-lg font-semibold">
            History of the limit
          </h2>
          <LimitHistory history={view.history} timeZone={timeZone} />
        </section>
      )}

      <section aria-labelledby="credit-definitions" className="max-w-3xl space-y-2">
        <h2 id="credit-definitions" className="text-lg font-semibold">
          How the score is made
        </h2>
        <div className="space-y-2 text-sm">
          {SCORE_DEFINITIONS.split("\n")
            .filter((line) => line.trim() !== "")
            .map((line) => (
              <p key={line}>{line}</p>
            ))}
        </div>
      </section>
    </div>
  );
}

/** What would raise the score, the largest gain first, each with the points it would add. */
function Advice({ view }: { view: CreditView }) {
  const advice = view.reliability?.advice ?? [];
  const you = view.side === "store";
  return (
    <section aria-labelledby="credit-advice" className="max-w-3xl space-y-2" data-testid="credit-advice">
      <h2 id="credit-advice" className="text-lg font-semibold">
        What would raise {you ? "your" : "the"} score
      </h2>
      {advice.length === 0 ? (
        <p className="text-sm">
          {view.reliability?.score === null
            ? "Nothing yet: the score comes once an invoice delivered in the last 365 days falls due."
            : "Nothing now: no step would add a point. Paying each invoice by its due date keeps it where it is."}
        </p>
      ) : (
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          {advice.map((step) => (
            <li key={`${step.component}-${step.text}`}>
              {step.text}: <strong>+{plural(step.gain, "point")}</strong>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
