import type { DisputeStatus } from "@/lib/domain/disputes/dispute";
import type { DisputesJson, DisputeView } from "@/lib/domain/disputes/view";
import { backroomJson } from "@/lib/ui/backroom-json";
import type { LineClaim } from "@/lib/domain/disputes/dispute";
import type { DisputeFiguresJson } from "./dispute-figures";

/**
 * Disputes in the browser: the list (`GET /api/disputes`), one (`GET /api/disputes/{id}`, read again when the person
 * comes back to it), the figures, and the writes, each with an Idempotency-Key (`POST /api/disputes`, `…/acknowledge`,
 * `…/replies`, `…/close`); a photo goes up with `uploadPhoto` (`lib/ui/photos/upload-photo.ts`).
 */

/** Every query of disputes starts with this (a write, or the outbox sending a photo, has them read again). */
export const DISPUTES_KEY = ["backroom", "disputes"] as const;

/** How often an open dispute is read again, so the other side's reply appears without a reload. */
export const DISPUTE_POLL_MS = 30_000;

const disputePath = (id: string) => `/api/disputes/${encodeURIComponent(id)}`;

/** The list's query: the asker's disputes, by status (all when none), of one store or brand. */
export const disputesQueryOptions = (filter: { status?: DisputeStatus; customerId?: number; supplierId?: number }) => {
  const query = new URLSearchParams();
  if (filter.status) query.set("status", filter.status);
  if (filter.customerId !== undefined) query.set("customerId", String(filter.customerId));
  if (filter.supplierId !== undefined) query.set("supplierId", String(filter.supplierId));
  const search = query.toString();
  return {
    queryKey: [...DISPUTES_KEY, "list", search] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      backroomJson<DisputesJson>("GET", `/api/disputes${search ? `?${search}` : ""}`, { signal }),
    staleTime: 15_000,
  };
};

/** One dispute: read again on focus (the phone picked up) and every `DISPUTE_POLL_MS` while open. */
export const disputeQueryOptions = (id: string) => ({
  queryKey: [...DISPUTES_KEY, "one", id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => backroomJson<DisputeView>("GET", disputePath(id), { signal }),
  staleTime: 0,
  refetchInterval: DISPUTE_POLL_MS,
  refetchOnWindowFocus: true,
});

/** The figures: staff's by age, time to resolve, reason, brand and product; a brand's by reason. */
export const disputeFiguresQueryOptions = () => ({
  queryKey: [...DISPUTES_KEY, "figures"] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    backroomJson<DisputeFiguresJson>("GET", "/api/disputes/figures", { signal }),
  staleTime: 60_000,
});

export const disputesClient = {
  /** Raises a dispute on an invoice, once per key. */
  open: (body: { invoiceNum: string; invoiceId?: number; lines: LineClaim[] }, idempotencyKey: string) =>
    backroomJson<DisputeView>("POST", "/api/disputes", { body, headers: { "Idempotency-Key": idempotencyKey } }),
  /** `acknowledge`, `replies {text}`, `close {reason}`, once per key. */
  post: (id: string, action: "acknowledge" | "replies" | "close", idempotencyKey: string, body?: unknown) =>
    backroomJson<DisputeView>("POST", `${disputePath(id)}/${action}`, {
      ...(body !== undefined ? { body } : {}),
      headers: { "Idempotency-Key": idempotencyKey },
    }),
};

/** The address a dispute's photo goes to. */
export const photosPath = (id: string) => `${disputePath(id)}/photos`;
