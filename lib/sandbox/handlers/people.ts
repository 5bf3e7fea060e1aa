import type { Kysely, Selectable } from "kysely";
import type { Database, UserTable } from "../db/schema";
import { bool } from "../format";
import { type ApiRecord, EMPTY, type Handlers, notFound, pageOf, visibleIds } from "../handler";
import type { KeyScope } from "../keys";
import { customerScope, isEmpty, supplierScope } from "../scope";
import { groupBy } from "./group-by";

/**
 * The users a key may see (documented): Employee keys all; Supplier keys the Supplier users of `suppliers` plus every
 * active Customer user; Customer keys only the Customer users of `customers`. Callers pass the key's ids (intersected
 * with the request's filter) and must have answered an empty list already: `in ()` is not portable SQL.
 */
function visibleUsers(
  db: Kysely<Database>,
  scope: KeyScope,
  customers: number[] | undefined,
  suppliers: number[] | undefined,
) {
  return db
    .selectFrom("users as u")
    .selectAll("u")
    .$call((q) => {
      if (scope.type === "Customer") {
        return q
          .where("u.role", "=", "Customer")
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom("user_customers as uc")
                .select("uc.user_id")
                .whereRef("uc.user_id", "=", "u.user_id")
                .where("uc.customer_id", "in", customers!),
            ),
          );
      }
      if (scope.type === "Supplier") {
        return q.where((eb) =>
          eb.or([
            eb.and([
              eb("u.role", "=", "Supplier"),
              eb.exists(
                eb
                  .selectFrom("user_suppliers as us")
                  .select("us.user_id")
                  .whereRef("us.user_id", "=", "u.user_id")
                  .where("us.supplier_id", "in", suppliers!),
              ),
            ]),
            eb.and([eb("u.role", "=", "Customer"), eb("u.user_active", "=", 1)]),
          ]),
        );
      }
      return q;
    });
}

/** Only the ids the key may see: a Customer key does not learn about other customers through a user's links. */
const within = (ids: number[] | undefined, allowed: readonly number[] | undefined) =>
  ids && allowed ? ids.filter((id) => allowed.includes(id)) : ids;

/**
 * User records for a page of users, with the list-valued fields read from the junction tables in one query each.
 * CustomerIDs, SupplierIDs and LocationIDs are arrays for the role that has such links (Customer, Supplier,
 * DistributorRep) and null for the others.
 */
async function userRecords(
  db: Kysely<Database>,
  scope: KeyScope,
  users: Selectable<UserTable>[],
): Promise<ApiRecord[]> {
  if (users.length === 0) return [];
  const ofRole = (role: UserTable["role"]) => users.filter((u) => u.role === role).map((u) => u.user_id);
  const [customerUsers, supplierUsers, repUsers] = [ofRole("Customer"), ofRole("Supplier"), ofRole("DistributorRep")];
  const [states, customers, suppliers, locations] = await Promise.all([
    db
      .selectFrom("user_states")
      .selectAll()
      .where(
        "user_id",
        "in",
        users.map((u) => u.user_id),
      )
      .orderBy("user_id")
      .orderBy("state")
      .execute(),
    customerUsers.length
      ? db
          .selectFrom("user_customers")
          .selectAll()
          .where("user_id", "in", customerUsers)
          .orderBy("user_id")
          .orderBy("customer_id")
          .execute()
      : [],
    supplierUsers.length
      ? db
          .selectFrom("user_suppliers")
          .selectAll()
          .where("user_id", "in", supplierUsers)
          .orderBy("user_id")
          .orderBy("supplier_id")
          .execute()
      : [],
    repUsers.length
      ? db
          .selectFrom("user_locations")
          .selectAll()
          .where("user_id", "in", repUsers)
          .orderBy("user_id")
          .orderBy("location_id")
          .execute()
      : [],
  ]);
  const statesOf = groupBy(
    states,
    (r) => r.user_id,
    (r) => r.state,
  );
  const customersOf = groupBy(
    customers,
    (r) => r.user_id,
    (r) => r.customer_id,
  );
  const suppliersOf = groupBy(
    suppliers,
    (r) => r.user_id,
    (r) => r.supplier_id,
  );
  const locationsOf = groupBy(
    locations,
    (r) => r.user_id,
    (r) => r.location_id,
  );
  const links = (
    role: UserTable["role"],
    u: Selectable<UserTable>,
    map: Map<number, number[]>,
    allowed?: readonly number[],
  ) => (u.role === role ? (within(map.get(u.user_id), allowed) ?? []) : null);
  return users.map((u) => ({
    UserID: u.user_id,
    SiteUserID: u.site_user_id,
    UserActive: bool(u.user_active),
    SvcLiveAccess: bool(u.svc_live_access),
    PowerUser: bool(u.power_user),
    Email: u.email,
    FullName: u.full_name,
    States: statesOf.get(u.user_id) ?? [],
    Role: u.role,
    CustomerIDs: links("Customer", u, customersOf, customerScope(scope)),
    SupplierIDs: links("Supplier", u, suppliersOf, supplierScope(scope)),
    LocationIDs: links("DistributorRep", u, locationsOf),
    JobTitle: u.job_title,
    Department: u.department,
  }));
}

