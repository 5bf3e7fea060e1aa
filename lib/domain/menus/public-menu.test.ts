import { describe, expect, it } from "vitest";
import { menuItems, menuOf, type PublicProduct, publicSnapshot, searchMenu } from "./public-menu";

const OURS = 7;
const THEIRS = 9;
const KEY = "test-supplier-demo";

/** A product record with every field the sandbox answers, plus prices and a key a future API might add. */
const product = (productId: number, supplierId: number, extra: Record<string, unknown> = {}) => ({
  ProductID: productId,
  SupplierID: supplierId,
  WholesaleUnitsPerCase: 8,
  SvcLiveCategoryID: 3,
  StatusID: 1,
  ProductGroupID: 2,
  PackageID: 4,
  ProductTypeID: 5,
  BrandID: 6,
  Supplier: supplierId === OURS ? "Golden Coast Supply" : "Rival Farms",
  ProductName: `Product ${productId}`,
  BrandFamily: "Family",
  ProductTypeName: "Edible: Chocolate",
  UnitNetWeight: "28g",
  Description: "A bar.",
  Ingredients: "Cocoa",
  ThumbnailImageURL: "https://img.example/t.png",
  FullSizeImageURL: "https://img.example/f.png",
  Potency: "100mg",
  Blend: "Hybrid",
  SvcMenuCategory: "Edibles",
  State: "CA",
  BrandStyle: "Style",
  PackageName: "4/28g Pouch",
  Flavor: "Mint",
  BrandName: supplierId === OURS ? "Golden Coast" : "Rival",
  SupplierProductNumber: "GC-1",
  PotencyTHC: "20%",
  StrainName: "Kush",
  StrainID: 11,
  IsSample: false,
  TimeUpdated: "2026-11-20T00:00:00Z",
  FullPrice: "12.50",
  UnitPrice: 11.25,
  WholesalePrice: "10.00",
  CustomerPrice: "9.00",
  apiKey: KEY,
  "x-api-key": KEY,
  ...extra,
});

const records = {
  supplierIds: [OURS],
  products: [
    product(1, OURS),
    product(2, THEIRS),
    product(3, OURS, { StatusID: 0 }),
    product(4, OURS, { FullSizeImageURL: "javascript:alert(1)", ThumbnailImageURL: undefined }),
  ],
  inventory: [
    { LocationID: 1, ProductID: 1, InStock: true, InventoryBucket: "< 25 Cases", UnitPrice: 3, TimeUpdated: "x" },
    { LocationID: 1, ProductID: 2, InStock: true, InventoryBucket: "50+ Cases" },
    { LocationID: 2, ProductID: 1, InStock: false, InventoryBucket: "$4.00" },
  ],
  promotions: [
    {
      MenuPromotionID: 1,
      SupplierID: OURS,
      SupplierName: "Golden Coast Supply",
      State: "CA",
      Description: "Holiday 10% off",
      StartDate: "2026-11-20",
      EndDate: "2026-12-31",
      UnitPrice: 8.5,
    },
    {
      MenuPromotionID: 2,
      SupplierID: THEIRS,
      Description: "Rival sale",
      StartDate: "2026-11-20",
      EndDate: "2026-12-31",
    },
  ],
  locations: [
    { LocationID: 1, Location: "Oakland", Address: "1 Main St", City: "Oakland", State: "CA" },
    { LocationID: 2, Location: "Los Angeles" },
  ],
};

const PRODUCT_KEYS = [
  "id",
  "name",
  "category",
  "state",
  "potency",
  "blend",
  "pack",
  "netWeight",
  "caseSize",
  "description",
  "imageUrl",
  "availability",
];

