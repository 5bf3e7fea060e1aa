import "server-only";
import {
  getAccountingExport,
  getAccountingExports,
  getAccountingMapping,
  getAccountingPreview,
  markAccountingExport,
  putAccountingMapping,
} from "./accounting/accounting-api";
import { deleteExportSchedule, getExportSchedule, putExportSchedule } from "./accounting/schedule-api";
import { listAudit } from "./activity/audit-api";
import { listPaymentRequesters } from "./activity/requesters-api";
import { getAgingExport } from "./collections/aging-export";
import { listCollected, recordCollected } from "./collections/collected-api";
import { addCollectedPhoto, getCollectedPhoto } from "./collections/collected-photos-api";
import { getCollectionsExport } from "./collections/collections-api";
import { authDoor } from "./core/auth/auth-door";
import { demoSignIn } from "./core/demo-api";
import { acceptInvitation, declineInvitation } from "./core/invitations-api";
import { addKey, listKeys, removeKey, updateKey } from "./core/keys-api";
import { cancelInvitation, inviteMember, listMembers, removeMember, updateMember } from "./core/members-api";
import { getHealth, getMetrics, getReady } from "./core/probes-api";
import { listRequests } from "./core/request-log-api";
import { chooseKey, getSession } from "./core/session-api";
import { chooseWorkspace, createWorkspace, leaveWorkspace, updateWorkspace } from "./core/workspaces-api";
import { getCredit, listCredit, putCreditLimit } from "./credit/credit-api";
import { acknowledgeDispute, closeDispute, getDispute, listDisputes, replyToDispute } from "./disputes/disputes-api";
import { getDisputeFigures } from "./disputes/figures-api";
import { addDisputePhoto, getDisputePhoto } from "./disputes/photos-api";
import { raiseDispute } from "./disputes/raise-api";
import { getCadence, getDistribution, getPromotionLift } from "./insights/brand-api";
import { getExport, getSales } from "./insights/insights-api";
import { createMenu, listMenus, revokeMenu } from "./menus/menus-api";
import { createNote, deleteNote, listNotes } from "./notes/notes-api";
import { listNotifications, markNotificationsRead } from "./notifications/notifications-api";
import { getNotificationSettings, postUnsubscribe, putNotificationSettings } from "./notifications/settings-api";
import { getOrderGuide } from "./order-guide/guide-api";
import { getOrderLists, putOrderListContact, resendOrderList, sendOrderList } from "./order-guide/lists-api";
import {
  acceptSubstitute,
  acknowledgeList,
  declineSubstitute,
  enterList,
  getListsByInvoice,
  getReorders,
  getSharedList,
  getSubstitutes,
  patchSharedList,
} from "./order-guide/shared-api";
import { withdrawOrderList } from "./order-guide/withdraw-api";
import { createView, deleteSchedule, deleteView, listViews, putSchedule, renameView } from "./views/views-api";
import {
  deleteStatementSchedule,
  getStatementPdf,
  getStatementSchedule,
  putStatementSchedule,
} from "./statements/statements-api";
import { getDaySettings, putDaySettings } from "./today/day-settings";
import { getPlan, getPlanWeek } from "./today/plan-api";
import { getToday } from "./today/today-api";
import { MOVED_ROUTES } from "./moved-routes";
import { defineRoute, type DefinedRoute, type AnyRouteSpec } from "./core/define-route";
import { buildRoutesDocument } from "./core/openapi";
import { proxyRoute } from "./core/proxy";

/**
 * Every route of Backroom's own, by the folder its feature lives in (`lib/server/<name>/`, or the core's): the list
 * `GET /api/openapi.json` describes and `docs/endpoints.md` is written from (`npm run endpoints`). `routes.test.ts`
 * holds it equal to the route files under `app/api/` (a route served and not listed, or listed and not served, fails
 * it), and each feature's routes to its one name: its folder, its key in `FEATURES` and its addresses' first word.
 */
export const ROUTE_GROUPS = {
  core: [
    authDoor,
    demoSignIn,
    getHealth,
    acceptInvitation,
    declineInvitation,
    updateKey,
    removeKey,
    listKeys,
    addKey,
    updateMember,
    removeMember,
    cancelInvitation,
    inviteMember,
    listMembers,
    getMetrics,
    getReady,
    listRequests,
    getSession,
    chooseKey,
    chooseWorkspace,
    leaveWorkspace,
    updateWorkspace,
    createWorkspace,
    proxyRoute("v1"),
    proxyRoute("v2"),
  ],
  accounting: [
    getAccountingExport,
    markAccountingExport,
    getAccountingExports,
    getAccountingMapping,
    putAccountingMapping,
    getAccountingPreview,
    getExportSchedule,
    putExportSchedule,
    deleteExportSchedule,
  ],
  activity: [listAudit, listPaymentRequesters],
  collections: [
    getAgingExport,
    getCollectedPhoto,
    addCollectedPhoto,
    listCollected,
    recordCollected,
    getCollectionsExport,
  ],
  credit: [getCredit, putCreditLimit, listCredit],
  disputes: [
    acknowledgeDispute,
    closeDispute,
    getDisputePhoto,
    addDisputePhoto,
    replyToDispute,
    getDispute,
    getDisputeFigures,
    listDisputes,
    raiseDispute,
  ],
  insights: [getCadence, getDistribution, getExport, getPromotionLift, getSales],
  menus: [revokeMenu, listMenus, createMenu],
  notes: [deleteNote, listNotes, createNote],
  notifications: [
    markNotificationsRead,
    listNotifications,
    getNotificationSettings,
    putNotificationSettings,
    postUnsubscribe,
  ],
  "order-guide": [
    putOrderListContact,
    acknowledgeList,
    enterList,
    resendOrderList,
    getSharedList,
    patchSharedList,
    getSubstitutes,
    acceptSubstitute,
    declineSubstitute,
    withdrawOrderList,
    getListsByInvoice,
    getOrderLists,
    sendOrderList,
    getOrderGuide,
    getReorders,
  ],
  statements: [getStatementPdf, getStatementSchedule, putStatementSchedule, deleteStatementSchedule],
  today: [getPlan, getDaySettings, putDaySettings, getPlanWeek, getToday],
  views: [renameView, deleteView, putSchedule, deleteSchedule, listViews, createView],
} satisfies Record<string, readonly DefinedRoute<never>[]>;

const FEATURE_ROUTES: readonly DefinedRoute<never>[] = [...Object.values(ROUTE_GROUPS).flat(), ...MOVED_ROUTES];

/** The document's version: the date its routes last changed in a way a caller sees. */
export const API_VERSION = "2026-11-28";

/** `GET /api/openapi.json`: this document. */
export const getOpenApi = defineRoute(
  {
    method: "GET",
    path: "/api/openapi.json",
    summary: "Backroom's own API as an OpenAPI 3.1 document: every route, who may call it, its input and its answer.",
    need: "anyone",
    answer: { mediaType: "application/json", description: "The OpenAPI 3.1 document." },
  },
  async () => openApiDocument(),
);

/** Every route's spec, this one's too. */
export const ROUTE_SPECS: readonly AnyRouteSpec[] = [...FEATURE_ROUTES, getOpenApi].map((route) => route.spec);

let document: Record<string, unknown> | undefined;

/** The document, built once per process. */
export function openApiDocument(): Record<string, unknown> {
  document ??= buildRoutesDocument(ROUTE_SPECS, { version: API_VERSION });
  return document;
}