export const peopleHandlers: Handlers = {
  // GET /users: Active defaults to true for Customer and Supplier keys (Employee keys: no default). CustomerIDs and
  // SupplierIDs keep users linked to those accounts; a Customer or Supplier key's ids are first cut to its own.
  async listUsers({ db, scope, query }) {
    const customers = visibleIds(query.CustomerIDs, customerScope(scope));
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    if (isEmpty(customers, suppliers)) return EMPTY;
    const active = query.Active ?? (scope.type === "Employee" ? undefined : true);
    const { rows, hasNextPage } = await pageOf(
      (limit, offset) =>
        visibleUsers(db, scope, customers, suppliers)
          .$if(query.UserIDs !== undefined, (q) => q.where("u.user_id", "in", query.UserIDs!))
          .$if(query.States !== undefined, (q) =>
            q.where((eb) =>
              eb.exists(
                eb
                  .selectFrom("user_states as s")
                  .select("s.user_id")
                  .whereRef("s.user_id", "=", "u.user_id")
                  .where("s.state", "in", query.States!),
              ),
            ),
          )
          .$if(query.CustomerIDs !== undefined, (q) =>
            q.where((eb) =>
              eb.exists(
                eb
                  .selectFrom("user_customers as c")
                  .select("c.user_id")
                  .whereRef("c.user_id", "=", "u.user_id")
                  .where("c.customer_id", "in", customers!),
              ),
            ),
          )
          .$if(query.SupplierIDs !== undefined, (q) =>
            q.where((eb) =>
              eb.exists(
                eb
                  .selectFrom("user_suppliers as s")
                  .select("s.user_id")
                  .whereRef("s.user_id", "=", "u.user_id")
                  .where("s.supplier_id", "in", suppliers!),
              ),
            ),
          )
          .$if(query.Roles !== undefined, (q) => q.where("u.role", "in", query.Roles!))
          .$if(active !== undefined, (q) => q.where("u.user_active", "=", active ? 1 : 0))
          .orderBy("u.user_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query.Page,
      query.PageSize,
    );
    return { records: await userRecords(db, scope, rows), hasNextPage };
  },

  // GET /users/{userID}: the key's own users whether active or not (the Active default belongs to the list); a user
  // the key may not see is not found.
  async getUser({ db, scope, path }) {
    const customers = customerScope(scope);
    const suppliers = supplierScope(scope);
    const row = isEmpty(customers, suppliers)
      ? undefined
      : await visibleUsers(db, scope, customers, suppliers).where("u.user_id", "=", path.userID).executeTakeFirst();
    if (!row) throw notFound(`User ${path.userID}`);
    const [record] = await userRecords(db, scope, [row]);
    return { record: record! };
  },

  // GET /salesReps: active DistributorRep users. Only active customers and suppliers are returned (documented), and
  // only they make a rep match CustomerIDs or SupplierIDs. Supplier keys see the reps covering their suppliers (and
  // only those suppliers in Suppliers); Customer keys the reps of their customers (and only those in Customers).
  async listSalesReps({ db, scope, query }) {
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    const customers = visibleIds(query.CustomerIDs, customerScope(scope));
    if (isEmpty(suppliers, customers)) return EMPTY;
    const { rows, hasNextPage } = await pageOf(
      (limit, offset) =>
        db
          .selectFrom("users as u")
          .select(["u.user_id", "u.full_name", "u.email"])
          .where("u.role", "=", "DistributorRep")
          .where("u.user_active", "=", 1)
          .$if(suppliers !== undefined, (q) =>
            q.where((eb) =>
              eb.exists(
                eb
                  .selectFrom("rep_suppliers as rs")
                  .innerJoin("suppliers as s", "s.supplier_id", "rs.supplier_id")
                  .select("rs.user_id")
                  .whereRef("rs.user_id", "=", "u.user_id")
                  .where("rs.supplier_id", "in", suppliers!)
                  .where("s.active", "=", 1),
              ),
            ),
          )
          .$if(customers !== undefined, (q) =>
            q.where((eb) =>
              eb.exists(
                eb
                  .selectFrom("customers as c")
                  .select("c.customer_id")
                  .whereRef("c.sales_rep_user_id", "=", "u.user_id")
                  .where("c.customer_id", "in", customers!)
                  .where("c.account_status", "=", "Active"),
              ),
            ),
          )
          .$if(query.ProductGroups !== undefined, (q) =>
            q.where((eb) =>
              eb.exists(
                eb
                  .selectFrom("rep_product_groups as g")
                  .select("g.user_id")
                  .whereRef("g.user_id", "=", "u.user_id")
                  .where("g.product_group", "in", query.ProductGroups!),
              ),
            ),
          )
          .orderBy("u.user_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query.Page,
      query.PageSize,
    );
    if (rows.length === 0) return EMPTY;
    const ids = rows.map((r) => r.user_id);
    const ownSuppliers = supplierScope(scope);
    const ownCustomers = customerScope(scope);
    const [groups, repSuppliers, repCustomers] = await Promise.all([
      db
        .selectFrom("rep_product_groups")
        .selectAll()
        .where("user_id", "in", ids)
        .orderBy("user_id")
        .orderBy("product_group")
        .execute(),
      db
        .selectFrom("rep_suppliers as rs")
        .innerJoin("suppliers as s", "s.supplier_id", "rs.supplier_id")
        .select(["rs.user_id", "s.supplier_id", "s.supplier"])
        .where("rs.user_id", "in", ids)
        .where("s.active", "=", 1)
        .$if(ownSuppliers !== undefined, (q) => q.where("s.supplier_id", "in", ownSuppliers!))
        .orderBy("rs.user_id")
        .orderBy("s.supplier_id")
        .execute(),
      db
        .selectFrom("customers")
        .select(["sales_rep_user_id", "customer_id", "customer_name"])
        .where("sales_rep_user_id", "in", ids)
        .where("account_status", "=", "Active")
        .$if(ownCustomers !== undefined, (q) => q.where("customer_id", "in", ownCustomers!))
        .orderBy("sales_rep_user_id")
        .orderBy("customer_id")
        .execute(),
    ]);
    const groupsOf = groupBy(
      groups,
      (r) => r.user_id,
      (r) => r.product_group,
    );
    const suppliersOf = groupBy(
      repSuppliers,
      (r) => r.user_id,
      (r) => ({ SupplierID: r.supplier_id, Supplier: r.supplier }),
    );
    const customersOf = groupBy(
      repCustomers,
      (r) => r.sales_rep_user_id,
      (r) => ({ CustomerID: r.customer_id, CustomerName: r.customer_name }),
    );
    const records = rows.map((u) => {
      const productGroups = groupsOf.get(u.user_id) ?? [];
      return {
        UserID: u.user_id,
        Name: u.full_name,
        Email: u.email,
        Type: productGroups.includes("Supplier") ? "Supplier Rep" : "Territory Manager",
        ProductGroups: productGroups,
        Suppliers: suppliersOf.get(u.user_id) ?? [],
        Customers: customersOf.get(u.user_id) ?? [],
      };
    });
    return { records, hasNextPage };
  },
};
