import Link from "next/link";
import {
  LIST_STATUS_WORDS,
  mayMailAgain,
  mayMailWithdrawalAgain,
  mayWithdraw,
  type OrderList,
  WITHDRAWAL_MAIL_WORDS,
} from "@/lib/domain/order-guide/order-list";
import type { ListStanding } from "@/lib/domain/order-guide/shared-list";
import { formatDateTime, formatDay, formatMoney } from "@/lib/format/display";
import { plural } from "@/lib/format/plural";
import { ResendListButton } from "./resend-list-button";
import { StageBadge } from "./shared-list-header";
import { WithdrawListButton } from "./withdraw-list-button";

interface OrderListsProps {
  /** Each with where it stands between the store and its rep (its stage, what was invoiced). */
  lists: (OrderList & ListStanding)[];
  /** The list the address opens (`?list=`). */
  open: string | undefined;
  timeZone: string | undefined;
  /**
   * The person may send lists (owners, admins, purchasing): a list not mailed offers "Send again", a standing one
   * "Withdraw".
   */
  maySend: boolean;
}

/**
 * The workspace's reorder lists, newest first: one card each (its mail's status, store, who, when, lines, total), opened
 * to its lines; under it, where it stands with the rep (its stage, what was invoiced) and a link to its page. Cards at
 * every width: a list is read one at a time.
 */
export function OrderLists({ lists, open, timeZone, maySend }: OrderListsProps) {
  if (!lists.length) return <p>No list has been sent yet: send one from the order guide.</p>;
  return (
    <ul className="space-y-3" aria-label="Reorder lists">
      {lists.map((list) => (
        <li key={list.id} className="rounded border border-slate-300 dark:border-slate-600">
          <details open={list.id === open || mayMailAgain(list) || mayMailWithdrawalAgain(list.withdrawal)}>
            <summary
              id={`list-${list.id}`}
              className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 p-3"
            >
              <span className="font-semibold">{list.customerName}</span>
              <span className={list.withdrawal ? "font-semibold text-red-800 dark:text-red-300" : undefined}>
                {list.withdrawal ? "Withdrawn" : (LIST_STATUS_WORDS[list.status] ?? list.status)}
              </span>
              <span className="text-sm text-slate-700 dark:text-slate-300">
                by {list.sentBy.name} · {formatDateTime(list.sentAt, timeZone)} · {plural(list.lineCount, "line")} ·
                total {formatMoney(list.total)}
              </span>
            </summary>
            <div className="space-y-2 border-t border-slate-200 p-3 text-sm dark:border-slate-700">
              <p>
                To {list.recipient}, a copy to {list.sentBy.email}; prices as of {formatDay(list.priceDay)}.
              </p>
              {list.withdrawal && (
                <p>
                  Withdrawn by {list.withdrawal.by.name} · {formatDateTime(list.withdrawal.at, timeZone)} ·{" "}
                  {WITHDRAWAL_MAIL_WORDS[list.withdrawal.mail]}.
                </p>
              )}
              {maySend && mayMailAgain(list) && (
                <ResendListButton listId={list.id} customerName={list.customerName} summaryId={`list-${list.id}`} />
              )}
              {maySend && ((mayWithdraw(list) && !list.enteredAt) || mayMailWithdrawalAgain(list.withdrawal)) && (
                <WithdrawListButton list={list} summaryId={`list-${list.id}`} />
              )}
              {list.enteredAt && !list.withdrawal && (
                <p>The rep entered it in the ERP: it can no longer be withdrawn.</p>
              )}
              <table className="w-full">
                <caption className="sr-only">Lines of the list for {list.customerName}</caption>
                <thead>
                  <tr className="border-b border-slate-400 text-left">
                    <th scope="col" className="p-1">
                      Product
                    </th>
                    <th scope="col" className="p-1 text-right">
                      Cases
                    </th>
                    <th scope="col" className="p-1 text-right">
                      Case
                    </th>
                    <th scope="col" className="p-1 text-right">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.lines.map((line) => (
                    <tr key={line.productId} className="border-b border-slate-200 dark:border-slate-700">
                      <th scope="row" className="p-1 text-left font-normal break-words">
                        {line.name}
                      </th>
                      <td className="p-1 text-right">{line.cases}</td>
                      <td className="p-1 text-right">{formatMoney(line.casePrice)}</td>
                      <td className="p-1 text-right">{formatMoney(line.total)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" className="p-1 text-left">
                      Total
                    </th>
                    <td className="p-1 text-right">{list.totalCases}</td>
                    <td />
                    <td className="p-1 text-right font-semibold">{formatMoney(list.total)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </details>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-200 px-3 py-1 text-sm dark:border-slate-700">
            <StageBadge stage={list.stage} />
            <span data-testid="match-words">{list.matchWords}</span>
            <Link href={`/order-guide/lists/${list.id}`} className="link inline-flex min-h-11 items-center">
              Open the list
              <span className="sr-only">
                {" "}
                for {list.customerName} sent {formatDateTime(list.sentAt, timeZone)}
              </span>
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}
