/**
 * The columns as the browser draws them: the domain's (lib/domain/views/columns.ts: kinds, names, text and CSV) with
 * React cells. One type, the domain's, with its `Cell` set to `ReactNode`: every rule stays there; this file only
 * names the browser's flavour, so components and lib/ui import their columns from one place.
 */
import type { ReactNode } from "react";
import type { ColumnSpec as DomainColumnSpec } from "@/lib/domain/views/columns";

export * from "@/lib/domain/views/columns";

/** A column whose richer cell (a link, a badge) is drawn by React; the formatted text is used where it is absent. */
export type ColumnSpec<R = Record<string, unknown>> = DomainColumnSpec<R, ReactNode>;
