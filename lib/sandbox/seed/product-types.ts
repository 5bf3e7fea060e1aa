import type { ProductCategoryTable } from "../db/schema";
import type { SeedContext } from "./context";
import { CHOCOLATE_FLAVORS, DRINK_FLAVORS, EDIBLE_FLAVORS, TOPICAL_SCENTS } from "./names";

/** The product groups suppliers sell under (and payment types are made per supplier and group). */
export const PRODUCT_GROUPS = [
  "Flower",
  "Pre-Rolls",
  "Vapes",
  "Concentrates",
  "Edibles",
  "Beverages",
  "Topicals",
] as const;
export type ProductGroup = (typeof PRODUCT_GROUPS)[number];

export function productGroupId(group: ProductGroup): number {
  return PRODUCT_GROUPS.indexOf(group) + 1;
}

/** Short codes used in supplier product numbers ("GF-FL-0042"). */
export const GROUP_CODES: Record<ProductGroup, string> = {
  Flower: "FL",
  "Pre-Rolls": "PR",
  Vapes: "VP",
  Concentrates: "CN",
  Edibles: "ED",
  Beverages: "BV",
  Topicals: "TP",
};

/** How a product's potency is measured: percent of weight (smokables) or milligrams (infused products). */
export type PotencyType = "Percent" | "PerServing" | "PerPackage";

export interface ProductType {
  id: number;
  name: string;
  group: ProductGroup;
  categoryId: number;
  /** The product name's noun ("Eighth", "Gummies"). */
  label: string;
  netWeight: string;
  container: string;
  unitsPerCase: readonly number[];
  /** Wholesale unit price range, dollars. */
  price: readonly [number, number];
  /** THC range: percent for Percent, milligrams per package otherwise. */
  thc: readonly [number, number];
  potencyType: PotencyType;
  /** Strain-based products are named after a strain; the others after a flavor. */
  strainBased: boolean;
  flavors: readonly string[];
  ingredients: string;
}

const SMOKABLE = { potencyType: "Percent", strainBased: true, flavors: [] } as const;
const FLOWER_INGREDIENTS = "Cannabis flower";

