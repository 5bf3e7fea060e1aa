import { boolean, date, dateTime, decimal, defineRecord, nullable, number, oneOf, string, unknown } from "../fields";
import { INVENTORY_BUCKETS } from "../values";

export const Allocation = defineRecord(
  "Allocation",
  {
    AllocationID: number(),
    ProductID: number(),
    CustomerID: number(),
    Units: number(),
    AllocationTypeID: number(),
    StartDate: date(),
    EndDate: date(),
    TimeUpdated: dateTime(),
  },
  { description: "Unique key [AllocationID, ProductID, CustomerID]. One AllocationID can affect several customers." },
);

export const InventoryRecord = defineRecord(
  "InventoryRecord",
  {
    LocationID: number(),
    ProductID: number(),
    PurchaseTransID: number("The purchase transaction of the FIFO layer currently being sold."),
    AvailableUnits: number("OnFloorInventory - (PreSales + Allocated)."),
    OnFloorInventory: decimal("Inventory + Received - (Loaded + Picked + PendingSales + Delivered + Unsellable)."),
    PreSales: decimal("On an invoice for delivery and not yet picked or loaded."),
    Allocated: decimal("Set aside by allocations."),
    Inventory: decimal("Verified received purchases minus verified sales. Can be negative."),
    Received: decimal("Received and not yet moved to on-floor or unsellable. Not included in Inventory."),
    Loaded: decimal("Loaded on trucks."),
    Picked: decimal("Picked but not yet loaded."),
    Delivered: decimal("Delivered but still on load sheets in the Loaded status."),
    Unsellable: decimal("In the warehouse and not flagged sellable."),
    DOI: decimal("Days of inventory (definition not shown)."),
    AvgDailySales90d: decimal("Average daily sales over 90 days (definition not shown)."),
    NotAuthorized: boolean("When true, the product is reserved for specifically authorized accounts."),
    TimeUpdated: dateTime(),
  },
  { description: "Warehouse inventory of one product at one location." },
);

export const InventoryBatch = defineRecord("InventoryBatch", {
  LocationID: number(),
  ProductID: number(),
  SupplierID: number(),
  PurchaseTransID: number(),
  InventoryUnits: number(),
  State: string(),
  BatchCode: string(),
  UID: string(),
  Laboratory: string(),
  PotencyType: string("For example PerServing."),
  COAURL: string(),
  ExpirationDate: nullable(date()),
  BestByDate: nullable(date()),
  HarvestDate: nullable(date()),
  ManufactureDate: nullable(date()),
  PackDate: nullable(date()),
  COAExpirationDate: nullable(date()),
  Vintage: nullable(unknown()),
  THCPotency: decimal(),
  CBDPotency: decimal(),
  TotalCannabinoids: decimal(),
  LabelTHCPotency: decimal(),
  LabelCBDPotency: decimal(),
  LabelTotalCannabinoids: decimal(),
  TimeCreated: dateTime(),
  TimeUpdated: dateTime(),
});

export const AvailableInventory = defineRecord(
  "AvailableInventory",
  {
    LocationID: number(),
    ProductID: number(),
    InStock: boolean("Enough stock to place the smallest allowed order."),
    InventoryBucket: oneOf(INVENTORY_BUCKETS, "Measured in cases; excludes units already sold or reserved."),
    TimeUpdated: dateTime(),
  },
  { description: "Stock level per product and warehouse, in buckets." },
);

export const RetailerInventory = defineRecord("RetailerInventory", {
  ID: number(),
  ProductID: number(),
  CustomerID: number(),
  LastInventoryDate: dateTime(),
  TimeUpdated: dateTime(),
  Inventory: decimal(),
  DailySales: decimal(),
});
