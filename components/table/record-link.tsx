import Link from "next/link";
import type { ReactNode } from "react";
import { detailHref } from "@/lib/domain/views/detail-paths";

/**
 * `children` linked to the page of a record (`kind` as the id lists name it: "UserIDs", "ProductIDs"), or shown as they
 * are when the kind has no page or the id is missing or not an id.
 *
 * @example
 * <RecordLink kind="UserIDs" id={invoice.SubmittedByUserID}>{invoice.SubmittedByUserName ?? "—"}</RecordLink>
 */
export function RecordLink({ kind, id, children }: { kind: string; id: unknown; children: ReactNode }) {
  const href = detailHref(kind, id);
  if (!href) return <>{children}</>;
  return (
    <Link className="link" prefetch={false} href={href as never}>
      {children}
    </Link>
  );
}
