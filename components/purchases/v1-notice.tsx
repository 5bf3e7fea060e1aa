import Link from "next/link";
import { draftsNeedV2, v1OnlyNote, type V1Reason } from "@/lib/ui/purchases/v1-purchases";

const NOTE =
  "rounded border border-sky-700 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50";

/** The one line the Purchases pages show without the v2 endpoints: only posted purchases, read only. */
export function V1OnlyNotice({ reason }: { reason: V1Reason }) {
  return (
    <p role="note" className={`max-w-3xl ${NOTE}`}>
      {v1OnlyNote(reason)}
    </p>
  );
}

/** The draft editor's pages without the v2 endpoints: what drafts need, and where the posted purchases are. */
export function DraftsNeedV2({ title, reason }: { title: string; reason: V1Reason }) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div role="note" className={`max-w-3xl space-y-2 ${NOTE}`}>
        <p>{draftsNeedV2(reason)}</p>
        <p>
          <Link className="link font-semibold" href="/purchases">
            See the posted purchases
          </Link>
        </p>
      </div>
    </div>
  );
}
