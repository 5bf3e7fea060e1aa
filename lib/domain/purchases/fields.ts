import { MISSING } from "@/lib/format/display";

/**
 * How a purchase's fields read wherever they are shown (the Purchases lists, a purchase's page, the editor): its
 * status in words, its cases, and the fields never shown. Small and plain: every list page carries it.
 */

/**
 * A purchase's status in words, the one place the Purchases list, its Status filter and a purchase's page read them
 * from. The API sends v1's and v2's statuses alike (`New`, `Accepted`, `Received`, `Confirmed`, `Verified` for what the
 * ERP posted; `InProgress` for a draft made through the API, `Submitted` once it is handed off): the ERP's read as
 * they are, `InProgress` is spelt out.
 */
export const PURCHASE_STATUS_WORDS: Readonly<Record<string, string>> = {
  InProgress: "In progress",
  Submitted: "Submitted",
  New: "New",
  Accepted: "Accepted",
  Received: "Received",
  Confirmed: "Confirmed",
  Verified: "Verified",
};

/**
 * A purchase's status as a person reads it: a documented status in words, any other value as the API sent it (the
 * record keeps a status outside the documented set as text), a missing one as "—".
 *
 * @example
 * purchaseStatusWords("InProgress"); // "In progress"
 * purchaseStatusWords("OnHold"); // "OnHold"
 * purchaseStatusWords(null); // "—"
 */
export function purchaseStatusWords(status: unknown): string {
  if (typeof status !== "string" || status === "") return MISSING;
  return Object.hasOwn(PURCHASE_STATUS_WORDS, status) ? PURCHASE_STATUS_WORDS[status]! : status;
}

/**
 * Fields never shown as text, by their v1 and v2 names: the PDF's address embeds an access token of the ERP, and its
 * API key id names the ERP's key (field notes). The PDF opens from a link; neither is a column, a CSV cell or a fact.
 */
export const PURCHASE_SECRETS: readonly string[] = [
  "PublicPDFLink",
  "PurchasePDFURLAPIKeyID",
  "public_pdf_link",
  "purchase_pdf_url_api_key_id",
];

/**
 * A number of cases as the editor and a purchase's page write it: up to two decimals, with thousands separators.
 *
 * @example
 * casesText(1234.5); // "1,234.5"
 */
export function casesText(cases: number): string {
  return cases.toLocaleString("en-US", { maximumFractionDigits: 2 });
}
