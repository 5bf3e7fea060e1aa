import { array, boolean, date, dateTime, decimal, defineRecord, nullable, number, string } from "../fields";

export const ProductCategory = defineRecord("ProductCategory", {
  ProductCategoryID: number(),
  CategoryName: string(),
  Sequence: number(),
  TimeUpdated: dateTime(),
});

export const Product = defineRecord(
  "Product",
  {
    ProductID: number(),
    SupplierID: number(),
    WholesaleUnitsPerCase: number(),
    SvcLiveCategoryID: number(),
    StatusID: number("0 Discontinued, 1 Active, 2 Pre-order, 3 Manufacture, 4 Unavailable, 5 Close Out."),
    ProductGroupID: number(),
    PackageID: number(),
    ProductTypeID: number(),
    BrandID: number(),
    Supplier: string(),
    ProductName: string(),
    BrandFamily: string(),
    ProductTypeName: string(),
    UnitNetWeight: string("Text such as 28g."),
    Description: string(),
    Ingredients: string(),
    ThumbnailImageURL: string(),
    FullSizeImageURL: string(),
    Potency: string(),
    Blend: string("Hybrid, Indica or Sativa."),
    SvcMenuCategory: string(),
    State: string(),
    BrandStyle: string(),
    PackageName: string(),
    Flavor: string(),
    BrandName: string(),
    SupplierProductNumber: string("Not unique: test data holds values such as N/A and 0."),
    PotencyTHC: nullable(string()),
    StrainName: nullable(string()),
    StrainID: nullable(number()),
    IsSample: boolean(),
    TimeUpdated: dateTime(),
  },
  { description: "A product in the catalog." },
);

export const CustomerPrice = defineRecord(
  "CustomerPrice",
  {
    ProductID: number(),
    CustomerID: number(),
    FullPrice: decimal(),
    UnitPrice: decimal("Equals FullPrice when no promotion applies."),
    Discount: decimal(),
    PromotionID: nullable(number()),
    StartDate: nullable(date()),
    EndDate: nullable(date()),
    TimeUpdated: dateTime(),
  },
  { description: "The price a customer pays for a product at the effective date." },
);

export const MenuPromotion = defineRecord("MenuPromotion", {
  MenuPromotionID: number(),
  SupplierID: number(),
  SupplierName: string(),
  State: string(),
  Description: string(),
  StartDate: date(),
  EndDate: date(),
  TimeUpdated: dateTime(),
});

export const PromotionProduct = defineRecord("PromotionProduct", {
  PromotionID: number(),
  PromotionTypeID: number(),
  States: array(string()),
  PromotionName: string(),
  ProductOverrideType: string("For example none."),
  UnitPrice: number(),
  StartDate: date(),
  EndDate: date(),
  AllProducts: boolean(),
  ProductIDs: array(number()),
  TimeUpdated: dateTime(),
});
