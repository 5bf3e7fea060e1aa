import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Environment } from "../environments";
import { demoKeys, storeKey } from "../keys";
import type { CustomerInfo } from "./customers";
import type { SupplierInfo } from "./suppliers";

/** What each demo key may see; the same ids every time for a given environment. */
export interface DemoScopes {
  employee: { userId: number; company: string };
  customer: {
    userId: number;
    company: string;
    chainName: string;
    customerIds: number[];
    customerNames: string[];
    arAccountIds: number[];
  };
  supplier: { userId: number; company: string; supplierId: number; supplierName: string };
}

export function demoScopes(
  managerId: number,
  customers: readonly CustomerInfo[],
  customerUserId: number,
  supplier: SupplierInfo,
  supplierUserId: number,
): DemoScopes {
  const chainName = customers[0]?.row.chain_name ?? "";
  return {
    employee: { userId: managerId, company: "Distributor staff (demo)" },
    customer: {
      userId: customerUserId,
      company: `${chainName} (demo)`,
      chainName,
      customerIds: customers.map((c) => c.row.customer_id),
      customerNames: customers.map((c) => c.row.customer_name),
      arAccountIds: customers.map((c) => c.row.ar_account_id),
    },
    supplier: {
      userId: supplierUserId,
      company: `${supplier.row.supplier} (demo)`,
      supplierId: supplier.row.supplier_id,
      supplierName: supplier.row.supplier,
    },
  };
}

/** Stores the environment's three documented demo keys with their scopes (in the caller's transaction). */
export async function storeDemoKeys(
  db: Kysely<Database>,
  env: Environment,
  scopes: DemoScopes,
  createdAt: string,
): Promise<void> {
  const keys = demoKeys(env);
  await storeKey(
    db,
    env,
    { type: "Employee", company: scopes.employee.company, userId: scopes.employee.userId, createdAt },
    keys.Employee,
  );
  await storeKey(
    db,
    env,
    {
      type: "Customer",
      company: scopes.customer.company,
      userId: scopes.customer.userId,
      customerIds: scopes.customer.customerIds,
      createdAt,
    },
    keys.Customer,
  );
  await storeKey(
    db,
    env,
    {
      type: "Supplier",
      company: scopes.supplier.company,
      userId: scopes.supplier.userId,
      supplierIds: [scopes.supplier.supplierId],
      createdAt,
    },
    keys.Supplier,
  );
}
