import type { KeyType } from "@/lib/data-api/operation";
import { parseRole, type RoleName } from "./roles";

/**
 * What Backroom tells people, by kind: which keys a kind is about (a retailer's invoices come from a Customer key, a
 * brand's stock from a Supplier key, a rep's customers from an Employee key), and where each role gets it unless the
 * person chose otherwise (the settings page, `/account/notifications`). Plain data, read by the server (who is told,
 * and how) and by the settings page.
 *
 * By default, email right away is kept for what a person waits for or must act on at once: the outcome of their own
 * write, a customer put on hold, and the one daily summary of stock below cover (for purchasing). What a watch finds
 * per record (an invoice due or overdue, a payment's credit) goes to the inbox and the daily digest: a workspace's
 * first watch finds every overdue invoice at once, and ten emails in a minute would teach people to ignore them.
 */

/** Where a person gets a kind: the inbox (the header's bell), an email, both, or nowhere. */
export type Channel = "inbox" | "email" | "both" | "off";
export const CHANNELS: readonly Channel[] = ["inbox", "email", "both", "off"];

export const CHANNEL_LABELS: Record<Channel, string> = { inbox: "Inbox", email: "Email", both: "Both", off: "Off" };

export type NotificationKind =
  | "payment-confirmed"
  | "payment-rejected"
  | "purchase-imported"
  | "invoice-due"
  | "invoice-overdue"
  | "credit-available"
  | "below-cover"
  | "customer-on-hold"
  | "delivery-cutoff"
  | "reorder-request"
  | "reorder-update"
  | "dispute-opened"
  | "dispute-update"
  | "collected-unmatched";

export interface KindSpec {
  label: string;
  /** One sentence for the settings page: when it is sent, and to whom. */
  description: string;
  /** The keys whose data it is about: a member of a workspace whose keys are all of other types never gets it. */
  keyTypes: readonly KeyType[];
  /** Where each role gets it by default; a role not named: off. */
  defaults: Partial<Record<RoleName, Channel>>;
  /** Only to the person whose write it was (a follow-up's outcome), not to every member of the role. */
  own?: true;
  /** Only to members linked to a sales rep (the Members page's rep link), about that rep's customers. */
  reps?: true;
}

const everyone = (channel: Channel): Record<RoleName, Channel> => ({
  owner: channel,
  admin: channel,
  accounts: channel,
  purchasing: channel,
  viewer: channel,
});

export const NOTIFICATION_KINDS: Record<NotificationKind, KindSpec> = {
  "payment-confirmed": {
    label: "Payment request confirmed",
    description: "A payment allocation you requested was confirmed by the distributor's ERP.",
    keyTypes: ["Customer", "Employee"],
    defaults: everyone("both"),
    own: true,
  },
  "payment-rejected": {
    label: "Payment request rejected",
    description: "A payment allocation you requested was rejected by the distributor's ERP.",
    keyTypes: ["Customer", "Employee"],
    defaults: everyone("both"),
    own: true,
  },
  "purchase-imported": {
    label: "Purchase order imported",
    description: "A purchase order you submitted was imported into the distributor's ERP, with its ERP number.",
    keyTypes: ["Supplier", "Employee"],
    defaults: everyone("both"),
    own: true,
  },
  "invoice-due": {
    label: "Invoice due in 7 days",
    description: "An open invoice of the retailer's falls due within the next 7 days.",
    keyTypes: ["Customer"],
    defaults: { owner: "inbox", admin: "inbox", accounts: "inbox" },
  },
  "invoice-overdue": {
    label: "Invoice overdue",
    description: "An open invoice of the retailer's has passed its due date.",
    keyTypes: ["Customer"],
    defaults: { owner: "inbox", admin: "inbox", accounts: "inbox" },
  },
  "credit-available": {
    label: "Credit available on a payment",
    description: "A payment of the retailer's has credit not yet applied to an invoice.",
    keyTypes: ["Customer"],
    defaults: { owner: "inbox", admin: "inbox", accounts: "inbox" },
  },
  "below-cover": {
    label: "Products below target days of cover",
    description: "Products of the brand's have fewer days of cover than the replenishment planner's target.",
    keyTypes: ["Supplier"],
    defaults: { owner: "inbox", admin: "inbox", purchasing: "both" },
  },
  "customer-on-hold": {
    label: "Customer put on hold",
    description: "A customer was put on hold: the retailer's own account, or for a rep, one of their customers.",
    keyTypes: ["Customer", "Employee"],
    defaults: { owner: "both", admin: "inbox", accounts: "both", purchasing: "inbox", viewer: "inbox" },
  },
  "delivery-cutoff": {
    label: "Tomorrow's delivery cut-off",
    description: "For a rep: their customers with a delivery tomorrow, and when ordering for it closes.",
    keyTypes: ["Employee"],
    defaults: everyone("inbox"),
    reps: true,
  },
  "reorder-request": {
    label: "Reorder request from a store",
    description: "For a rep: a store of theirs sent a reorder list, withdrew it, or settled a substitute you proposed.",
    keyTypes: ["Employee"],
    defaults: everyone("inbox"),
    reps: true,
  },
  "reorder-update": {
    label: "Your reorder list changed",
    description:
      "A list you sent was acknowledged, changed, given a substitute, entered in the ERP or invoiced by the distributor.",
    keyTypes: ["Customer", "Employee"],
    defaults: everyone("both"),
    own: true,
  },
  "dispute-opened": {
    label: "Delivery disputed by a store",
    description:
      "For a rep: a store of theirs disputed lines of an invoice (short, damaged, not compliant, wrong price).",
    keyTypes: ["Employee"],
    defaults: everyone("both"),
    reps: true,
  },
  "dispute-update": {
    label: "A dispute moved",
    description:
      "A dispute you raised or handle was answered, acknowledged, credited or closed; for a brand, a reply on its products.",
    keyTypes: ["Customer", "Employee", "Supplier"],
    defaults: everyone("inbox"),
  },
  "collected-unmatched": {
    label: "A collection no payment matched",
    description:
      "What you recorded as collected at a delivery has no matching payment in the API 5 business days later: the check may not have been deposited.",
    keyTypes: ["Employee"],
    defaults: everyone("both"),
    own: true,
  },
};

export const KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

export function isNotificationKind(value: string): value is NotificationKind {
  return Object.hasOwn(NOTIFICATION_KINDS, value);
}

/**
 * Where a role gets a kind unless the person chose otherwise.
 *
 * @example
 * defaultChannel("invoice-due", "accounts"); // "both"
 * defaultChannel("invoice-due", "viewer"); // "off"
 */
export function defaultChannel(kind: NotificationKind, role: string | null | undefined): Channel {
  const parsed = parseRole(role);
  return (parsed && NOTIFICATION_KINDS[kind].defaults[parsed]) ?? "off";
}

/** Whether a channel puts a notification in the inbox, and whether it sends it by email. */
export const toInbox = (channel: Channel) => channel === "inbox" || channel === "both";
export const byEmail = (channel: Channel) => channel === "email" || channel === "both";
