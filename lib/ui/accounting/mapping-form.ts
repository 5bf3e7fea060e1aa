// zod's tree-shakable build: the page carries only the checks this form uses.
import * as z from "zod/mini";
import {
  type AccountingMapping,
  DATE_FORMATS,
  MAX_MAPPED_TYPES,
  MAX_NAME_LENGTH,
} from "@/lib/domain/accounting/mapping";

/**
 * The mapping's form: the server's rules (`PUT /api/accounting/mapping`) checked in the page first, and the
 * form's values to and from the mapping. A product type's account is a row of its own (`accounts`: the catalogue's
 * types in order), not a key of an object: the types' names hold spaces and colons that react-hook-form would read
 * as paths. An account left blank is the default account's.
 */

export interface MappingValues {
  vendorName: string;
  defaultAccount: string;
  accounts: { type: string; account: string }[];
  taxCode: string;
  bankAccount: string;
  creditsAccount: string;
  payablesAccount: string;
  dateFormat: AccountingMapping["dateFormat"];
}

const BREAKS = /[\t\r\n]/;
const LONGEST = `At most ${MAX_NAME_LENGTH} characters.`;

const name = z.string().check(
  z.trim(),
  z.minLength(1, "Required."),
  z.maxLength(MAX_NAME_LENGTH, LONGEST),
  z.refine((text) => !BREAKS.test(text), "No tabs or line breaks."),
);

export const MappingForm = z.object({
  vendorName: name,
  defaultAccount: name,
  accounts: z
    .array(
      z.object({
        type: z.string(),
        account: z.string().check(
          z.trim(),
          z.maxLength(MAX_NAME_LENGTH, LONGEST),
          z.refine((text) => !BREAKS.test(text), "No tabs or line breaks."),
        ),
      }),
    )
    .check(z.maxLength(MAX_MAPPED_TYPES, `At most ${MAX_MAPPED_TYPES} product types.`)),
  taxCode: name,
  bankAccount: name,
  creditsAccount: name,
  payablesAccount: name,
  dateFormat: z.enum(DATE_FORMATS, { error: `One of ${DATE_FORMATS.join(", ")}.` }),
});

/**
 * The form's values of a mapping: one row per product type of the catalogue, then any type the mapping names that
 * the catalogue no longer has (kept, so saving does not drop it).
 *
 * @example
 * valuesOf(DEFAULT_MAPPING, ["Flower", "Vape"]).accounts; // [{ type: "Flower", account: "" }, { type: "Vape", account: "" }]
 */
export function valuesOf(mapping: AccountingMapping, productTypes: readonly string[]): MappingValues {
  const types = [
    ...productTypes,
    ...Object.keys(mapping.accounts)
      .filter((t) => !productTypes.includes(t))
      .sort(),
  ];
  return {
    vendorName: mapping.vendorName,
    defaultAccount: mapping.defaultAccount,
    accounts: types.map((type) => ({ type, account: mapping.accounts[type] ?? "" })),
    taxCode: mapping.taxCode,
    bankAccount: mapping.bankAccount,
    creditsAccount: mapping.creditsAccount,
    payablesAccount: mapping.payablesAccount,
    dateFormat: mapping.dateFormat,
  };
}

/**
 * The mapping the form's values say: blank accounts left out (the default's).
 *
 * @example
 * mappingOf({ ...values, accounts: [{ type: "Flower", account: "5010" }, { type: "Vape", account: "" }] }).accounts;
 * // { Flower: "5010" }
 */
export function mappingOf(values: MappingValues): AccountingMapping {
  return {
    vendorName: values.vendorName,
    defaultAccount: values.defaultAccount,
    accounts: Object.fromEntries(
      values.accounts.filter((a) => a.account.trim() !== "").map((a) => [a.type, a.account]),
    ),
    taxCode: values.taxCode,
    bankAccount: values.bankAccount,
    creditsAccount: values.creditsAccount,
    payablesAccount: values.payablesAccount,
    dateFormat: values.dateFormat,
  };
}

/**
 * Where a field error of the server's belongs in the form: `accounts.Flower` → the row of that type.
 *
 * @example
 * formFieldOf("vendorName", values); // "vendorName"
 * formFieldOf("accounts.Flower", values); // "accounts.0.account"
 */
export function formFieldOf(field: string, values: MappingValues): string | undefined {
  if (field.startsWith("accounts.")) {
    const row = values.accounts.findIndex((a) => a.type === field.slice("accounts.".length));
    return row === -1 ? "accounts" : `accounts.${row}.account`;
  }
  return field in values ? field : undefined;
}
