import Link from "next/link";
import { CopyButton } from "@/components/table/copy-button";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { existingPurchaseOf } from "@/lib/domain/purchases/existing-purchase";
import { describeFailure } from "@/lib/ui/failure";
import { type DraftJob, type DraftOrder, NotReadyError } from "@/lib/ui/purchases/draft-runner";

/**
 * What a batch of drafted purchase orders came to, the same wherever drafts are made from (a sheet imported on the
 * editor, the replenishment plan): the drafts made, each linked to its editor, and the ones that failed, each with why.
 */

/** Why a draft failed, in the dashboard's words, and the purchase that holds its number when that was why. */
export function draftFailureOf(
  job: DraftJob<DraftOrder>,
  doing: string,
): { message: string; requestId?: string; existing?: string } {
  if (job.state.phase !== "failed") return { message: "" };
  const { error } = job.state;
  if (error instanceof NotReadyError) return { message: `${error.message} Nothing was created for it.` };
  if (error instanceof DataApiError && error.code === "DUPLICATE_PO_NUMBER")
    return {
      message: `This vendor already has a purchase order ${job.poNumber}: nothing was created for it.`,
      existing: existingPurchaseOf(error),
      requestId: error.requestId,
    };
  const failure = describeFailure(error, { what: `purchase order ${job.poNumber}`, doing, write: true });
  const fields = error instanceof DataApiError ? error.fieldErrors.map((f) => f.detail).filter(Boolean) : [];
  return { message: [failure.message, ...fields.slice(0, 5)].join(" "), requestId: failure.requestId };
}

interface OutcomesProps<D extends DraftOrder> {
  jobs: readonly DraftJob<D>[];
  /** The order in words, after its number: its lines (and, from the plan, where from and to). */
  describe: (job: DraftJob<D>) => string;
}

/** The drafts made: each number links to its editor, with a word where its vendor wants batch codes first. */
export function DraftsMade<D extends DraftOrder>({ jobs, describe }: OutcomesProps<D>) {
  if (jobs.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm" aria-label="Drafts made">
      {jobs.map((job) => (
        <li key={job.id}>
          <Link
            className="link inline-flex min-h-11 items-center font-semibold sm:min-h-0"
            prefetch={false}
            href={`/purchases/${encodeURIComponent(job.state.phase === "created" ? job.state.globalId : "")}/edit`}
          >
            {job.poNumber}
          </Link>{" "}
          {describe(job)}.
          {job.draft.requiresBatchCodes
            ? " Needs a batch code on each line: the editor asks for them before it is submitted."
            : ""}
        </li>
      ))}
    </ul>
  );
}

/** The drafts that failed, each with why (`draftFailureOf`), the purchase holding its number, and the request id. */
export function DraftsFailed<D extends DraftOrder>({ jobs, describe, doing }: OutcomesProps<D> & { doing: string }) {
  return (
    <ul className="space-y-2" aria-label="Drafts that failed">
      {jobs.map((job) => {
        const failure = draftFailureOf(job, doing);
        return (
          <li key={job.id} className="[overflow-wrap:anywhere]">
            <strong>{job.poNumber}</strong> ({describe(job)}): {failure.message}
            {failure.existing && (
              <>
                {" "}
                <Link className="link" prefetch={false} href={`/purchases/${encodeURIComponent(failure.existing)}`}>
                  Open the purchase order that has it
                </Link>
                .
              </>
            )}
            {failure.requestId && (
              <>
                {" "}
                Request id <code className="font-mono">{failure.requestId}</code>{" "}
                <CopyButton text={failure.requestId} label="Copy request id" />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
