/** The Insights page's heading and what it reads from, shown before and after the first backfill. */
export function InsightsTitle() {
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
