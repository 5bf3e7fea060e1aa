/**
 * The synced history of a workspace key, as Backroom's database keeps it and as the insights' pure
 * aggregations (`aggregate.ts`) read it: invoices of every status but Canceled (the API's default is New only), their
 * lines, and retailer inventory snapshots, with the few reference facts the pages group by. Decimal amounts stay the
 * API's decimal strings (exact arithmetic in `lib/format/decimal.ts`); dates are the API's ISO date-times.
 */

/** An invoice header (`/invoices?Statuses=1,2,3,4,5,7`). */
export interface HistoryInvoice {
  invoiceId: number;
  customerId: number;
  invoiceNum: string;
  /** The invoice's `Date` (ISO date-time): the day it counts for. */
  date: string;
  /** Invoice status id: 4 is Returned, which counts negative. */
  status: number;
}

/** An invoice line (`/invoiceTransactions`): units `NumUnits`, revenue `ExtPrice`. */
export interface HistoryLine {
  lineId: number;
  invoiceId: number;
  customerId: number;
  productId: number;
  supplierId: number;
  numUnits: number;
  /** Decimal string, as the API gives it ("125.500000"). */
  extPrice: string;
  /** The promotion that priced it (`PromotionID`); null for none, undefined when the history was read without it. */
  promotionId?: number | null;
  /** `Discount`: FullPrice − UnitPrice, per unit, a decimal string; null or undefined when not known. */
  discount?: string | null;
}

/** A promotion of the brand's products (`/promotionsProducts`). */
export interface HistoryPromotion {
  promotionId: number;
  name: string;
  /** Its first and last days, YYYY-MM-DD. */
  start: string;
  end: string;
  /** On every product of its supplier (`AllProducts`), its `ProductIDs` empty. */
  allProducts: boolean;
  productIds: number[];
  /** The states it runs in (empty: not said). */
  states: string[];
}

/** A retailer's stock of a product as last counted (`/retailerInventory`). */
export interface ShelfRow {
  customerId: number;
  productId: number;
  /** Decimal strings. */
  inventory: string;
  dailySales: string;
  /** `LastInventoryDate`; null, or the live service's sentinel (2000-01-01 or before), when never counted. */
  lastInventoryDate: string | null;
}

/** A product of the brand's, as the pages group by it. */
export interface HistoryProduct {
  productId: number;
  name: string;
  supplierId: number;
  /** The product group (category) white space compares within. */
  group: string;
  /** Whether the brand still sells it (an inactive product is no white space). */
  active: boolean;
  /**
   * The state it ships to (`State`: a brand selling in several lists a product once per state, under the same name);
   * null or absent when not known (a history read before it was kept): then it is in every store's line.
   */
  state?: string | null;
}

/** A retailer (customer), and the reps who cover it. */
export interface HistoryCustomer {
  customerId: number;
  name: string;
  /** The customer's state. */
  state: string | null;
  /** Its state's time zone (`/states` TimeZone), in which its invoices' days are read; null when unknown (UTC). */
  timeZone?: string | null;
  /** The sales reps' UserIDs covering it (`/salesReps` Customers). */
  repUserIds: number[];
}
