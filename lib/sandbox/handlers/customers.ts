import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { deliveryDaysText, nextDeliveryDates } from "../delivery";
import { bool } from "../format";
import { type ApiRecord, EMPTY, type Handlers, listOf, notFound, visibleIds } from "../handler";
import type { KeyScope } from "../keys";
import { customerScope, isEmpty, supplierScope } from "../scope";

function customerRows(db: Kysely<Database>) {
  return db
    .selectFrom("customers as c")
    .innerJoin("states as s", "s.state", "c.state")
    .leftJoin("users as rep", "rep.user_id", "c.sales_rep_user_id")
    .selectAll("c")
    .select(["s.time_zone", "rep.full_name as rep_name", "rep.email as rep_email"]);
}

type CustomerRow = Awaited<ReturnType<ReturnType<typeof customerRows>["execute"]>>[number];

/** The rep's phone is not stored; the sandbox derives a fictional (555) number from the rep's user id. */
const repPhone = (userId: number) => `(916) 555-${String(1000 + (userId % 9000)).padStart(4, "0")}`;

/**
 * A customer as the key sees it. Supplier keys get the sparse record the field notes describe: no OnHold, sales rep,
 * profile picture, collection agent, next delivery dates or delivery minimum (left out, not null). A customer without
 * a schedule has DeliveryDays and NextDeliveryDates null and DeliveryDates empty (the field notes saw DeliveryDays null).
 */
function customerRecord(c: CustomerRow, scope: KeyScope, now: Date, assetUrl: (p: string) => string): ApiRecord {
  const dates = nextDeliveryDates(c.delivery_days, now, c.time_zone, { lagDays: c.delivery_dates_lag_days });
  const full: ApiRecord = {
    CustomerID: c.customer_id,
    LocationID: c.location_id,
    SalesRepUserID: c.sales_rep_user_id,
    DeliveryMinimum: c.delivery_minimum,
    CustomerName: c.customer_name,
    CustomerNameAlt: c.customer_name_alt,
    ChainName: c.chain_name,
    LicenseNum: c.license_num,
    Address: c.address,
    SalesRepName: c.rep_name ?? undefined,
    SalesRepEmail: c.rep_email ?? undefined,
    SalesRepPhone: repPhone(c.sales_rep_user_id),
    ProfilePictureURL: assetUrl(c.profile_picture_url),
    State: c.state,
    CollectionAgentFullName: c.collection_agent_full_name,
    CollectionAgentEmail: c.collection_agent_email,
    OnHold: bool(c.on_hold),
    DeliveryDays: deliveryDaysText(c.delivery_days),
    NextDeliveryDates: c.delivery_days === null ? null : dates.join(";"),
    DeliveryDates: dates,
    AccountStatus: c.account_status,
    TimeUpdated: c.time_updated,
  };
  if (scope.type === "Supplier") {
    for (const hidden of [
      "OnHold",
      "SalesRepUserID",
      "SalesRepName",
      "SalesRepEmail",
      "SalesRepPhone",
      "ProfilePictureURL",
      "CollectionAgentFullName",
      "CollectionAgentEmail",
      "NextDeliveryDates",
      "DeliveryMinimum",
    ]) {
      delete full[hidden];
    }
  }
  return full;
}

export const customerHandlers: Handlers = {
  // GET /customers: Active by default; Customer keys see their own customers, Supplier keys every customer (sparse).
  async listCustomers({ db, scope, query, now, assetUrl }) {
    const ids = visibleIds(query.CustomerIDs, customerScope(scope));
    if (isEmpty(ids)) return EMPTY;
    return listOf(
      (limit, offset) =>
        customerRows(db)
          .$if(ids !== undefined, (q) => q.where("c.customer_id", "in", ids!))
          .$if(query.States !== undefined, (q) => q.where("c.state", "in", query.States!))
          .where("c.account_status", "in", query.AccountStatuses)
          .$if(query.OnHold !== undefined, (q) => q.where("c.on_hold", "=", query.OnHold ? 1 : 0))
          .orderBy("c.customer_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (c) => customerRecord(c, scope, now, assetUrl),
    );
  },

  // GET /customers/{customerID}: any account status; a customer outside a Customer key's scope is not found.
  async getCustomer({ db, scope, path, now, assetUrl }) {
    const own = customerScope(scope);
    const row =
      own && !own.includes(path.customerID)
        ? undefined
        : await customerRows(db).where("c.customer_id", "=", path.customerID).executeTakeFirst();
    if (!row) throw notFound(`Customer ${path.customerID}`);
    return { record: customerRecord(row, scope, now, assetUrl) };
  },

  // GET /customers/creditTerms: Customer keys see their customers' rows, Supplier keys their suppliers' rows.
  async listCustomerCreditTerms({ db, scope, query }) {
    const customers = visibleIds(query.CustomerIDs, customerScope(scope));
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    if (isEmpty(customers, suppliers)) return EMPTY;
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("customer_credit_terms as t")
          .innerJoin("credit_terms as ct", "ct.term_id", "t.term_id")
          .select(["t.customer_id", "t.supplier_id", "t.term_id", "ct.term", "t.time_updated"])
          .$if(customers !== undefined, (q) => q.where("t.customer_id", "in", customers!))
          .$if(suppliers !== undefined, (q) => q.where("t.supplier_id", "in", suppliers!))
          .orderBy("t.customer_id")
          .orderBy("t.supplier_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (t) => ({
        CustomerID: t.customer_id,
        SupplierID: t.supplier_id,
        TermID: t.term_id,
        Term: t.term,
        TimeUpdated: t.time_updated,
      }),
    );
  },

  // GET /deliveryDays: active customers' delivery weekdays and their next dates (as the ERP's sync computed them), a
  // customer without a schedule included (DeliveryDays null, DeliveryDates empty).
  async listDeliveryDays({ db, scope, query, now }) {
    const ids = visibleIds(query.CustomerIDs, customerScope(scope));
    if (isEmpty(ids)) return EMPTY;
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("customers as c")
          .innerJoin("states as s", "s.state", "c.state")
          .select(["c.customer_id", "c.delivery_days", "c.delivery_dates_lag_days", "s.time_zone"])
          .where("c.account_status", "=", "Active")
          .$if(ids !== undefined, (q) => q.where("c.customer_id", "in", ids!))
          .$if(query.States !== undefined, (q) => q.where("c.state", "in", query.States!))
          .orderBy("c.customer_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (c) => ({
        CustomerID: c.customer_id,
        DeliveryDays: deliveryDaysText(c.delivery_days),
        DeliveryDates: nextDeliveryDates(c.delivery_days, now, c.time_zone, { lagDays: c.delivery_dates_lag_days }),
      }),
    );
  },
};
