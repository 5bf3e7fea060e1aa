import "server-only";
import type { DataApiClient } from "@/lib/data-api/client";
import { defineFeature } from "../core/feature";
import type { KeyActor, SharedPlace } from "../core/parties";
import { type CreditReadOptions, createCreditViews, type StoreReads } from "./credit-view";
import { CREDIT_MIGRATIONS } from "./migrations";

/**
 * Credit with the core: the distributor's limits per AR account (Backroom keeps them: the Data API has none) and their
 * history, read with the collections' snapshot (balance, over-60, the payment-reliability score the walk computes)
 * and the stores' open reorder lists. A limit is the place's (environment and demo visitor), not a key's: it stays
 * when a key goes. Its services serve the other features and the pages (`deps.credit`).
 */
export const creditFeature = defineFeature({
  name: "credit",
  migrations: CREDIT_MIGRATIONS,
  start(core) {
    const views = createCreditViews({ db: core.db });
    return {
      services: {
        /** The accounts' limits in the place: `Map<arAccountId, {limit, version}>` (an account with none is absent). */
        limitsFor: (place: SharedPlace, arAccountIds: readonly number[]) => views.limits.limitsFor(place, arAccountIds),
        /** The stores' open reorder lists in the place: `Map<customerId, {amount, count}>` (none: absent). */
        openListsFor: (place: SharedPlace, customerIds: readonly number[]) => views.lists(place, customerIds),
        /** What `GET /api/credit/{arAccountId}` answers the asker; throws its refusals (404, 409, 403). */
        creditFor: (
          api: DataApiClient,
          actor: KeyActor,
          arAccountId: number,
          signal?: AbortSignal,
          options?: CreditReadOptions,
        ) => views.creditFor(api, actor, arAccountId, signal, options),
        /**
         * The staff's credit rows of every account of the key's snapshot (`GET /api/credit`'s), undefined while its
         * first walk is not in; `{score: false}` without the scores (the Collections page and its export).
         */
        creditRows: (actor: KeyActor, options?: CreditReadOptions) => views.creditRows(actor, options),
        /** The credit of the account of a store (the order guide, the store's overview); throws as `creditFor`. */
        creditForCustomer: (
          api: DataApiClient,
          actor: KeyActor,
          customerId: number,
          signal?: AbortSignal,
          options?: CreditReadOptions,
        ) => views.creditForCustomer(api, actor, customerId, signal, options),
        /**
         * A Customer key's credit of its stores' accounts from its aging and open invoices already read (the overview's
         * walks): no API request, the figures `creditForCustomer` answers without the score. [] for other keys.
         */
        storeCreditsFrom: (actor: KeyActor, reads: Omit<StoreReads, "scope" | "today">) =>
          views.storeCreditsFrom(actor, reads),
      },
    };
  },
});