describe("the public menu's filter", () => {
  const snapshot = publicSnapshot(records, "2026-11-26T06:00:00.000Z");
  const json = JSON.stringify(snapshot);

  it.each([
    ["no price field of any kind", /price/i],
    ["no dollar amount", /\$/],
    ["not the key", new RegExp(KEY)],
    ["nothing of another brand", /Rival/],
    ["no unlisted field (ingredients, supplier number, flavor)", /Ingredients|SupplierProductNumber|Mint|GC-1/],
    ["no unsafe image address", /javascript:/],
  ])("holds %s", (_, pattern) => {
    expect(json).not.toMatch(pattern);
  });

  it("keeps the allow-listed fields only, at every level", () => {
    expect(Object.keys(snapshot).sort()).toEqual(["brand", "madeAt", "products", "promotions"]);
    for (const p of snapshot.products) {
      expect(PRODUCT_KEYS).toEqual(expect.arrayContaining(Object.keys(p)));
      for (const a of p.availability) expect(Object.keys(a).sort()).toEqual(["bucket", "warehouse"]);
    }
    for (const p of snapshot.promotions)
      expect(["endDate", "name", "startDate", "state"]).toEqual(expect.arrayContaining(Object.keys(p)));
  });

  it("shows the brand's active products with their availability per warehouse, and its promotions", () => {
    expect(snapshot.brand).toBe("Golden Coast");
    expect(snapshot.products.map((p) => p.id)).toEqual([1, 4]);
    expect(snapshot.products[0]).toMatchObject({
      name: "Product 1",
      category: "Edible: Chocolate",
      potency: "100mg",
      pack: "4/28g Pouch",
      caseSize: 8,
      description: "A bar.",
      imageUrl: "https://img.example/f.png",
      availability: [{ warehouse: "Oakland", bucket: "< 25 Cases" }],
    });
    expect(snapshot.products[1]!.imageUrl).toBeUndefined();
    expect(snapshot.promotions).toEqual([
      { name: "Holiday 10% off", state: "CA", startDate: "2026-11-20", endDate: "2026-12-31" },
    ]);
  });

  it.each([
    [{ states: [], categories: [] }, [1, 4]],
    [{ states: ["CA"], categories: ["Edible: Chocolate"] }, [1, 4]],
    [{ states: ["NV"], categories: [] }, []],
    [{ states: [], categories: ["Flower: Full Oz"] }, []],
  ])("a link with %j shows products %j", (link, ids) => {
    expect(menuOf(snapshot, link).products.map((p) => p.id)).toEqual(ids);
  });

  it.each([
    ["https://img.example/f.png", "https://img.example/f.png"],
    ["http://backroom.internal/sandbox/test/assets/products/1/full.svg", "/sandbox/test/assets/products/1/full.svg"],
    ["http://img.example/f.png", undefined],
    ["javascript:alert(1)", undefined],
    ['https://img.example/"onerror="x', undefined],
  ])("an image at %s is shown as %s", (url, shown) => {
    const one = publicSnapshot(
      { ...records, products: [product(1, OURS, { FullSizeImageURL: url, ThumbnailImageURL: undefined })] },
      "",
    );
    expect(one.products[0]!.imageUrl).toBe(shown);
  });
});

describe("the menu's products, each once", () => {
  /** One SKU listed per state, as the API lists it: the copies share everything but their id, state and image. */
  const listing = (id: number, state: string | undefined, extra: Partial<PublicProduct> = {}): PublicProduct => ({
    id,
    name: "Golden Coast Mint Chocolate Bar 100mg",
    category: "Edible: Chocolate",
    ...(state ? { state } : {}),
    potency: "100mg THC",
    blend: "Hybrid",
    pack: "10/100mg Bar",
    caseSize: 10,
    description: "Mint chocolate bar by Golden Coast.",
    imageUrl: `https://img.example/${id}.png`,
    availability: [],
    ...extra,
  });

  it("shows a product listed in two states once, with the states it ships to and each state's availability", () => {
    const items = menuItems([
      listing(2, "NV", { availability: [{ warehouse: "Reno", bucket: "50+ Cases" }] }),
      listing(1, "CA", {
        availability: [
          { warehouse: "Los Angeles", bucket: "Out of Stock" },
          { warehouse: "Oakland", bucket: "< 25 Cases" },
        ],
      }),
    ]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      ids: [2, 1],
      name: "Golden Coast Mint Chocolate Bar 100mg",
      states: ["CA", "NV"],
      imageUrl: "https://img.example/2.png",
      availability: [
        { state: "CA", warehouse: "Los Angeles", bucket: "Out of Stock" },
        { state: "CA", warehouse: "Oakland", bucket: "< 25 Cases" },
        { state: "NV", warehouse: "Reno", bucket: "50+ Cases" },
      ],
    });
  });

  it.each([
    ["potency", { potency: "90mg THC" }],
    ["pack", { pack: "20/100mg Bar" }],
    ["case size", { caseSize: 20 }],
    ["category", { category: "Edible: Gummy" }],
    ["description", { description: "Another bar." }],
  ])("keeps two listings apart when their %s differs: a card never says what one of them is not", (_, extra) => {
    const items = menuItems([listing(1, "CA"), listing(2, "NV", extra)]);
    expect(items.map((i) => [i.ids, i.states])).toEqual([
      [[1], ["CA"]],
      [[2], ["NV"]],
    ]);
  });

  it("keeps the order it is given (category, then name), and a product with no state says none", () => {
    const items = menuItems([
      listing(1, "CA", { name: "A bar" }),
      listing(3, undefined, { name: "B bar" }),
      listing(2, "NV", { name: "A bar" }),
    ]);
    expect(items.map((i) => [i.name, i.states])).toEqual([
      ["A bar", ["CA", "NV"]],
      ["B bar", []],
    ]);
  });

  it.each([
    ["", 3],
    ["mint", 2],
    ["MINT  bar", 2],
    ["chocolate nv", 1],
    ["gummy", 1],
    ["indica", 1],
    ["crème", 2],
    ["brulee", 1],
    ["sour mint", 0],
  ])("a search for %j finds %i of them, each word in its name, category, facts or states", (q, count) => {
    const items = menuItems([
      listing(1, "CA"),
      listing(2, "NV"),
      listing(3, "CA", { name: "Creme Mint Gummies", category: "Edible: Gummy", blend: "Indica" }),
      listing(4, "CA", { name: "Crème Brûlée Bites", category: "Edible: Other", description: "Caramel." }),
    ]);
    expect(searchMenu(items, q)).toHaveLength(count);
  });
});
