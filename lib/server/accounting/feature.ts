import "server-only";
import { defineFeature } from "../core/feature";
import { createAccountingStore } from "./accounting-store";

/**
 * The retailer's books (issue 40) with the core: the mapping and the exports' ledger (the workspace's, kept when a key
 * goes), and each key's exports mailed on a schedule.
 */
export const accountingFeature = defineFeature({
  name: "accounting",
  start(core) {
    const store = createAccountingStore(core.db);
    return { services: { store } };
  },
});

export type AccountingServices = ReturnType<typeof accountingFeature.start>["services"];
