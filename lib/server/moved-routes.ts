import "server-only";
import { movedRoute } from "./core/moved";

/** The addresses renamed in issue 68 (`CHANGELOG.md`), each answering 308 to its new one for one release. */
export const movedAudit = movedRoute("GET", "/api/audit", "/api/activity");
export const movedRequesters = movedRoute("GET", "/api/payments/requesters", "/api/activity/requesters");
export const movedAgingExport = movedRoute("GET", "/api/ar-aging/export", "/api/collections/ar-aging");
export const movedReorders = movedRoute("GET", "/api/reorders", "/api/order-guide/reorders");

export const MOVED_ROUTES = [movedAudit, movedRequesters, movedAgingExport, movedReorders];
