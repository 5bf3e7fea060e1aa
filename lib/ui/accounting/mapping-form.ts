// zod's tree-shakable build: the page carries only the checks this form uses.
import * as z from "zod/mini";
import {
  type AccountingMapping,
  DATE_FORMATS,
  MAX_MAPPED_TYPES,
  nameProblem,
  xeroCodeProblem,
  xeroTaxTypeProblem,
} from "@/lib/domain/accounting/mapping";

/**
 * The mapping's form: the server's rules (`PUT /api/accounting/mapping`) checked in the page first, and the
 * form's values to and from the mapping. QuickBooks' names and Xero's codes are fields apart; Xero's may be blank
 * (its files wait for them). A product type's accounts are a row of their own (`accounts`: the catalogue's types in
 * order, each with its QuickBooks account and its Xero code), not keys of an object: the types' names hold spaces and
 * colons that react-hook-form would read as paths. An account left blank is the default account's.
 */

export interface MappingValues {
  vendorName: string;
  defaultAccount: string;
  accounts: { type: string; account: string; xeroAccount: string }[];
  bankAccount: string;
  creditsAccount: string;
  payablesAccount: string;
  prepaymentsAccount: string;
  xeroDefaultAccount: string;
  xeroTaxType: string;
  dateFormat: AccountingMapping["dateFormat"];
}

const NOT_A_CODE = "A Xero account code: letters and digits, at most 10.";

/** A name as every program's file carries it: the server's `nameProblem`, its words as a sentence. */
function carried(vendor: boolean) {
  return z.superRefine<string>((text, ctx) => {
    const problem = nameProblem(text, { vendor });
    if (problem)
      ctx.addIssue({ code: "custom", input: text, message: `${problem[0]!.toUpperCase()}${problem.slice(1)}.` });
  });
}

const name = z.string().check(z.trim(), z.minLength(1, "Required."), carried(false));
const vendorName = z.string().check(z.trim(), z.minLength(1, "Required."), carried(true));
const optionalName = z.string().check(z.trim(), carried(false));

/** A Xero account code, or blank: not set yet. */
const xeroCode = z.string().check(
  z.trim(),
  z.refine((text) => xeroCodeProblem(text, false) === undefined, NOT_A_CODE),
);

export const MappingForm = z.object({
  vendorName,
  defaultAccount: name,
  accounts: z
    .array(z.object({ type: z.string(), account: optionalName, xeroAccount: xeroCode }))
    .check(z.maxLength(MAX_MAPPED_TYPES, `At most ${MAX_MAPPED_TYPES} product types.`)),
  bankAccount: name,
  creditsAccount: name,
  payablesAccount: name,
  prepaymentsAccount: name,
  xeroDefaultAccount: xeroCode,
  xeroTaxType: z
    .string()
    .check(z.refine((text) => xeroTaxTypeProblem(text, false) === undefined, "One of the tax rates offered.")),
  dateFormat: z.enum(DATE_FORMATS, { error: `One of ${DATE_FORMATS.join(", ")}.` }),
});

/**
 * The form's values of a mapping: one row per product type of the catalogue, then any type the mapping names (for
 * either program) that the catalogue no longer has (kept, so saving does not drop it).
 *
 * @example
 * valuesOf(DEFAULT_MAPPING, ["Flower"]).accounts; // [{ type: "Flower", account: "", xeroAccount: "" }]
 */
export function valuesOf(mapping: AccountingMapping, productTypes: readonly string[]): MappingValues {
  const named = new Set([...Object.keys(mapping.accounts), ...Object.keys(mapping.xeroAccounts)]);
  const types = [...productTypes, ...[...named].filter((t) => !productTypes.includes(t)).sort()];
  return {
    vendorName: mapping.vendorName,
    defaultAccount: mapping.defaultAccount,
    accounts: types.map((type) => ({
      type,
      account: mapping.accounts[type] ?? "",
      xeroAccount: mapping.xeroAccounts[type] ?? "",
    })),
    bankAccount: mapping.bankAccount,
    creditsAccount: mapping.creditsAccount,
    payablesAccount: mapping.payablesAccount,
    prepaymentsAccount: mapping.prepaymentsAccount,
    xeroDefaultAccount: mapping.xeroDefaultAccount,
    xeroTaxType: mapping.xeroTaxType,
    dateFormat: mapping.dateFormat,
  };
}

function filled(values: MappingValues, field: "account" | "xeroAccount"): Record<string, string> {
  return Object.fromEntries(values.accounts.filter((a) => a[field].trim() !== "").map((a) => [a.type, a[field]]));
}

/**
 * The mapping the form's values say: blank accounts left out (the default's).
 *
 * @example
 * mappingOf({ ...values, accounts: [{ type: "Flower", account: "5010", xeroAccount: "631" }] }).xeroAccounts;
 * // { Flower: "631" }
 */
export function mappingOf(values: MappingValues): AccountingMapping {
  return {
    vendorName: values.vendorName,
    defaultAccount: values.defaultAccount,
    accounts: filled(values, "account"),
    bankAccount: values.bankAccount,
    creditsAccount: values.creditsAccount,
    payablesAccount: values.payablesAccount,
    prepaymentsAccount: values.prepaymentsAccount,
    xeroDefaultAccount: values.xeroDefaultAccount,
    xeroAccounts: filled(values, "xeroAccount"),
    xeroTaxType: values.xeroTaxType,
    dateFormat: values.dateFormat,
  };
}

/**
 * Where a field error of the server's belongs in the form: `accounts.Flower` → the row of that type.
 *
 * @example
 * formFieldOf("vendorName", values); // "vendorName"
 * formFieldOf("accounts.Flower", values); // "accounts.0.account"
 * formFieldOf("xeroAccounts.Flower", values); // "accounts.0.xeroAccount"
 */
export function formFieldOf(field: string, values: MappingValues): string | undefined {
  for (const [prefix, column] of [
    ["accounts", "account"],
    ["xeroAccounts", "xeroAccount"],
  ] as const) {
    if (field === prefix) return "accounts";
    if (!field.startsWith(`${prefix}.`)) continue;
    const row = values.accounts.findIndex((a) => a.type === field.slice(prefix.length + 1));
    return row === -1 ? "accounts" : `accounts.${row}.${column}`;
  }
  return field in values ? field : undefined;
}
