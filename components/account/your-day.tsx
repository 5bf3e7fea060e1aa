import Link from "next/link";
import { DaySection } from "./day-section";

/**
 * "Your day" on the account page, for a staff key's member: where the route plan starts and ends and how long the
 * working day and a visit are, for a member linked to a sales rep; one not linked is told why there is none.
 */
export function YourDay({ linked, className }: { linked: boolean; className: string }) {
  return (
    <section aria-labelledby="your-day" className={className}>
      <h2 id="your-day" className="text-lg font-semibold">
        Your day
      </h2>
      {linked ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Where your{" "}
            <Link href="/today/plan" className="link" prefetch={false}>
              route plan
            </Link>{" "}
            starts and ends, and how long your working day and a visit are: the plan chooses the stores that fit.
          </p>
          <DaySection />
        </>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          A route plan&apos;s day is set by a member linked to a sales rep; an owner links members to reps on the
          workspace&apos;s Members page.
        </p>
      )}
    </section>
  );
}
