"use client";

import { type QueryClient, useQueries, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { createContext, Fragment, useContext } from "react";
import { type KeyScope, namesInScope } from "@/lib/domain/key-scope";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { apiQueryOptions } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import type { ColumnSpec } from "@/lib/ui/views/columns";
import { detailHref } from "@/lib/domain/views/detail-paths";
import { LOOKUPS } from "@/lib/domain/views/filters";

/** Names by lookup ("CustomerIDs") and id: what a table shows in place of bare ids. */
export type Names = Map<string, Map<string, string>>;
const NamesContext = createContext<Names>(new Map());

/**
 * The names of the ids on a page of rows: one request per kind of id (`CustomerIDs=1,2,3`), only for the ids shown,
 * cached like any other answer. A name the key may not see stays an id. Nothing is asked for a kind whose names are
 * all known already: from the session (a Customer key's customers, a Supplier key's suppliers), or from a list the
 * browser holds (a purchase's warehouse, vendor and products, read by the editor a moment before).
 */
export function useNames<R>(columns: ColumnSpec<R>[], rows: R[]): Names {
  const client = useQueryClient();
  const scope = useKeyScope();
  const wanted = new Map<string, Set<string>>();
  for (const column of columns) {
    if (!column.named) continue;
    const ids = wanted.get(column.named) ?? new Set<string>();
    for (const row of rows) {
      const value = (row as Record<string, unknown>)[column.id];
      // A list of ids (a user's CustomerIDs) is named id by id.
      for (const id of Array.isArray(value) ? value : [value]) {
        if (id !== undefined && id !== null && /^\d+$/.test(String(id))) ids.add(String(id));
      }
    }
    if (ids.size) wanted.set(column.named, ids);
  }
  const entries = [...wanted.entries()].map(([param, ids]) => ({
    param,
    ids,
    known: knownNames(client, scope, param, ids),
  }));
  const results = useQueries({
    queries: entries.map(({ param, ids, known }) => {
      const lookup = LOOKUPS[param]!;
      const query = {
        ...lookup.query,
        [param]: [...ids].sort((a, b) => Number(a) - Number(b)).join(","),
        PageSize: "500",
      };
      return {
        ...apiQueryOptions(browserApi, { operation: lookup.operation, query }, lookup.staleTime),
        retry: false,
        enabled: known === undefined,
      };
    }),
  });
  const names: Names = new Map();
  entries.forEach(({ param, known }, index) => {
    const lookup = LOOKUPS[param]!;
    const map = new Map<string, string>(known);
    for (const row of (results[index]?.data?.records ?? []) as Record<string, unknown>[])
      map.set(String(row[lookup.id]), lookup.name(row));
    names.set(param, map);
  });
  return names;
}

/**
 * The names of every one of `ids` without asking the API, or undefined when one is not known: from the session's
 * scope, then from the records of any list of the lookup's operation in the query cache (single requests and walks).
 */
function knownNames(
  client: QueryClient,
  scope: KeyScope,
  param: string,
  ids: Set<string>,
): Map<string, string> | undefined {
  const lookup = LOOKUPS[param]!;
  const found = new Map<string, string>();
  const fromScope = namesInScope(
    param === "CustomerIDs" ? scope.customers : param === "SupplierIDs" ? scope.suppliers : undefined,
    [...ids].map(Number),
  );
  for (const [id, name] of fromScope ?? []) found.set(String(id), name);
  if (found.size < ids.size) {
    const cached = client.getQueriesData<{ records?: unknown[] }>({
      predicate: (query) =>
        (query.queryKey[0] === "api" && query.queryKey[1] === lookup.operation) ||
        (query.queryKey[0] === "walk" && query.queryKey[2] === lookup.operation),
    });
    for (const [, data] of cached) {
      for (const record of data?.records ?? []) {
        const id = String((record as Record<string, unknown>)[lookup.id]);
        if (ids.has(id) && !found.has(id)) found.set(id, lookup.name(record as Record<string, unknown>));
      }
    }
  }
  return found.size === ids.size ? found : undefined;
}

export const NamesProvider = NamesContext.Provider;

/**
 * An id shown by its name when known (linked to its page where there is one, `detail-paths.ts`), the id alone
 * otherwise. Its width is the lookup's, fixed: the name arriving after the id moves nothing in the table. `inline`
 * drops the fixed width, for an id among others in a sentence or a list.
 */
export function NamedId({ kind, id, inline = false }: { kind: string; id: unknown; inline?: boolean }) {
  const names = useContext(NamesContext);
  if (id === undefined || id === null || id === "") return <>—</>;
  const text = String(id);
  const name = names.get(kind)?.get(text);
  const label = name ? name : text;
  const href = detailHref(kind, text);
  return (
    <span
      className={inline ? undefined : `block truncate ${LOOKUPS[kind]?.width ?? ""}`}
      title={name ? `${name} (ID ${text})` : undefined}
    >
      {href ? (
        <Link className="link" prefetch={false} href={href as never}>
          {label}
        </Link>
      ) : (
        label
      )}
    </span>
  );
}

/** A list of ids (a user's CustomerIDs), each by its name and linked, separated by commas; an empty list is "—". */
export function NamedIds({ kind, ids }: { kind: string; ids: readonly unknown[] }) {
  const shown = ids.filter((id) => id !== undefined && id !== null && id !== "");
  if (shown.length === 0) return <>—</>;
  return (
    <>
      {shown.map((id, index) => (
        <Fragment key={`${String(id)}:${index}`}>
          {index > 0 && ", "}
          <NamedId kind={kind} id={id} inline />
        </Fragment>
      ))}
    </>
  );
}
