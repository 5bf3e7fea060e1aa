/**
 * How a workspace's books name what the distributor's invoices hold: the vendor, an account per product
 * type, the tax code, the bank account payments come from, and the date format of the company file. Set once per
 * workspace by its owner, admin or accounts role; until then every export uses `DEFAULT_MAPPING`. Pure data and
 * rules, read by the server (the export) and the page (the form and its preview).
 */

/** The date formats the tools' company files take; QuickBooks' default first. */
export const DATE_FORMATS = ["MM/DD/YYYY", "DD/MM/YYYY", "YYYY-MM-DD"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Most product types a mapping names (a catalogue has a few dozen). */
export const MAX_MAPPED_TYPES = 200;
/** Longest name or code of an account, vendor or tax code (QuickBooks' account names are at most 100). */
export const MAX_NAME_LENGTH = 100;

export interface AccountingMapping {
  /** The distributor as the books know it (QuickBooks' vendor, Xero's contact). */
  vendorName: string;
  /** The account of a product type the mapping does not name (and of charges beyond an invoice's lines). */
  defaultAccount: string;
  /** The account (QuickBooks: its name; Xero: its code) of each product type, by the catalogue's `ProductTypeName`. */
  accounts: Record<string, string>;
  /** The tax code (Xero's `TaxType`; QuickBooks Online's line tax code outside the US). */
  taxCode: string;
  /** The bank account payments are made from (QuickBooks: its name; Xero: its code). */
  bankAccount: string;
  /** The account a brand's credit (a payment with a supplier) pays from: not the bank. */
  creditsAccount: string;
  /** QuickBooks Desktop's accounts payable account (the IIF's `TRNS` line). */
  payablesAccount: string;
  dateFormat: DateFormat;
}

export const DEFAULT_MAPPING: AccountingMapping = {
  vendorName: "Distributor",
  defaultAccount: "Inventory Asset",
  accounts: {},
  taxCode: "Tax Exempt",
  bankAccount: "Checking",
  creditsAccount: "Supplier Credits",
  payablesAccount: "Accounts Payable",
  dateFormat: "MM/DD/YYYY",
};

/**
 * The account a line of a product type goes to: the mapping's for its type, else the default.
 *
 * @example
 * accountFor({ ...DEFAULT_MAPPING, accounts: { "Edible: Chocolate": "5010" } }, "Edible: Chocolate"); // "5010"
 * accountFor(DEFAULT_MAPPING, undefined); // "Inventory Asset"
 */
export function accountFor(mapping: AccountingMapping, productType: string | undefined): string {
  const mapped = productType === undefined ? undefined : mapping.accounts[productType]?.trim();
  return mapped || mapping.defaultAccount;
}

/**
 * A calendar day (YYYY-MM-DD) in the company file's format.
 *
 * @example
 * formatBookDay("2026-11-05", "MM/DD/YYYY"); // "11/05/2026"
 * formatBookDay("2026-11-05", "DD/MM/YYYY"); // "05/11/2026"
 */
export function formatBookDay(day: string, format: DateFormat): string {
  const [year, month, date] = day.split("-");
  if (format === "MM/DD/YYYY") return `${month}/${date}/${year}`;
  if (format === "DD/MM/YYYY") return `${date}/${month}/${year}`;
  return day;
}
