import Link from "next/link";
import type { CollectionRow } from "@/lib/domain/collections/collections";
import { worstBucket } from "@/lib/domain/collections/collections-list";
import { formatMoney } from "@/lib/format/display";
import { cardCell } from "@/components/table/card-cell";

// A phone's card of an account holds two values the desk's table does not: its worst bucket and its store's people to
// write to. Their cells (and headers, so each value keeps its column's name for a screen reader) are drawn with the
// cards only, hidden from 640 px, where the table is whole: there the over-30, -60 and -90 columns tell the age, and
// the account's customer page its people.

const CARD_ONLY = "px-2 py-1.5 sm:hidden";

/** The worst bucket and the store's people, as fields of an account's card. */
export function CardOnlyCells({ row }: { row: CollectionRow }) {
  const worst = worstBucket(row);
  return (
    <>
      <td
        className={`${CARD_ONLY} max-sm:order-1`}
        data-figure="collections-worst-bucket"
        {...cardCell("Worst bucket")}
      >
        {worst ? (
          <>
            {worst.label}: <span className="font-semibold tabular-nums">{formatMoney(worst.amount)}</span>
          </>
        ) : (
          "Nothing owed"
        )}
      </td>
      <td className={`${CARD_ONLY} max-sm:order-4`} {...cardCell("Store's people", { wide: true })}>
        <People row={row} />
      </td>
    </>
  );
}

function Headers() {
  return (
    <>
      <th scope="col" className={CARD_ONLY}>
        Worst bucket
      </th>
      <th scope="col" className={CARD_ONLY}>
        Store&apos;s people
      </th>
    </>
  );
}
CardOnlyCells.Headers = Headers;

/** Each person by name with their address as a mail link; what is known when no one is. */
function People({ row }: { row: CollectionRow }) {
  const only = row.customerIds.length === 1 ? row.customerIds[0] : undefined;
  if (row.people === null) return <>Read with the next daily refresh</>;
  if (row.people.length === 0)
    return only === undefined ? (
      <>No one on record</>
    ) : (
      <>
        No one on record:{" "}
        <Link href={`/customers/${only}` as never} prefetch={false} className="underline">
          the store&apos;s page
        </Link>
      </>
    );
  return (
    <ul className="space-y-2">
      {row.people.map((person) => (
        <li key={person.email}>
          {person.name !== person.email && <span className="block">{person.name}</span>}
          <a href={`mailto:${person.email}`} className="underline">
            {person.email}
          </a>
        </li>
      ))}
    </ul>
  );
}
