import Link from "next/link";
import { pageHref } from "@/lib/domain/page-href";
import { PageTitle } from "../../_lib/page-title";

// What Today's own pages (the accounts, the route) share: the words for a key or person with no rep to show, and
// the way back to Today (naming the rep when it is not the person's own).

/** A page of a rep's that this key, or a person with no linked rep, cannot show: Today says how to choose one. */
export function NoRepHere({ title, what }: { title: string; what: string }) {
  return (
    <div className="space-y-2">
      <PageTitle title={title} />
      <p className="max-w-3xl">
        {what} with an Employee key, for the rep a member is linked to:{" "}
        <Link href={pageHref.today()} className="link">
          Today
        </Link>{" "}
        says how to choose one.
      </p>
    </div>
  );
}

/** "Back to Today": the person's own, or the rep's whose page this is. */
export function BackToToday({ repId, ownRep }: { repId: number; ownRep: number | null | undefined }) {
  return (
    <p className="text-sm">
      <Link
        href={pageHref.today(repId === ownRep ? {} : { rep: repId })}
        className="link inline-flex min-h-11 items-center"
      >
        Back to Today
      </Link>
    </p>
  );
}
