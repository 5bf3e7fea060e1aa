"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { MISSING } from "@/lib/format/display";
import { cellText, type ColumnSpec } from "@/lib/ui/views/columns";
import { NamedId, NamedIds } from "./names";

/**
 * A cell as a table shows it: the view's own rendering, an id (or a list of ids) by its name, the formatted value
 * linked to its record's page, or the formatted value.
 */
export function renderCell<R>(spec: ColumnSpec<R>, row: R, timeZone: string | undefined): ReactNode {
  if (spec.cell) return spec.cell(row, timeZone);
  const value = (row as Record<string, unknown>)[spec.id];
  if (spec.named)
    return Array.isArray(value) ? <NamedIds kind={spec.named} ids={value} /> : <NamedId kind={spec.named} id={value} />;
  const text = cellText(spec, row, timeZone);
  const href = text === MISSING ? undefined : spec.href?.(row);
  return href ? (
    <Link className="link" prefetch={false} href={href as never}>
      {text}
    </Link>
  ) : (
    text
  );
}
