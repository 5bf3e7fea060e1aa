import Link from "next/link";
import { CollectionsTitle } from "./collections-title";

/** What the status note names while a walk reads a list. */
const LIST_NAMES: Record<string, string> = {
  aging: "the AR aging",
  customers: "the customers",
  openInvoices: "the open invoices",
  payments: "the payments",
  users: "the stores' people",
  invoices: "invoices by id",
};

interface CollectionsReadingProps {
  progress: { list: string | null; page: number } | undefined;
}

/** The Collections page while the key's first snapshot is being read: which list, and which page of it. */
export function CollectionsReading({ progress }: CollectionsReadingProps) {
  const at = progress?.list ? `: reading ${LIST_NAMES[progress.list] ?? progress.list}, page ${progress.page}` : "";
  return (
    <div className="space-y-4">
      <CollectionsTitle />
      <p
        role="status"
        className="max-w-3xl rounded border border-sky-700 bg-sky-50 p-4 dark:border-sky-400 dark:bg-sky-950"
      >
        This key&apos;s collections list is being read in the background, a few requests at a time within 7% of its
        hourly budget{at}. It opens here once the AR aging, the customers, the open invoices, the payments and the
        stores&apos; people are in.{" "}
        <Link href="/collections" prefetch={false} className="underline">
          Check again
        </Link>
      </p>
    </div>
  );
}
