import "server-only";
import { type DataApiClient, DataApiError } from "@/lib/data-api";
import type { KeyType } from "@/lib/data-api/operation";

export interface ProbedKey {
  keyType: KeyType;
  label: string;
  scope: { customers?: { id: number; name: string }[]; suppliers?: { id: number; name: string }[]; summary: string };
}

/** Why a key was refused, in words for the add-key form. */
export class KeyRejected extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const names = (items: { name: string }[]) =>
  items.length <= 3
    ? items.map((i) => i.name).join(", ")
    : `${items
        .slice(0, 2)
        .map((i) => i.name)
        .join(", ")} and ${items.length - 2} more`;

/**
 * Verifies a key and tells its type and scope, in three small reads (documented in lib/server/core/auth/README.md):
 * 1. `GET /inventory?PageSize=1`: 401 means a wrong key (or one of the other environment); 403 means a Customer key,
 *    the only type refused there.
 * 2. `GET /customers?PageSize=1`: Supplier keys get customers without `OnHold` (the field notes saw it left out of every
 *    record for a Supplier key), Employee keys with it. With no customer to look at, `GET /vendors?Active=false`
 *    decides: only Employee keys may list inactive vendors, so a Supplier key gets active ones back.
 * 3. The scope by name: a Customer key's customers, a Supplier key's suppliers.
 *
 * @example
 * const probed = await probeKey(createDataApiClient({ baseUrl, apiKey, fetch }));
 * probed.keyType; // "Customer"
 */
export async function probeKey(api: DataApiClient): Promise<ProbedKey> {
  let keyType: KeyType;
  try {
    await api.listInventory({ query: { PageSize: 1 } });
    const customers = await api.listCustomers({ query: { PageSize: 1 } });
    const first = customers.records[0];
    if (first) keyType = first.OnHold === undefined ? "Supplier" : "Employee";
    else {
      const vendors = await api.listVendors({ query: { Active: false, PageSize: 50 } });
      keyType = vendors.records.some((v) => v.Active === true) ? "Supplier" : "Employee";
    }
  } catch (error) {
    if (!(error instanceof DataApiError) || error.status !== 403) throw rejection(error);
    keyType = "Customer";
  }
  // The scope reads fail as the type reads do: a clear KeyRejected, never an unexpected error.
  return scopeOf(api, keyType).catch((error: unknown) => {
    throw rejection(error);
  });
}

/** Why the probe failed, in words for the add-key form; anything but an answer of the API is rethrown as it is. */
function rejection(error: unknown): unknown {
  if (!(error instanceof DataApiError)) return error;
  if (error.status === 401)
    return new KeyRejected(
      "This key was not accepted. Check that it is complete and that it belongs to the environment you chose.",
      401,
    );
  return new KeyRejected(
    `The Data API could not check the key (${error.status}: ${error.detail}). Try again in a moment.`,
    error.status,
  );
}

/** The label and scope of a key whose type is known. */
async function scopeOf(api: DataApiClient, keyType: KeyType): Promise<ProbedKey> {
  if (keyType === "Customer") {
    const { records } = await api.listCustomers({ query: { PageSize: 500 } });
    const customers = records.flatMap((c) =>
      c.CustomerID == null ? [] : [{ id: c.CustomerID, name: c.CustomerName ?? `Customer ${c.CustomerID}` }],
    );
    const chain = records.find((c) => c.ChainName)?.ChainName;
    return {
      keyType,
      label: `${chain || names(customers) || "Retailer"} (retailer)`,
      scope: {
        customers,
        summary: customers.length ? `${plural(customers.length, "store")}: ${names(customers)}` : "No stores",
      },
    };
  }
  if (keyType === "Supplier") {
    const { records } = await api.listSuppliers({ query: { PageSize: 500 } });
    const suppliers = records.flatMap((s) =>
      s.SupplierID == null ? [] : [{ id: s.SupplierID, name: s.Supplier ?? `Supplier ${s.SupplierID}` }],
    );
    return {
      keyType,
      label: `${names(suppliers) || "Brand"} (brand)`,
      scope: {
        suppliers,
        summary: suppliers.length ? `${plural(suppliers.length, "brand")}: ${names(suppliers)}` : "No brands",
      },
    };
  }
  return {
    keyType,
    label: "Distributor staff (employee)",
    scope: { summary: "Every customer, supplier and warehouse" },
  };
}
