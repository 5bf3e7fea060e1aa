/** What the background walk is reading, in words. */
const LIST_NAMES: Record<string, string> = {
  aging: "the AR aging",
  customers: "the customers",
  openInvoices: "the open invoices",
  payments: "the payments",
  invoices: "invoices by id",
};

/**
 * While an Employee key's daily snapshot of the whole aging is first read: what the walk is reading, and that the page
 * reads the aging live from the API meanwhile.
 */
export function SnapshotProgress({ progress }: { progress: { list: string | null; page: number } | undefined }) {
  const at = progress?.list ? `: reading ${LIST_NAMES[progress.list] ?? progress.list}, page ${progress.page}` : "";
  return (
    <p
      role="status"
      className="max-w-3xl rounded border border-sky-700 bg-sky-50 p-3 text-sm dark:border-sky-400 dark:bg-sky-950"
      data-testid="aging-snapshot-progress"
    >
      This key&apos;s daily snapshot of the whole aging is being read in the background, a few requests at a time within
      7% of its hourly budget{at}. Until it is in, every page of the aging is read from the API here; then this page
      opens from the snapshot, asking the API nothing.
    </p>
  );
}
