import { licenceOf } from "@/lib/domain/views/sentinels";
import { isZone } from "@/lib/format/days";
import { text } from "./statement-fields";
import type { Statement, StatementInput } from "./statement-types";

/**
 * The customers of an AR account: those its open invoices name, and those of the invoices its aging lists that are
 * not open any more (`/invoices` names their customer). The API ties a customer to its AR account nowhere else.
 *
 * @example
 * accountCustomers({ arAccountId: 50001, openInvoices: [{ ARAccountID: 50001, CustomerID: 20001 }], invoices: [] }); // [20001]
 */
export function accountCustomers(input: Pick<StatementInput, "arAccountId" | "openInvoices" | "invoices">): number[] {
  const ids = new Set<number>();
  for (const i of input.openInvoices)
    if (i.CustomerID != null && (i.ARAccountID == null || i.ARAccountID === input.arAccountId)) ids.add(i.CustomerID);
  for (const i of input.invoices) if (i.CustomerID != null) ids.add(i.CustomerID);
  return [...ids].sort((a, b) => a - b);
}

/**
 * Who a statement is of and from: the customers of the account, as its invoices name them (an AR account's record
 * names none), the distributor as their warehouse names it, and its state's zone (UTC when not known).
 *
 * @example
 * statementParties(input).timeZone; // "America/Denver"
 */
export function statementParties(input: StatementInput): Pick<Statement, "customers" | "distributor" | "timeZone"> {
  const customerIds = accountCustomers(input);
  const known = new Map(input.customers.flatMap((c) => (c.CustomerID != null ? [[c.CustomerID, c] as const] : [])));
  const customers = customerIds.map((customerId) => {
    const c = known.get(customerId);
    return {
      customerId,
      name: text(c?.CustomerName),
      address: text(c?.Address),
      licenseNum: licenceOf(c?.LicenseNum),
      state: text(c?.State),
    };
  });
  const first = customerIds.map((id) => known.get(id)).find((c) => c !== undefined);
  const location =
    first?.LocationID != null ? input.locations.find((l) => l.LocationID === first.LocationID) : undefined;
  const distributorName = text(location?.DBA) ?? text(location?.Location);
  const distributor =
    location && distributorName
      ? {
          name: distributorName,
          address: [
            text(location.Address),
            text(location.Address2),
            text(location.Address3),
            [text(location.City), [text(location.State), text(location.PostalCode)].filter(Boolean).join(" ")]
              .filter(Boolean)
              .join(", "),
          ].filter((line): line is string => Boolean(line)),
        }
      : undefined;
  const zone = text(input.states.find((s) => s.StateAbbreviation === first?.State)?.TimeZone);
  const timeZone = zone && isZone(zone) ? zone : "UTC";
  return { customers, distributor, timeZone };
}
