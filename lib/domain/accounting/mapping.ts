/**
 * How a workspace's books name what the distributor's invoices hold, per program: QuickBooks (Online and Desktop)
 * by account names, Xero by account codes and a tax rate's name. The vendor is one name for both; the date format is
 * the Xero organisation's (QuickBooks reads its files month first). Set once per workspace by its owner, admin or
 * accounts role; until then every export uses `DEFAULT_MAPPING`, whose Xero fields are empty: a Xero file is blocked,
 * the missing fields named (`mappingGaps`), rather than written with names Xero would refuse. A name travels exactly:
 * one a program cannot carry as it is (`nameProblem`: a character QuickBooks Desktop's IIF cannot hold, a length past
 * a program's limit) is refused when the mapping is saved, and a file is never written with a name changed. Pure data
 * and rules, read by the server (the export) and the page (the form and its preview).
 */
import { type ExportFormat, programOf } from "./format-names";

/** The date formats a Xero organisation reads; month first (the US default) first. */
export const DATE_FORMATS = ["MM/DD/YYYY", "DD/MM/YYYY", "YYYY-MM-DD"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Most product types a mapping names (a catalogue has a few dozen). */
export const MAX_MAPPED_TYPES = 200;
/** Longest name of an account (QuickBooks Online's names are at most 100 characters). */
export const MAX_NAME_LENGTH = 100;
/** Longest vendor name: QuickBooks Desktop's (41 characters), the shortest of the programs'. */
export const MAX_VENDOR_LENGTH = 41;
/** Xero's account codes: letters and digits, at most 10 (its Accounts API: "alpha numeric", "max length = 10"). */
export const XERO_CODE = /^[A-Za-z0-9]{1,10}$/;

/**
 * The tax rates a Xero organisation in the US (and Xero's Global edition, Canada's) ships that apply to a bill, by the
 * name its import template takes (`*TaxType`: the rate's name as Xero shows it). Xero's types: `NONE`, `INPUT`.
 */
export const XERO_TAX_TYPES = ["Tax Exempt", "Tax on Purchases"] as const;

export interface AccountingMapping {
  /** The distributor as the books know it (QuickBooks' vendor, Xero's contact). */
  vendorName: string;
  /** QuickBooks: the account (its name) of a product type the mapping does not name, and of charges beyond lines. */
  defaultAccount: string;
  /** QuickBooks: the account (its name) of each product type, by the catalogue's `ProductTypeName`. */
  accounts: Record<string, string>;
  /** QuickBooks: the bank account bill payments are made from. */
  bankAccount: string;
  /** QuickBooks: the account a brand's credit (a payment with a supplier) pays from: not the bank. */
  creditsAccount: string;
  /** QuickBooks' accounts payable account (the IIF's bills; a payment returned, in both QuickBooks' files). */
  payablesAccount: string;
  /**
   * QuickBooks: where a payment's money not yet applied to a bill is kept (a vendor prepayment), and what a later
   * allocation pays the bill from. A bill payment pays from a bank account: QuickBooks' own type for it is Bank.
   */
  prepaymentsAccount: string;
  /** Xero: the account code of a product type without one of its own, and of charges; empty until set. */
  xeroDefaultAccount: string;
  /** Xero: the account code of each product type (blank: the Xero default). */
  xeroAccounts: Record<string, string>;
  /** Xero: the tax rate of every bill line, one of `XERO_TAX_TYPES`; empty until set. */
  xeroTaxType: string;
  /** The Xero organisation's date format (QuickBooks' files are always month first). */
  dateFormat: DateFormat;
}

export const DEFAULT_MAPPING: AccountingMapping = {
  vendorName: "Distributor",
  defaultAccount: "Inventory Asset",
  accounts: {},
  bankAccount: "Checking",
  creditsAccount: "Supplier Credits",
  payablesAccount: "Accounts Payable",
  prepaymentsAccount: "Vendor Prepayments",
  xeroDefaultAccount: "",
  xeroAccounts: {},
  xeroTaxType: "",
  dateFormat: "MM/DD/YYYY",
};

/** The mapping's fields by the words the page's form labels them with (the preview names a missing one so). */
export const MAPPING_LABELS = {
  vendorName: "Vendor name",
  defaultAccount: "QuickBooks default account",
  bankAccount: "QuickBooks bank account",
  creditsAccount: "QuickBooks brand credits account",
  payablesAccount: "QuickBooks accounts payable",
  prepaymentsAccount: "QuickBooks vendor prepayments account",
  xeroDefaultAccount: "Xero default account code",
  xeroTaxType: "Xero tax rate",
  dateFormat: "Xero date format",
} as const satisfies Partial<Record<keyof AccountingMapping, string>>;

const TEXT_FIELDS = [
  "vendorName",
  "defaultAccount",
  "bankAccount",
  "creditsAccount",
  "payablesAccount",
  "prepaymentsAccount",
  "xeroDefaultAccount",
  "xeroTaxType",
] as const;

/** The fields holding a QuickBooks name (the vendor's is every program's). */
export const NAME_FIELDS = [
  "vendorName",
  "defaultAccount",
  "bankAccount",
  "creditsAccount",
  "payablesAccount",
  "prepaymentsAccount",
] as const;

/**
 * A mapping as stored (JSON of any earlier shape) made whole: each known field that is text kept, the rest the
 * defaults'. A mapping stored before Xero had fields of its own keeps its QuickBooks names; its Xero fields are empty.
 * One stored before the prepayments account takes the default's name; the Xero bank and credits codes of old (Xero's
 * payments file is gone: Xero imports a bank statement into the account it is imported into) are dropped.
 *
 * @example
 * storedMapping({ vendorName: "Valley", taxCode: "Tax Exempt" }).xeroTaxType; // ""
 */
export function storedMapping(stored: unknown): AccountingMapping {
  const record = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  const mapping: AccountingMapping = { ...DEFAULT_MAPPING };
  for (const field of TEXT_FIELDS) if (typeof record[field] === "string") mapping[field] = record[field];
  mapping.accounts = textRecord(record.accounts);
  mapping.xeroAccounts = textRecord(record.xeroAccounts);
  if ((DATE_FORMATS as readonly unknown[]).includes(record.dateFormat))
    mapping.dateFormat = record.dateFormat as DateFormat;
  return mapping;
}

function textRecord(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/** A field of the mapping an export needs and lacks (or holds wrongly), in the page's words. */
export interface MappingGap {
  /** The field, as `PUT /api/accounting/mapping` names it (`xeroAccounts.Flower` for a product type's code). */
  field: string;
  label: string;
  problem: string;
}

/**
 * What of the mapping a format's file lacks, or holds so that the program could not take it as it is: Xero's bills
 * need Xero's codes and tax rate (QuickBooks' names are never Xero's); every file needs its names as its program
 * carries them (`nameProblem`: a mapping saved before those rules may hold a double quote QuickBooks Desktop's IIF
 * cannot carry). A file with a gap is not written: its gaps are named instead.
 *
 * @example
 * mappingGaps("xero-bills", DEFAULT_MAPPING).map((g) => g.field); // ["xeroDefaultAccount", "xeroTaxType"]
 */
export function mappingGaps(format: ExportFormat, mapping: AccountingMapping): MappingGap[] {
  const names = nameGaps(format, mapping);
  if (format !== "xero-bills") return names;
  return [
    ...names,
    codeGap("xeroDefaultAccount", MAPPING_LABELS.xeroDefaultAccount, mapping.xeroDefaultAccount, true),
    ...Object.entries(mapping.xeroAccounts).map(([type, code]) =>
      codeGap(`xeroAccounts.${type}`, `Xero account code of ${type}`, code, false),
    ),
    taxTypeGap(mapping.xeroTaxType),
  ].filter((gap): gap is MappingGap => gap !== undefined);
}

/** The names a format's file writes: the vendor's, and (QuickBooks') the accounts'. */
function namesOf(format: ExportFormat, mapping: AccountingMapping): { field: string; label: string; text: string }[] {
  const vendor = { field: "vendorName", label: MAPPING_LABELS.vendorName, text: mapping.vendorName };
  if (programOf(format) === "xero") return [vendor];
  return [
    vendor,
    ...NAME_FIELDS.filter((f) => f !== "vendorName").map((field) => ({
      field,
      label: MAPPING_LABELS[field],
      text: mapping[field],
    })),
    ...Object.entries(mapping.accounts).map(([type, text]) => ({
      field: `accounts.${type}`,
      label: `QuickBooks account of ${type}`,
      text,
    })),
  ];
}

function nameGaps(format: ExportFormat, mapping: AccountingMapping): MappingGap[] {
  return namesOf(format, mapping).flatMap(({ field, label, text }) => {
    const problem = nameProblem(text, { vendor: field === "vendorName" });
    return problem === undefined ? [] : [{ field, label, problem }];
  });
}

/** What no program's file may carry in a name: QuickBooks Desktop's IIF is tab-separated text, its fields unquoted. */
const UNCARRIED: readonly { pattern: RegExp; words: string }[] = [
  { pattern: /"/, words: 'a double quote (")' },
  { pattern: /\t/, words: "a tab" },
  { pattern: /[\r\n]/, words: "a line break" },
];

/**
 * Why a name could not travel into every program's file exactly as it is, or undefined when it can: a character
 * QuickBooks Desktop's IIF cannot carry (a double quote, a tab, a line break: the file is tab-separated and its fields
 * are never quoted, so QuickBooks would make a second vendor or account of another name), or a length past the
 * programs' limits (a vendor: QuickBooks Desktop's 41 characters; an account: QuickBooks Online's 100). Blank is no
 * problem here (the form says what is required).
 *
 * @example
 * nameProblem('=@Home "Wholesale", Inc.', { vendor: true }); // 'holds a double quote ("), which QuickBooks Desktop's IIF cannot carry: …'
 */
export function nameProblem(text: string, { vendor = false }: { vendor?: boolean } = {}): string | undefined {
  const found = UNCARRIED.find((c) => c.pattern.test(text));
  if (found)
    return `holds ${found.words}, which QuickBooks Desktop's IIF cannot carry: it would arrive as another name`;
  const longest = vendor ? MAX_VENDOR_LENGTH : MAX_NAME_LENGTH;
  if (text.trim().length > longest)
    return vendor
      ? `at most ${MAX_VENDOR_LENGTH} characters: QuickBooks Desktop's longest vendor name`
      : `at most ${MAX_NAME_LENGTH} characters: QuickBooks Online's longest account name`;
  return undefined;
}

/**
 * Why a text is no Xero account code, or undefined when it is one (blank is no problem unless `required`).
 *
 * @example
 * xeroCodeProblem("Inventory Asset", true); // "a Xero account code: letters and digits, at most 10"
 */
export function xeroCodeProblem(text: string, required: boolean): string | undefined {
  const code = text.trim();
  if (code === "") return required ? "not set" : undefined;
  return XERO_CODE.test(code) ? undefined : "a Xero account code: letters and digits, at most 10";
}

/**
 * Why a text is no tax rate Xero's bills take, or undefined when it is one (blank is no problem unless `required`).
 *
 * @example
 * xeroTaxTypeProblem("NONE", true); // "one of Xero's tax rates: Tax Exempt, Tax on Purchases"
 */
export function xeroTaxTypeProblem(text: string, required: boolean): string | undefined {
  const name = text.trim();
  if (name === "") return required ? "not set" : undefined;
  return (XERO_TAX_TYPES as readonly string[]).includes(name)
    ? undefined
    : `one of Xero's tax rates: ${XERO_TAX_TYPES.join(", ")}`;
}

function codeGap(field: string, label: string, text: string, required: boolean): MappingGap | undefined {
  const problem = xeroCodeProblem(text, required);
  return problem === undefined ? undefined : { field, label, problem };
}

function taxTypeGap(text: string): MappingGap | undefined {
  const problem = xeroTaxTypeProblem(text, true);
  return problem === undefined ? undefined : { field: "xeroTaxType", label: MAPPING_LABELS.xeroTaxType, problem };
}

/**
 * The QuickBooks account a line of a product type goes to: the mapping's for its type, else the default.
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
 * The Xero account code a line of a product type goes to: the mapping's Xero code for its type, else the Xero default.
 *
 * @example
 * xeroAccountFor({ ...DEFAULT_MAPPING, xeroDefaultAccount: "310", xeroAccounts: { Flower: "311" } }, "Flower"); // "311"
 */
export function xeroAccountFor(mapping: AccountingMapping, productType: string | undefined): string {
  const mapped = productType === undefined ? undefined : mapping.xeroAccounts[productType]?.trim();
  return mapped || mapping.xeroDefaultAccount.trim();
}

/**
 * A calendar day (YYYY-MM-DD) in a date format (QuickBooks' files: always month first; Xero's: the mapping's).
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
