"use client";

import { createContext, useContext } from "react";

/** Whether the session's key may use the v2 purchase endpoints, given by the dashboard's providers. */
export const PurchasesV2Context = createContext<boolean>(true);

/**
 * Whether the v2 purchase endpoints are used for the session's key: false when DATA_API_V2=off, or when the service
 * answered a v2 list read 404, 405 or 501 in the last 10 minutes (the server's `purchasesV2Available`, as the
 * dashboard was rendered). A page built on v2 (the draft editor, the replenishment planner) checks it in the browser.
 */
export function usePurchasesV2(): boolean {
  return useContext(PurchasesV2Context);
}
