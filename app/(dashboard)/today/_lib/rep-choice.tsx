import "server-only";
import Link from "next/link";
import { STALE } from "@/lib/domain/api-query";
import { repsRequest } from "@/lib/domain/delivery/requests";
import { pageHref } from "@/lib/domain/page-href";
import { serverAnswer } from "../../_lib/prefetch";

/** Whose day is shown, and a choice of another rep: a form that works before any JavaScript has loaded. */
export async function RepChoice({ repId, linked }: { repId: number | undefined; linked: number | undefined }) {
  const reps = await serverAnswer({ request: repsRequest, staleTime: STALE.directory });
  const options = (reps?.records ?? [])
    .flatMap((r) =>
      r.UserID != null ? [{ id: r.UserID, name: r.Name ?? `Rep ${r.UserID}`, accounts: r.Customers?.length ?? 0 }] : [],
    )
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className="space-y-2">
      {linked === undefined && (
        <p className="max-w-3xl text-sm" data-testid="today-unlinked">
          You are not linked to a sales rep: choose one to see their day. An owner or admin links you to your rep under{" "}
          <Link href="/settings/members" className="link">
            Members
          </Link>
          ; Today then opens on your own accounts, and your Customers, AR aging and Delivery days pages on &quot;My
          accounts&quot;.
        </p>
      )}
      {linked !== undefined && repId !== linked && (
        <p className="text-sm">
          You are looking at another rep&apos;s day.{" "}
          <Link href={pageHref.today()} className="link inline-flex min-h-11 items-center">
            Back to your own
          </Link>
        </p>
      )}
      {options.length > 0 && (
        <form method="get" action="/today" className="flex flex-wrap items-end gap-2">
          <label className="block text-sm font-semibold">
            Sales rep
            <select
              name="rep"
              defaultValue={repId ?? ""}
              className="mt-1 block min-h-11 w-full max-w-xs rounded border border-slate-400 bg-white px-2 dark:bg-slate-900"
            >
              {repId === undefined && <option value="">Choose a rep</option>}
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name} ({o.accounts} {o.accounts === 1 ? "account" : "accounts"})
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="min-h-11 rounded border border-slate-400 px-3 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            Show
          </button>
        </form>
      )}
    </div>
  );
}
