"use client";

import { useId, useState } from "react";
import { formatMoney } from "@/lib/format/display";
import { reachedRep, WITHDRAWAL_MAIL_WORDS, type OrderList } from "@/lib/domain/order-guide/order-list";
import { BUTTON, DANGER } from "@/lib/ui/styles";
import { useListAction } from "./list-action";
import { plural } from "@/lib/format/plural";

interface WithdrawListButtonProps {
  list: OrderList;
  /** The list's summary: the focus goes there once withdrawn, as the button then goes. */
  summaryId: string;
}

/**
 * "Withdraw" on a standing list: a second step says what withdrawing does (the rep it reached is mailed once that it is
 * withdrawn) and asks to confirm; a double press withdraws it once. On a withdrawal whose mail the server refused,
 * "Tell the rep again" mails it.
 */
export function WithdrawListButton({ list, summaryId }: WithdrawListButtonProps) {
  const [asking, setAsking] = useState(false);
  const explainId = useId();
  const { busy, said, run } = useListAction(list.id, "withdraw", summaryId, (now) =>
    now.withdrawal ? `Withdrawn: ${WITHDRAWAL_MAIL_WORDS[now.withdrawal.mail]}.` : "Not withdrawn.",
  );
  if (list.withdrawal)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={run} disabled={busy} className={`${BUTTON} min-h-11`}>
          {busy ? "Mailing…" : "Tell the rep again"}
        </button>
        <p role="status" aria-live="polite">
          {said}
        </p>
      </div>
    );
  return (
    <div className="space-y-2">
      {asking ? (
        <div className="space-y-2 rounded border border-red-700 p-3 dark:border-red-400">
          <p id={explainId}>
            Withdraw the list for {list.customerName} ({plural(list.lineCount, "line")}, total {formatMoney(list.total)}
            )?{" "}
            {reachedRep(list.status)
              ? `${list.recipient} gets an email saying it is withdrawn.`
              : "It never reached the rep, so nobody is mailed."}{" "}
            It cannot be sent again.
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              onClick={run}
              disabled={busy}
              aria-describedby={explainId}
              className={`${DANGER} min-h-11`}
            >
              {busy ? "Withdrawing…" : "Withdraw the list"}
            </button>
            <button type="button" onClick={() => setAsking(false)} disabled={busy} className={`${BUTTON} min-h-11`}>
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setAsking(true)}
          aria-label={`Withdraw the list for ${list.customerName}`}
          className={`${BUTTON} min-h-11`}
        >
          Withdraw
        </button>
      )}
      <p role="status" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
