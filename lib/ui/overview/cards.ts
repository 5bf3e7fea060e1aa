import type { KeyType } from "@/lib/data-api/operation";

/**
 * The overview's cards: what each is called, where its link goes, and how tall its body is while it loads. The server
 * page draws each card's frame at once from this (title, link, a placeholder of the body's height) and streams its
 * body in; the card itself draws the same frame around its data, so nothing moves when it comes.
 */
export interface OverviewCardSpec {
  title: string;
  href: string;
  more: string;
  /** The link's words for a person whose role may not act on the page (`more` says what it does). */
  read?: string;
  /**
   * The body's least height (Tailwind classes): the placeholder's and the card's, so the frame keeps its size. Measured
   * at 360 to 1366 px with the sandbox's demo data (a card's words wrap to more lines in a narrow column): a body that
   * outgrows its placeholder moves every card below it when it comes (CLS).
   */
  bodyHeight: string;
  /** A second link beside the first, to the page that acts on what the card shows. */
  also?: { href: string; label: string };
}

export const OVERVIEW_CARDS = {
  owed: { title: "What you owe", href: "/ar-aging", more: "The AR aging report", bodyHeight: "min-h-64 xl:min-h-52" },
  dueSoon: { title: "Invoices due soon", href: "/invoices", more: "All invoices", bodyHeight: "min-h-60 xl:min-h-56" },
  payments: {
    title: "Payments",
    href: "/payments",
    more: "Allocate a payment's credit",
    read: "Payments and their credit",
    bodyHeight: "min-h-28",
  },
  credit: {
    title: "Your credit",
    href: "/credit",
    more: "Your credit and how reliably you pay",
    bodyHeight: "min-h-40",
  },
  nextDeliveries: {
    title: "Next deliveries",
    href: "/delivery-days",
    more: "Delivery days and order cut-offs",
    bodyHeight: "min-h-24",
  },
  stock: {
    title: "Stock health",
    href: "/inventory/available",
    more: "Available inventory",
    bodyHeight: "min-h-116 xl:min-h-104",
    also: { href: "/purchases/plan", label: "Plan replenishment" },
  },
  orders: { title: "Purchase orders", href: "/purchases", more: "All purchases", bodyHeight: "min-h-96" },
  receivables: {
    title: "Receivables from your customers",
    href: "/ar-aging",
    more: "The AR aging report",
    bodyHeight: "min-h-72 xl:min-h-56",
  },
  topCustomers: {
    title: "Top customers by open balance",
    href: "/ar-aging",
    more: "Every account",
    bodyHeight: "min-h-40",
  },
  deliveries: {
    title: "Deliveries today and tomorrow",
    href: "/delivery-days",
    more: "Delivery days and order cut-offs",
    bodyHeight: "min-h-32",
  },
  onHold: {
    title: "Customers on hold",
    href: "/customers?OnHold=true",
    more: "All customers on hold",
    bodyHeight: "min-h-52",
  },
  awaiting: {
    title: "Invoices awaiting verification",
    href: "/invoices?Statuses=5",
    more: "All balanced invoices",
    bodyHeight: "min-h-32",
  },
} as const satisfies Record<string, OverviewCardSpec>;

export type OverviewCardId = keyof typeof OVERVIEW_CARDS;

/**
 * The cards of each key type's overview, in reading order (two columns on wide screens), and the sentence above them
 * that says what they count: drawn with the page's frame, before any card's data.
 */
export const OVERVIEW_BY_KEY: Record<KeyType, { subtitle: string; cards: OverviewCardId[] }> = {
  Customer: {
    subtitle:
      "What you owe by age, the invoices falling due next, the credit your payments still have to allocate, the credit the distributor gives you, and your next deliveries. Each figure opens the list it counts.",
    cards: ["owed", "dueSoon", "payments", "credit", "nextDeliveries"],
  },
  Supplier: {
    subtitle:
      "Your products' stock at the warehouses, your purchase orders, what your customers owe you by age and who owes the most. Each figure opens the list it counts.",
    cards: ["stock", "orders", "receivables", "topCustomers"],
  },
  Employee: {
    subtitle:
      "The deliveries of today and tomorrow, the active customers on credit hold, and the invoices balanced and waiting for verification. Each figure opens the list it counts.",
    cards: ["deliveries", "onHold", "awaiting"],
  },
};
