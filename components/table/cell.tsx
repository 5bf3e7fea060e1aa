"use client";

import type { ReactNode } from "react";
import { cellText, type ColumnSpec } from "@/lib/ui/views/columns";
import { NamedId } from "./names";

/** A cell as a table shows it: the view's own rendering, an id by its name, or the formatted value. */
export function renderCell<R>(spec: ColumnSpec<R>, row: R, timeZone: string | undefined): ReactNode {
  if (spec.cell) return spec.cell(row, timeZone);
  if (spec.named) return <NamedId kind={spec.named} id={(row as Record<string, unknown>)[spec.id]} />;
  return cellText(spec, row, timeZone);
}
