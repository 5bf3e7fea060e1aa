/** The Collections page's heading and what it reads from, shown while its list is read and after. */
export function CollectionsTitle() {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">Collections</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        The day&apos;s call list: every AR account with what it owes by age, its holds, credit left unallocated, last
        payment and collection agent, from this key&apos;s daily snapshot: opening this page asks nothing of the API.
      </p>
    </div>
  );
}
