/**
 * The figures a page shows a person to act on, each once: its pages, its definition in a sentence and the one function
 * that computes it. `docs/figures.md` is this catalogue in prose (a test holds the two to the same ids), each page
 * marks the element that shows a figure with its id (`data-figure`, or `<Figure figure>` on an overview card), and
 * `reference.test.ts` (or a `reference-*.test.ts`) recomputes each from the sandbox's raw records by a simple reference
 * of its own, or, for a figure of Backroom's own database, the server test its entry names (`elsewhere`): a figure
 * that is not here, or has no reference, fails the suite. Pure data.
 */

/** One figure of the catalogue. */
export interface FigureEntry {
  /** The pages that show it, by path. */
  pages: readonly string[];
  /** What it is, in one sentence a person could check it by. */
  definition: string;
  /** The function that computes it: `path#name` (the path from the repository's root). */
  computedBy: string;
  /**
   * Where its second reading is when it cannot be a case of a reference suite here: a server test (the path from the
   * repository's root) that names its id, for a figure read from Backroom's own database (a key's synced history, the
   * visit notes), which the in-memory sandboxes of `reference-kit.ts` do not keep and this folder may not reach.
   */
  elsewhere?: string;
}

export const FIGURES = {
  "deliveries-on-date": {
    pages: [
      "/ (staff: Today, Tomorrow)",
      "/delivery-days (each date's count, and the chosen date's list)",
      "/today (today's stops)",
    ],
    definition:
      "Active customers with a delivery dated that day: the API's DeliveryDates (or NextDeliveryDates) when it sends any from today on, else their delivery weekdays' dates.",
    computedBy: "lib/domain/delivery/schedule.ts#deliveriesOn",
  },
  "customers-on-hold": {
    pages: ["/ (staff: On hold)", "/customers?OnHold=true&AccountStatuses=Active"],
    definition: "Active customers whose account is on hold now.",
    computedBy: "lib/domain/views/whole-list.ts#wholeList",
  },
  "invoices-awaiting-count": {
    pages: ["/ (staff: Balanced, not yet verified)", "/invoices?Statuses=5"],
    definition: "Invoices in the Balanced status (5) now, waiting for the end of day's verification.",
    computedBy: "lib/domain/views/whole-list.ts#wholeList",
  },
  "invoices-awaiting-total": {
    pages: ["/ (staff: Worth …)", "/invoices?Statuses=5 (its total)"],
    definition: "The sum of the InvoiceTotal of the invoices in the Balanced status now.",
    computedBy: "lib/domain/views/whole-list.ts#wholeList",
  },
  "open-past-due-count": {
    pages: ["/ (retailer: Overdue now)", "/invoices/open?figure=past-due"],
    definition:
      "Open items still owed (a positive open balance) whose due date is before today; a credit is never late.",
    computedBy: "lib/domain/invoices/open-items.ts#isPastDue",
  },
  "open-past-due-total": {
    pages: ["/ (retailer: Overdue now, its amount)", "/invoices/open?figure=past-due (its total)"],
    definition: "The sum of the open balances of the open items past due.",
    computedBy: "lib/domain/invoices/open-items.ts#isPastDue",
  },
  "open-due-soon-count": {
    pages: ["/ (retailer: due in the next 14 days)", "/invoices/open?figure=due-soon"],
    definition: "Open items still owed whose due date is from today to 14 days after it, both included.",
    computedBy: "lib/domain/invoices/open-items.ts#isDueSoon",
  },
  "open-credits-count": {
    pages: ["/invoices/open?figure=credits", "/customers/{id} (credits)"],
    definition: "Open items with a negative open balance: credit memos and returns owed to the store.",
    computedBy: "lib/domain/invoices/open-items.ts#isCredit",
  },
  "credit-available": {
    pages: ["/ (retailer: Credit available on payments)"],
    definition: "The sum of the AvailableBalance of the payments of the AR accounts the retailer's open items name.",
    computedBy: "lib/domain/payments/credit.ts#creditAvailable",
  },
  "allocation-requests-pending": {
    pages: ["/ (retailer: allocation requests on the way to the ERP)"],
    definition:
      "Payment allocation requests of those AR accounts in the Pending or Exported status, and their Amounts' sum.",
    computedBy: "lib/domain/payments/credit.ts#pendingAllocations",
  },
  "account-owed": {
    pages: ["/payments (Owed on the account's open invoices)"],
    definition:
      "An AR account's open items still owed (a positive open balance), how many, and their open balances added exactly (sub-cent digits kept); credits apart.",
    computedBy: "lib/domain/invoices/open-items.ts#owed",
  },
  "account-credit-left": {
    pages: ["/payments (Credit left on the account's payments)"],
    definition: "The sum of the AvailableBalance of an AR account's payments (as the page's filters narrow them).",
    computedBy: "lib/domain/payments/credit.ts#creditAvailable",
  },
  "statement-outstanding": {
    pages: ["/statements (Balance outstanding, the Outstanding box, the open invoices' total; the PDF)"],
    definition:
      "An AR account's balance outstanding at the last close: its aging rows' TotalBalanceOutstanding added (every age, less open credit); the open invoices listed add up to it.",
    computedBy: "lib/domain/statements/statement.ts#buildStatement",
  },
  "statement-aging": {
    pages: ["/statements (the aging boxes; the PDF)"],
    definition:
      "An AR account's amount in each age bucket at the last close, and its open credit: its aging rows added.",
    computedBy: "lib/domain/statements/statement.ts#buildStatement",
  },
  "statement-credit-left": {
    pages: ["/statements (Credit left, credit on payments not yet applied; the PDF)"],
    definition: "The sum of the AvailableBalance of an AR account's payments that have credit left (above zero).",
    computedBy: "lib/domain/statements/statement.ts#buildStatement",
  },
  "statement-received": {
    pages: ["/statements (Payments, last 90 days: Received; the PDF)"],
    definition:
      "The sum of the Amount of an AR account's payments posted in the 90 days to the statement's date (the close's day), a reversed payment's negative.",
    computedBy: "lib/domain/statements/statement.ts#buildStatement",
  },
  "aging-line": {
    pages: ["/ar-aging (each line: an AR account of a supplier)"],
    definition:
      "Each AR aging row (one AR account and supplier) at the last close: its five buckets, its open credit and its TotalBalanceOutstanding, as the API sends them.",
    computedBy: "lib/domain/ar-aging/aging.ts#linesOf",
  },
  "account-past-due": {
    pages: ["/collections (Over 30, Over 60, Over 90; the CSV)", "/today (each card's past due)", "/customers/{id}"],
    definition:
      "An AR account's amounts more than 30, 60 and 90 days past due at the last close: its rows' 31–60, 61–90 and 91+ added (over 30), 61–90 and 91+ (over 60), 91+ (over 90).",
    computedBy: "lib/domain/ar-aging/aging.ts#pastDue",
  },
  "collections-open-credit": {
    pages: ["/collections (Open credit; the CSV)"],
    definition: "An AR account's open credit at the last close: its aging rows' OpenCredit added.",
    computedBy: "lib/domain/collections/collections.ts#collectionRows",
  },
  "collections-unapplied": {
    pages: ["/collections (Unapplied payments; the CSV)"],
    definition:
      "An AR account's credit left on its payments: the sum of the AvailableBalance of every payment of the account.",
    computedBy: "lib/domain/collections/collections.ts#collectionRows",
  },
  "aging-total": {
    pages: ["/ (retailer: What you owe; brand: Receivables)", "/ar-aging (its total)"],
    definition: "The AR aging's TotalBalanceOutstanding over every row at the last close: every age, less open credit.",
    computedBy: "lib/domain/ar-aging/aging.ts#sumAmounts",
  },
  "aging-bucket": {
    pages: ["/ (the aging bar's amounts)", "/ar-aging (each bucket's total)"],
    definition:
      "For each age bucket (current, 1–30, 31–60, 61–90, 91+ days), the sum of that bucket's amount over every row.",
    computedBy: "lib/domain/ar-aging/aging.ts#sumAmounts",
  },
  "out-of-stock": {
    pages: ["/ (brand: Out of stock, and its table's row)", "/inventory/available?figure=out-of-stock"],
    definition: "Product and warehouse pairs of available inventory in the Out of Stock bucket now.",
    computedBy: "lib/domain/stock/stock-buckets.ts#stockBuckets",
  },
  "stock-sold-90-days": {
    pages: ["/ (brand: stock rows sold in the last 90 days)", "/inventory?figure=sold-90-days"],
    definition:
      "Warehouse inventory rows that sold in the last 90 days (an average daily sale above zero) and say their days of inventory.",
    computedBy: "lib/domain/stock/stock-cover.ts#soldIn90Days",
  },
  "stock-low-cover": {
    pages: ["/ (brand: Under 14 days of inventory)", "/inventory?figure=under-14-days"],
    definition: "Of the rows that sold in the last 90 days, those whose days of inventory (DOI) are under 14.",
    computedBy: "lib/domain/stock/stock-cover.ts#underDaysOfInventory",
  },
  "orders-drafts": {
    pages: ["/ (brand: drafts in progress)", "/purchases?statuses=InProgress,Submitted&figure=drafts"],
    definition: "The brand's purchase orders made through the API still drafts: v2 purchases in the InProgress status.",
    computedBy: "lib/domain/views/whole-list.ts#wholeList",
  },
  "orders-submitted": {
    pages: [
      "/ (brand: submitted and waiting for the ERP)",
      "/purchases?statuses=InProgress,Submitted&figure=submitted",
    ],
    definition:
      "The brand's purchase orders submitted through the API and not yet imported: v2 purchases in the Submitted status.",
    computedBy: "lib/domain/views/whole-list.ts#wholeList",
  },
  "top-customers": {
    pages: ["/ (brand: Top customers)"],
    definition:
      "The five AR accounts owing most at the last close (each account's aging rows added), with what each owes.",
    computedBy: "lib/ui/overview/requests.ts#topAccounts",
  },
  "sales-revenue": {
    pages: ["/insights (Revenue)"],
    definition:
      "The sum of the lines' ExtPrice of the period's invoices (every status but Canceled), a return's taken off.",
    computedBy: "lib/domain/insights/period-comparison.ts#periodComparison",
  },
  "sales-units": {
    pages: ["/insights (Units)"],
    definition:
      "The sum of the lines' NumUnits of the period's invoices (every status but Canceled), a return's taken off.",
    computedBy: "lib/domain/insights/period-comparison.ts#periodComparison",
  },
  "sales-invoices": {
    pages: ["/insights (Invoices)"],
    definition:
      "How many of the period's invoices (every status but Canceled) have a line of the brand's, a return not counted.",
    computedBy: "lib/domain/insights/period-comparison.ts#periodComparison",
  },
  "worst-past-due": {
    pages: ["/today (each card's balance)", "/today/accounts"],
    definition:
      "An AR account's oldest past-due bucket with anything owed (over 90, else 60, else 30 days) and what is owed there and older.",
    computedBy: "lib/domain/today/today-balances.ts#worstPastDue",
  },
  "collections-worst-bucket": {
    pages: ["/collections (each account's card on a phone: Worst bucket)"],
    definition:
      "An AR account's oldest age bucket with money in it (91+, 61–90, 31–60, 1–30 days, else current) at the last close, and that bucket's amount alone: its aging rows added.",
    computedBy: "lib/domain/collections/collections-list.ts#worstBucket",
  },
  "today-on-hold": {
    pages: ["/today (the strip's On hold, and its section)"],
    definition: "The rep's active accounts whose account is on hold now.",
    computedBy: "lib/domain/today/today-strip.ts#todayGlance",
  },
  "today-over-60": {
    pages: ["/today (the strip's 60+ days)"],
    definition:
      "The AR accounts of the rep's active stores (as their open items name them) with something more than 60 days past due at the last close: their aging rows' 61–90 and 91+ added, above zero.",
    computedBy: "lib/domain/today/today-strip.ts#todayGlance",
  },
  "today-due-to-reorder": {
    pages: ["/today (the strip's Due to reorder, and its section), where the key keeps a history"],
    definition:
      "The rep's active accounts with three days at least of orders (invoices but returns and cancellations) in the key's synced year, whose next order, the last (of the last 90 days' invoices, else the history's) plus the median days between them (a half day up), is expected by this week's Sunday, and whose last order is 90 days old at most.",
    computedBy: "lib/domain/today/today-strip.ts#todayGlance",
    elsewhere: "lib/server/insights/rep-health.reference.test.ts",
  },
  "today-no-visit-30": {
    pages: ["/today (the strip's No visit in 30 days)", "/today/accounts?notVisited=30"],
    definition:
      "The rep's active accounts with no visit note of the workspace (in the demo, of the visitor) left undeleted, or whose newest is 30 days old or more on the viewer's day.",
    computedBy: "lib/domain/today/visits.ts#notVisited",
    elsewhere: "lib/server/today/not-visited.reference.test.ts",
  },
  "sales-by-product": {
    pages: ["/insights (Sales by product: each row's units, revenue and invoices; its CSV)"],
    definition:
      "For each product, the sum of its lines' NumUnits and ExtPrice on the period's invoices (every status but Canceled), a return's taken off, and how many of those invoices (returns not counted) hold it.",
    computedBy: "lib/domain/insights/sales-by.ts#salesBy",
  },
  "sales-by-retailer": {
    pages: ["/insights (Sales by retailer: each row's units, revenue and invoices; its CSV)"],
    definition:
      "For each store, the sum of the lines' NumUnits and ExtPrice of its period's invoices (every status but Canceled), a return's taken off, and how many of those invoices it has (returns not counted); a store with neither units nor an invoice is no row.",
    computedBy: "lib/domain/insights/sales-by.ts#salesBy",
  },
  "sales-by-week": {
    pages: ["/insights (Sales by week: each week's units, revenue and invoices, and the chart; its CSV)"],
    definition:
      "For each week (Monday to Sunday) the period touches, the sum of the NumUnits and ExtPrice of the lines of its invoices dated in the period (every status but Canceled), a return's taken off, and how many of those invoices (returns not counted); a week with none is a row of zeros.",
    computedBy: "lib/domain/insights/insight-table-rows.ts#weekRows",
  },
  "sales-by-supplier": {
    pages: [
      "/insights (staff: Sales by supplier, each row's units, revenue and invoices; its CSV; the supplier chooser's order)",
    ],
    definition:
      "For each supplier, the sum of the NumUnits and ExtPrice of its lines on the period's invoices (every status but Canceled), a return's taken off, and how many of those invoices (returns not counted) hold one.",
    computedBy: "lib/domain/insights/insights-tables.ts#supplierRanking",
  },
  "sales-by-rep": {
    pages: ["/insights (Sales by rep: each row's units, revenue and invoices; its CSV)"],
    definition:
      "For each rep, the sum of the NumUnits and ExtPrice of the lines of the period's invoices (every status but Canceled) of the stores the rep covers (its record's SalesRepUserID, or the rep's accounts in /salesReps), a return's taken off, and how many of those invoices (returns not counted); a store no rep covers counts under No rep.",
    computedBy: "lib/domain/insights/sales-by.ts#salesBy",
  },
  "doors-due": {
    pages: ["/insights (Doors due to reorder: each rep's stores, their next order expected and status; its CSV)"],
    definition:
      "The stores with three days at least of orders (invoices but returns) whose next order, the last plus the median days between them (a half day up), is expected by this week's Sunday, and whose last order is 90 days old at most; late past 1.5 medians since it, due past one; under each rep who covers the store, else No rep.",
    computedBy: "lib/domain/insights/insight-table-rows.ts#doorsDueRows",
  },
  "distribution-by-product": {
    pages: [
      "/insights (Distribution and velocity, by product: doors, new, lost, units per door per week, share of doors; its CSV)",
    ],
    definition:
      "For each product sold in the period or the one as long before it: its doors (stores with an invoice other than a return dated in the period whose line of it delivered units), those new and lost against the period before, its units (a return's taken off) × 7 ÷ (doors × the period's days), and its doors ÷ the brand's doors in the state it ships to (a store buys its own state's products; a store or product of no known state counts in every state) in percent.",
    computedBy: "lib/domain/insights/distribution.ts#distribution",
  },
  "books-payment-sums": {
    pages: ["/accounting (a payments file's preview: Bank, Brands' credits, Allocated to bills, Prepaid, Returned)"],
    definition:
      "Of the payments posted in the period (PostDate): their Amounts from the bank, and a brand's credit's apart; their confirmed allocations toward bills the books hold; the rest prepaid, or returned for a negative Amount; each to the cent.",
    computedBy: "lib/domain/accounting/bill-payments.ts#paymentSums",
  },
  "books-bills-total": {
    pages: ["/accounting (a bills file's preview: how many bills, and their total)"],
    definition:
      "The invoices of the period and statuses chosen, dated on the store's calendar day, but one being updated (RevisionStatus): how many, and their InvoiceTotals to the cent added.",
    computedBy: "lib/domain/accounting/bills.ts#billsOf",
  },
  "order-guide-suggested": {
    pages: ['/order-guide (each row\'s Suggested cases; the fields "Fill suggestions" fills; its CSV)'],
    definition:
      "For each product a store ordered in the last 180 days or has on promotion today, whole cases for the days chosen (14): nothing out of stock, a sample or without a case price; a counted shelf with sales, the days' units beyond the shelf a part case up; counted without sales, the usual a part case up if empty, else nothing; never counted, its 180 days' pace for the days to the nearest case, at most the usual rounded down.",
    computedBy: "lib/domain/order-guide/guide.ts#suggestedCases",
  },
  "account-health": {
    pages: [
      "/insights (Account health: each retailer's last order, days since, median reorder days, tier, revenue of the last 30 days and the 30 before, growth, orders; its CSV)",
    ],
    definition:
      "For each store the history names (invoiced, or with the brand's stock on its shelf): its last order day and the days since (invoices but returns, to the day shown), its tier by those days (30, 60, 90), the median days between its distinct order days, the sum of its lines' ExtPrice of the 30 days to the day and of the 30 before (a return's taken off), their growth in percent, and how many invoices but returns it has.",
    computedBy: "lib/domain/insights/account-health.ts#accountHealth",
  },
  "white-space": {
    pages: [
      "/insights (White space: each retailer's products carried of the line, share, revenue of 90 days, what it misses; its CSV)",
    ],
    definition:
      "For each store with a line on an invoice other than a return in the 90 days to the day shown: the active products of those lines' suppliers whose State is the store's (the line; a product or a store of no known state leaves it whole), how many of them it had a line of, that share in percent, the ones it did not by product group, and its lines' ExtPrice of the 90 days added, a return's taken off.",
    computedBy: "lib/domain/insights/insight-table-rows.ts#whiteSpaceLines",
  },
  "weekly-leaderboard": {
    pages: [
      "/insights (staff, a rep chosen: Weekly leaderboard, each account's rank, units, revenue and invoices; its CSV)",
    ],
    definition:
      "For each store the chosen rep covers, the sum of the NumUnits and ExtPrice of its lines of the last full Monday-to-Sunday week (a return's taken off) and how many of its invoices but returns; ranked by revenue, then units, level accounts sharing a rank.",
    computedBy: "lib/domain/insights/insight-table-rows.ts#leaderboardRows",
  },
  "shelf-watch": {
    pages: [
      "/insights (Shelf watch: each retailer's product out of stock, under 7 days of cover, or never counted; its CSV)",
    ],
    definition:
      "The retailers' stock rows (/retailerInventory) never counted (no count day, or 2000-01-01 or before), out of stock (nothing on the shelf), or under 7 days of their daily sales (the cover, Inventory ÷ DailySales, rounded down to a tenth); a counted row without sales is listed only when empty.",
    computedBy: "lib/domain/insights/insight-table-rows.ts#shelfRows",
  },
  "sales-by-week-before": {
    pages: ["/insights (Sales by week: each week's Units and Revenue of the same week of the period before; its CSV)"],
    definition:
      "For each week the period touches, the week a period's length (28 days) before it: the sum of the NumUnits and ExtPrice of the lines of its invoices dated in the period before (every status but Canceled), a return's taken off.",
    computedBy: "lib/domain/insights/insight-table-rows.ts#weekRows",
  },
  "promotion-lift": {
    pages: [
      "/insights (Promotion lift: each promotion's days, doors, new doors, units and revenue per door per week and the 8 weeks before, the lifts, units at its price, discount given, too thin; its CSV)",
    ],
    definition:
      "For each promotion of the brand (the list's, or one only its lines name, its days and products from them) that ran in the period, within the history: its doors are the stores with a line priced by it, not a return, delivering units while it ran; what those doors bought of its products (its named ones, or all its supplier's) while it ran and in the 8 weeks before, a return's taken off, per door per week; the lift the change in percent, none when thin (under 5 doors, 2 weeks, or a baseline before the history); discount given, each priced line's Discount × NumUnits.",
    computedBy: "lib/domain/insights/promotion-lift.ts#promotionLift",
  },
  "distribution-by-line": {
    pages: [
      "/insights (Distribution and velocity by product line: doors, new, lost, units per door per week, share of doors; its CSV)",
    ],
    definition:
      "For each product line (a product's type as /products names it, else Other) sold in the period or the one as long before it: its doors (stores with an invoice other than a return dated in the period whose line of one of its products delivered units), those new and lost against the period before, its units (a return's taken off) × 7 ÷ (doors × the period's days), and its doors ÷ the brand's doors in percent.",
    computedBy: "lib/domain/insights/distribution.ts#distribution",
  },
  "order-guide-days-of-cover": {
    pages: ["/order-guide (each row's Days of cover; on a phone, the Shelf line's days of cover)"],
    definition:
      "For each row of a store's guide, the units on the shelf at its last count ÷ its DailySales, one decimal: 0.0 for an empty or negative shelf; none for a shelf never counted (no count, or dated before 2000-01-02) or without sales.",
    computedBy: "lib/domain/order-guide/guide.ts#cover",
  },
  "order-guide-usual": {
    pages: ["/order-guide (each row's Usual (cases); on a phone, the Usual order line)"],
    definition:
      "For each row of a store's guide, the median of the cases of its newest five orders of the 180 days (an order's lines of it added; returns are no orders; those above zero), 2 decimals; none when never ordered.",
    computedBy: "lib/domain/order-guide/guide.ts#usualCases",
  },
  "order-guide-bought": {
    pages: ["/order-guide (each row's Bought in 180 days (cases); on a phone, on the Usual order line)"],
    definition:
      "For each row of a store's guide, the Cases of its lines on the store's invoices of the 180 days to today (every status but Canceled), a return's taken off, 2 decimals.",
    computedBy: "lib/domain/order-guide/guide-data.ts#boughtLines",
  },
  "order-guide-bought-since": {
    pages: ['/order-guide (the line above the rows: "Bought since …", and its pace of the last 180 days)'],
    definition:
      "A store's invoices' lines (every status but Canceled, a return's taken off) dated in the last 14 days, today included: their ExtPrice and Cases added; and those of the last 180 days × 14 ÷ 180; each to the cent.",
    computedBy: "lib/domain/order-guide/guide-data.ts#storePurchases",
  },
} as const satisfies Record<string, FigureEntry>;

/** A figure's id: what a page marks its element with (`data-figure`). */
export type FigureId = keyof typeof FIGURES;

/** The catalogue's ids, in its order. */
export const FIGURE_IDS = Object.keys(FIGURES) as FigureId[];
