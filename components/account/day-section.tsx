"use client";

import { lazy, Suspense } from "react";

/**
 * The plan's "Your day" form, loaded when the section is drawn: only a member linked to a rep sees it, and the rest of
 * /account does not carry the query library. React's lazy, not next/dynamic (whose runtime adds to the first load).
 */
const DaySettingsOnAccount = lazy(() =>
  import("@/components/today/plan/day-settings-form").then((m) => ({ default: m.DaySettingsOnAccount })),
);

/** "Your day" on /account: the same settings, form and endpoint as the route plan's. */
export function DaySection() {
  return (
    <Suspense fallback={<span className="skeleton block h-11 w-full max-w-xl" />}>
      <DaySettingsOnAccount />
    </Suspense>
  );
}
