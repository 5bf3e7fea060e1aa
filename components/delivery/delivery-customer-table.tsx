"use client";

import Link from "next/link";
import { RecordLink } from "@/components/table/record-link";
import { TableFrame } from "@/components/table/table-frame";
import { cardCell } from "@/components/table/card-cell";
import { useWholeTable } from "@/components/table/whole-table";
import { ACCOUNT_STATUS_LABELS } from "@/lib/data-api/values";
import type { ScheduleRow } from "@/lib/domain/delivery/schedule";
import { formatDay } from "@/lib/format/display";
import { dateWords, SHORT_WEEKDAYS } from "./delivery-weekdays";

interface DeliveryCustomerTableProps {
  /** The date whose deliveries these are, YYYY-MM-DD. */
  date: string;
  rows: ScheduleRow[];
}

/** The chosen date's customers: a table on a desk, cards on a phone unless the whole table is asked for. */
export function DeliveryCustomerTable({ date, rows }: DeliveryCustomerTableProps) {
  const cards = !useWholeTable();
  return (
    <TableFrame label={`Customers with a delivery on ${dateWords(date)}`}>
      {/* Fixed column widths: a long table paints while it is still arriving, and columns sized by their content
          would move when a wider row came in. Narrower than 60rem, the frame scrolls sideways instead. */}
      <table className={`data-table min-w-[60rem] table-fixed print:min-w-0 ${cards ? "cards" : ""}`}>
        <colgroup>
          <col className="w-[28%]" />
          <col className="w-[7%]" />
          <col className="w-[19%]" />
          <col className="w-[12%]" />
          <col className="w-[19%]" />
          <col className="w-[15%]" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <th scope="col">State</th>
            <th scope="col">Sales rep</th>
            <th scope="col">Account status</th>
            <th scope="col">Next deliveries</th>
            <th scope="col">Delivery days</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.customerId}>
              <th scope="row" className="font-normal whitespace-normal" {...cardCell()}>
                <Link className="link" href={`/customers/${r.customerId}`}>
                  {r.name}
                </Link>
              </th>
              <td {...cardCell("State")}>{r.state ?? "—"}</td>
              <td className="whitespace-normal" {...cardCell("Sales rep")}>
                {r.rep || r.repUserId != null ? (
                  <RecordLink kind="UserIDs" id={r.repUserId}>
                    {r.rep ?? `User ${r.repUserId}`}
                  </RecordLink>
                ) : (
                  "—"
                )}
              </td>
              <td {...cardCell("Account status")}>
                {r.accountStatus
                  ? (ACCOUNT_STATUS_LABELS[r.accountStatus as keyof typeof ACCOUNT_STATUS_LABELS] ?? r.accountStatus)
                  : "—"}
              </td>
              <td className="whitespace-normal" {...cardCell("Next deliveries")}>
                {r.nextDates.length
                  ? r.nextDates
                      .slice(0, 3)
                      .map((d) => formatDay(d).replace(/, \d{4}$/, ""))
                      .join(" · ")
                  : "—"}
              </td>
              <td {...cardCell("Delivery days")}>{r.weekdays.map((w) => SHORT_WEEKDAYS[w - 1]).join(", ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
