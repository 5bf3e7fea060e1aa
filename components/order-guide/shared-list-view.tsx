"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback } from "react";
import { useTimeZone } from "@/components/shell/providers";
import { RequestError } from "@/components/table/request-error";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import { type ListAnswer, sharedListQueryOptions } from "@/lib/ui/order-guide/shared-list-client";
import { CreditLine, isOver } from "@/components/credit/credit-figures";
import type { CreditView } from "@/lib/domain/credit/view";
import { creditHref } from "@/lib/ui/credit/links";
import { SharedListActions } from "./shared-list-actions";
import { SharedListEditor } from "./shared-list-editor";
import { SharedListHeader } from "./shared-list-header";
import { SharedListTimeline } from "./shared-list-timeline";

interface SharedListViewProps {
  listId: string;
  /** The person may withdraw the store's lists (owners, admins, purchasing). */
  maySend: boolean;
  /** The store's credit, read by the page's server (this list counted while it is open and not invoiced). */
  credit?: CreditView;
}

/**
 * A reorder list as its store or its rep sees it (`GET /api/order-guide/lists/{id}`, read again every 30 s while
 * open, so the other side's change appears without a reload): its stage, who sent it, what was invoiced; each line
 * with the warehouse's stock now and its substitute; what each side may do; and every change as it happened.
 */
export function SharedListView({ listId, maySend, credit }: SharedListViewProps) {
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  const options = sharedListQueryOptions(listId);
  const query = useQuery(options);
  const onAnswer = useCallback(
    (answer: ListAnswer) => queryClient.setQueryData(options.queryKey, answer),
    [queryClient, options.queryKey],
  );
  if (!query.data) {
    if (isDataApiError(query.error) && query.error.status === 404) return <NoSuchList />;
    if (query.error)
      return <RequestError error={query.error} onRetry={() => void query.refetch()} what="the reorder list" />;
    return <SharedListSkeleton />;
  }
  const { list } = query.data;
  return (
    <div className="space-y-6">
      <SharedListHeader list={list} timeZone={timeZone} />
      {credit && (
        <div className="max-w-3xl space-y-1">
          <CreditLine view={credit} href={creditHref(credit.arAccountId)} />
          {isOver(credit.available) && (
            <p role="note" className="text-sm" data-testid="list-credit-over">
              The store is over its credit limit with its open lists counted: the rep decides what is delivered, and may
              ask for a payment first.
            </p>
          )}
        </div>
      )}
      <SharedListActions list={list} onAnswer={onAnswer} maySend={maySend} />
      <SharedListEditor answer={query.data} onAnswer={onAnswer} timeZone={timeZone} />
      <SharedListTimeline events={list.events} timeZone={timeZone} />
    </div>
  );
}

function NoSuchList() {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold tracking-tight">Reorder request</h1>
      <p className="max-w-3xl">
        No such list here: it may be another workspace&apos;s, or this key is neither the store&apos;s nor its
        rep&apos;s. A store&apos;s lists are seen by the store and by the members linked to its sales rep, its owners
        and admins.
      </p>
      <p>
        <Link href="/order-guide/lists" className="link inline-flex min-h-11 items-center">
          Reorder lists
        </Link>
      </p>
    </div>
  );
}

/** The page's place while the list comes: its heading, facts and first lines, as tall as they will be. */
export function SharedListSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the reorder list" className="space-y-4">
      <span className="skeleton block h-8 w-72" />
      <span className="skeleton block h-24 w-full max-w-3xl" />
      {[0, 1, 2].map((i) => (
        <span key={i} className="skeleton block h-32 w-full" />
      ))}
    </div>
  );
}
