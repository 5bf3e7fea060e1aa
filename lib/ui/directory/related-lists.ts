import type { KeyType } from "@/lib/data-api/operation";
import { mayCall } from "@/lib/domain/navigation";
import { LIST_VIEWS, type ListViewName } from "@/lib/ui/views/list-views";
import { embeddedRequest, type ListViewSpec } from "@/lib/ui/views/list-view-spec";
import type { ApiRequest } from "@/lib/domain/api-query";

/**
 * A list shown inside a record's page (`EmbeddedList`): the list view, its fixed filter, its heading, the list page
 * with the same filter ("See the full list") and the columns worth showing there (the record's own id left out).
 * The server page prefetches exactly what the component then reads: both take their lists from here.
 */
export interface RelatedList {
  name: ListViewName;
  title: string;
  query: Record<string, string>;
  href: string;
  columns: string[];
}

/** The request of a related list, as the server prefetches it and `EmbeddedList` reads it. */
export function relatedRequest(list: RelatedList): ApiRequest {
  return embeddedRequest(LIST_VIEWS[list.name] as unknown as ListViewSpec, list.query);
}

/** The stale time of a related list: its view's. */
export function relatedStaleTime(list: RelatedList): number {
  return LIST_VIEWS[list.name].staleTime;
}

/**
 * What relates to a supplier, for the lists a key type may call: its products (the API's default, Active ones), its
 * product promotions, its payment types, and for keys other than Customer keys (403 there) its credit terms and its
 * vendors.
 *
 * @example
 * supplierLists("Customer", 101).map((l) => l.title); // ["Products", "Product promotions", "Payment types"]
 */
export function supplierLists(keyType: KeyType, supplierId: number): RelatedList[] {
  const SupplierIDs = String(supplierId);
  const lists: (RelatedList & { operation: Parameters<typeof mayCall>[1] })[] = [
    {
      operation: "listProducts",
      name: "products",
      title: "Products",
      query: { SupplierIDs },
      href: `/catalog/products?SupplierIDs=${SupplierIDs}`,
      columns: [
        "ThumbnailImageURL",
        "ProductName",
        "State",
        "SupplierProductNumber",
        "ProductTypeName",
        "StatusID",
        "WholesaleUnitsPerCase",
      ],
    },
    {
      operation: "listPromotionProducts",
      name: "productPromotions",
      title: "Product promotions",
      query: { SupplierIDs },
      href: `/catalog/product-promotions?SupplierIDs=${SupplierIDs}`,
      columns: ["PromotionName", "ProductIDs", "States", "UnitPrice", "StartDate", "EndDate"],
    },
    {
      operation: "listSupplierCreditTerms",
      name: "supplierCreditTerms",
      title: "Credit terms",
      query: { SupplierIDs },
      href: `/directory/supplier-credit-terms?SupplierIDs=${SupplierIDs}`,
      columns: ["Term", "TermID", "TimeUpdated"],
    },
    {
      operation: "listVendors",
      name: "vendors",
      title: "Vendors",
      query: { SupplierIDs },
      href: `/directory/vendors?SupplierIDs=${SupplierIDs}`,
      columns: ["VendorName", "LocationID", "LeadTimeDays", "PickupDates", "RequirePOBatchCodes", "Active"],
    },
    {
      operation: "listPaymentTypes",
      name: "paymentTypes",
      title: "Payment types",
      query: { SupplierIDs },
      href: `/directory/payment-types?SupplierIDs=${SupplierIDs}`,
      columns: ["Name", "PaymentTypeID", "TimeUpdated"],
    },
  ];
  return lists.filter((l) => mayCall(keyType, l.operation)).map(({ operation: _operation, ...list }) => list);
}

/**
 * A warehouse's stock: its inventory (units on the floor, pre-sold, allocated) for keys that may read it, else
 * (Customer keys, refused /inventory) its availability by product. Not both: the buckets are the same stock in coarser
 * words, and each is a request.
 *
 * @example
 * locationLists("Customer", 1)[0]?.name; // "availableInventory"
 */
export function locationLists(keyType: KeyType, locationId: number): RelatedList[] {
  const LocationIDs = String(locationId);
  if (mayCall(keyType, "listInventory")) {
    return [
      {
        name: "inventory",
        title: "Stock",
        query: { LocationIDs },
        href: `/inventory?LocationIDs=${LocationIDs}`,
        columns: [
          "ProductID",
          "AvailableUnits",
          "OnFloorInventory",
          "PreSales",
          "Allocated",
          "Inventory",
          "DOI",
          "AvgDailySales90d",
        ],
      },
    ];
  }
  return [
    {
      name: "availableInventory",
      title: "Availability",
      query: { LocationIDs },
      href: `/inventory/available?LocationIDs=${LocationIDs}`,
      columns: ["ProductID", "InStock", "InventoryBucket", "TimeUpdated"],
    },
  ];
}

/**
 * The products a product promotion names, as a product list (one request: `ProductIDs`, which also lifts the API's
 * Active-only default), or none for a promotion that names no products.
 */
export function promotionProductsList(productIds: string | undefined): RelatedList[] {
  if (!productIds) return [];
  return [
    {
      name: "products",
      title: "Products",
      query: { ProductIDs: productIds },
      href: `/catalog/products?ProductIDs=${productIds}`,
      columns: ["ThumbnailImageURL", "ProductName", "Supplier", "SupplierProductNumber", "ProductTypeName", "StatusID"],
    },
  ];
}