export const PRODUCT_TYPES: readonly ProductType[] = [
  {
    id: 11,
    name: "Flower: Full Oz",
    group: "Flower",
    categoryId: 1,
    label: "Full Oz",
    netWeight: "28g",
    container: "Pouch",
    unitsPerCase: [4],
    price: [50, 60],
    thc: [18, 32],
    ...SMOKABLE,
    ingredients: FLOWER_INGREDIENTS,
  },
  {
    id: 12,
    name: "Flower: Half Oz",
    group: "Flower",
    categoryId: 1,
    label: "Half Oz",
    netWeight: "14g",
    container: "Pouch",
    unitsPerCase: [4, 8],
    price: [32, 42],
    thc: [18, 30],
    ...SMOKABLE,
    ingredients: FLOWER_INGREDIENTS,
  },
  {
    id: 13,
    name: "Flower: Quarter",
    group: "Flower",
    categoryId: 1,
    label: "Quarter",
    netWeight: "7g",
    container: "Jar",
    unitsPerCase: [8, 10],
    price: [20, 28],
    thc: [18, 31],
    ...SMOKABLE,
    ingredients: FLOWER_INGREDIENTS,
  },
  {
    id: 14,
    name: "Flower: Eighth",
    group: "Flower",
    categoryId: 1,
    label: "Eighth",
    netWeight: "3.5g",
    container: "Jar",
    unitsPerCase: [8, 10, 12],
    price: [12, 22],
    thc: [19, 33],
    ...SMOKABLE,
    ingredients: FLOWER_INGREDIENTS,
  },
  {
    id: 15,
    name: "Flower: Smalls",
    group: "Flower",
    categoryId: 1,
    label: "Smalls",
    netWeight: "14g",
    container: "Bag",
    unitsPerCase: [4, 8],
    price: [24, 34],
    thc: [17, 27],
    ...SMOKABLE,
    ingredients: FLOWER_INGREDIENTS,
  },
  {
    id: 21,
    name: "Pre-Roll: Single",
    group: "Pre-Rolls",
    categoryId: 2,
    label: "Pre-Roll",
    netWeight: "1g",
    container: "Tube",
    unitsPerCase: [10, 12, 24],
    price: [4, 7],
    thc: [18, 29],
    ...SMOKABLE,
    ingredients: FLOWER_INGREDIENTS,
  },
  {
    id: 22,
    name: "Pre-Roll: Multi-Pack",
    group: "Pre-Rolls",
    categoryId: 2,
    label: "Pre-Roll 5pk",
    netWeight: "3.5g",
    container: "Tin",
    unitsPerCase: [6, 8, 10],
    price: [14, 22],
    thc: [18, 28],
    ...SMOKABLE,
    ingredients: FLOWER_INGREDIENTS,
  },
  {
    id: 23,
    name: "Pre-Roll: Infused",
    group: "Pre-Rolls",
    categoryId: 3,
    label: "Infused Pre-Roll",
    netWeight: "1g",
    container: "Tube",
    unitsPerCase: [10, 12],
    price: [8, 12],
    thc: [32, 45],
    ...SMOKABLE,
    ingredients: "Cannabis flower, cannabis concentrate, kief",
  },
  {
    id: 31,
    name: "Vape: Cartridge",
    group: "Vapes",
    categoryId: 4,
    label: "Cartridge",
    netWeight: "1g",
    container: "Cartridge",
    unitsPerCase: [10, 12],
    price: [18, 28],
    thc: [75, 92],
    ...SMOKABLE,
    ingredients: "Cannabis oil, cannabis-derived terpenes",
  },
  {
    id: 32,
    name: "Vape: Disposable",
    group: "Vapes",
    categoryId: 5,
    label: "Disposable",
    netWeight: "0.5g",
    container: "Disposable",
    unitsPerCase: [10, 12, 24],
    price: [14, 22],
    thc: [72, 90],
    ...SMOKABLE,
    ingredients: "Cannabis oil, cannabis-derived terpenes",
  },
  {
    id: 33,
    name: "Vape: Live Resin Cartridge",
    group: "Vapes",
    categoryId: 4,
    label: "Live Resin Cart",
    netWeight: "0.5g",
    container: "Cartridge",
    unitsPerCase: [10, 12],
    price: [16, 24],
    thc: [70, 85],
    ...SMOKABLE,
    ingredients: "Live resin cannabis extract",
  },
  {
    id: 41,
    name: "Concentrate: Live Resin",
    group: "Concentrates",
    categoryId: 6,
    label: "Live Resin",
    netWeight: "1g",
    container: "Jar",
    unitsPerCase: [6, 10],
    price: [15, 30],
    thc: [65, 85],
    ...SMOKABLE,
    ingredients: "Cannabis extract",
  },
  {
    id: 42,
    name: "Concentrate: Badder",
    group: "Concentrates",
    categoryId: 6,
    label: "Badder",
    netWeight: "1g",
    container: "Jar",
    unitsPerCase: [6, 10],
    price: [15, 28],
    thc: [68, 82],
    ...SMOKABLE,
    ingredients: "Cannabis extract",
  },
  {
    id: 43,
    name: "Concentrate: Rosin",
    group: "Concentrates",
    categoryId: 6,
    label: "Live Rosin",
    netWeight: "1g",
    container: "Jar",
    unitsPerCase: [6, 10],
    price: [25, 35],
    thc: [65, 80],
    ...SMOKABLE,
    ingredients: "Solventless cannabis rosin",
  },
  {
    id: 51,
    name: "Edible: Chocolate",
    group: "Edibles",
    categoryId: 7,
    label: "Bar",
    netWeight: "100mg",
    container: "Bar",
    unitsPerCase: [12, 24],
    price: [8, 14],
    thc: [100, 100],
    potencyType: "PerServing",
    strainBased: false,
    flavors: CHOCOLATE_FLAVORS,
    ingredients: "Cocoa butter, sugar, cocoa liquor, milk powder, cannabis extract, sea salt",
  },
  {
    id: 52,
    name: "Edible: Gummies",
    group: "Edibles",
    categoryId: 8,
    label: "Gummies",
    netWeight: "100mg",
    container: "Pouch",
    unitsPerCase: [10, 12, 24],
    price: [8, 14],
    thc: [100, 100],
    potencyType: "PerServing",
    strainBased: false,
    flavors: EDIBLE_FLAVORS,
    ingredients: "Cane sugar, tapioca syrup, pectin, citric acid, natural flavors, cannabis extract",
  },
  {
    id: 53,
    name: "Edible: Baked Goods",
    group: "Edibles",
    categoryId: 9,
    label: "Cookies",
    netWeight: "100mg",
    container: "Box",
    unitsPerCase: [6, 12],
    price: [7, 11],
    thc: [100, 100],
    potencyType: "PerServing",
    strainBased: false,
    flavors: ["Chocolate Chip", "Snickerdoodle", "Fudge Brownie", "Oatmeal Raisin"],
    ingredients: "Flour, butter, sugar, eggs, cannabis-infused butter",
  },
  {
    id: 54,
    name: "Edible: Hard Candy",
    group: "Edibles",
    categoryId: 9,
    label: "Hard Candy",
    netWeight: "100mg",
    container: "Tin",
    unitsPerCase: [12, 24],
    price: [6, 10],
    thc: [100, 100],
    potencyType: "PerServing",
    strainBased: false,
    flavors: EDIBLE_FLAVORS,
    ingredients: "Sugar, corn syrup, natural flavors, cannabis extract",
  },
  {
    id: 61,
    name: "Beverage: Seltzer",
    group: "Beverages",
    categoryId: 10,
    label: "Seltzer",
    netWeight: "355ml",
    container: "Can",
    unitsPerCase: [6, 12, 24],
    price: [4, 7],
    thc: [5, 10],
    potencyType: "PerPackage",
    strainBased: false,
    flavors: DRINK_FLAVORS,
    ingredients: "Carbonated water, natural flavors, cannabis emulsion, citric acid",
  },
  {
    id: 62,
    name: "Beverage: Shot",
    group: "Beverages",
    categoryId: 10,
    label: "Shot",
    netWeight: "60ml",
    container: "Bottle",
    unitsPerCase: [12, 24],
    price: [5, 8],
    thc: [10, 20],
    potencyType: "PerPackage",
    strainBased: false,
    flavors: DRINK_FLAVORS,
    ingredients: "Water, cane sugar, natural flavors, cannabis emulsion",
  },
  {
    id: 71,
    name: "Topical: Balm",
    group: "Topicals",
    categoryId: 11,
    label: "Relief Balm",
    netWeight: "2oz",
    container: "Jar",
    unitsPerCase: [4, 6, 12],
    price: [14, 30],
    thc: [250, 500],
    potencyType: "PerPackage",
    strainBased: false,
    flavors: TOPICAL_SCENTS,
    ingredients: "Coconut oil, beeswax, shea butter, cannabis extract, essential oils",
  },
  {
    id: 72,
    name: "Topical: Lotion",
    group: "Topicals",
    categoryId: 11,
    label: "Lotion",
    netWeight: "4oz",
    container: "Bottle",
    unitsPerCase: [6, 12],
    price: [16, 30],
    thc: [200, 400],
    potencyType: "PerPackage",
    strainBased: false,
    flavors: TOPICAL_SCENTS,
    ingredients: "Water, aloe, sunflower oil, cannabis extract, essential oils",
  },
  {
    id: 73,
    name: "Topical: Patch",
    group: "Topicals",
    categoryId: 11,
    label: "Patch",
    netWeight: "20mg",
    container: "Pouch",
    unitsPerCase: [12, 24],
    price: [6, 10],
    thc: [20, 20],
    potencyType: "PerPackage",
    strainBased: false,
    flavors: TOPICAL_SCENTS,
    ingredients: "Medical-grade adhesive, cannabis extract",
  },
];

/** The operator's menu categories, with their display order (two are empty: the operator lists them anyway). */
const CATEGORIES = [
  "Flower",
  "Pre-Rolls",
  "Infused Pre-Rolls",
  "Vape Cartridges",
  "Disposable Vapes",
  "Concentrates",
  "Chocolates",
  "Gummies",
  "Edibles",
  "Beverages",
  "Topicals",
  "Tinctures",
  "Accessories",
] as const;

export function categoryName(categoryId: number): string {
  return CATEGORIES[categoryId - 1] ?? "Other";
}

export function seedCategories(ctx: SeedContext): ProductCategoryTable[] {
  return CATEGORIES.map((name, i) => ({
    product_category_id: i + 1,
    category_name: name,
    sequence: (i + 1) * 10,
    time_updated: ctx.syncStamp,
  }));
}

export function typesOfGroup(group: ProductGroup): ProductType[] {
  return PRODUCT_TYPES.filter((t) => t.group === group);
}
