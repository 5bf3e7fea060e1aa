import { expect, type Locator, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { test } from "./signed-in-context";

// The pages of a supplier, a warehouse, a user (and a sales rep) and a product promotion, for each kind of key, each
// reached by a link from its list page: each shows the record's real data and what relates to it, and passes axe.
// Then the links between records: a customer's sales rep leads to the rep's page, a price's promotion to its page.
// They only read: each opens its pages in its person's signed-in tab (e2e/signed-in-context.ts).

type KeyType = "Customer" | "Supplier" | "Employee";

/** The page's errors, collected from the start: a detail page must render without one. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Follows the first link of a list page's table to a record's page; gives the link's text (the record's name as listed). */
async function openFromList(page: Page, list: string, href: string, link?: Locator): Promise<string> {
  await page.goto(list);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const first = link ?? page.locator(`table.data-table tbody tr a[href^="${href}"]`).first();
  const name = (await first.textContent())!.trim();
  expect(name).not.toBe("");
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/\//g, "\\/")}\\d+`));
  return name;
}

/** A related list on a record's page (`EmbeddedList`: a section named by its heading), with at least one row. */
function related(page: Page, title: string): Locator {
  return page.getByRole("region", { name: title, exact: true }).first();
}

async function expectSound(page: Page, errors: string[]) {
  await expect(page.locator("main")).not.toContainText("undefined");
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
}

for (const keyType of ["Customer", "Supplier", "Employee"] as const satisfies readonly KeyType[]) {
  test.describe(`the ${keyType} key`, () => {
    test("a supplier's page, from the suppliers list: its facts and its related lists, those the key may call", async ({
      pageAs,
    }) => {
      const page = await pageAs(keyType);
      const errors = pageErrors(page);
      const name = await openFromList(page, "/directory/suppliers", "/directory/suppliers/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(page.locator("dt", { hasText: /^Description$/ })).toBeVisible();
      await expect(related(page, "Products").locator("tbody tr").first()).toBeVisible();
      await expect(related(page, "Products").getByRole("link", { name: "See the full list" })).toHaveAttribute(
        "href",
        /^\/catalog\/products\?SupplierIDs=\d+$/,
      );
      await expect(related(page, "Product promotions")).toBeVisible();
      await expect(related(page, "Payment types").locator("tbody tr").first()).toBeVisible();
      // Customer keys are refused supplier credit terms and vendors (403): the page does not ask.
      const refused = keyType === "Customer";
      await expect(page.getByRole("heading", { level: 2, name: "Credit terms" })).toHaveCount(refused ? 0 : 1);
      await expect(page.getByRole("heading", { level: 2, name: "Vendors" })).toHaveCount(refused ? 0 : 1);
      if (!refused) await expect(related(page, "Vendors").locator("tbody tr").first()).toBeVisible();
      await expectSound(page, errors);
    });

    test("a warehouse's page, from the warehouses list: its address as a block and its stock", async ({ pageAs }) => {
      const page = await pageAs(keyType);
      const errors = pageErrors(page);
      const name = await openFromList(page, "/directory/locations", "/directory/locations/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(page.locator("address")).toContainText(/, [A-Z]{2} \d{5}/);
      // Customer keys may not read /inventory: they see the warehouse's availability instead.
      const stock = related(page, keyType === "Customer" ? "Availability" : "Stock");
      await expect(stock.locator('tbody tr a[href^="/catalog/products/"]').first()).toBeVisible();
      await expectSound(page, errors);
    });

    test("a user's page, from the users list: their role and details", async ({ pageAs }) => {
      const page = await pageAs(keyType);
      const errors = pageErrors(page);
      const name = await openFromList(page, "/directory/users", "/directory/users/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      const role = page.locator("dt", { hasText: /^Role$/ }).locator("xpath=following-sibling::dd[1]");
      await expect(role).toHaveText(/^(Customer|Supplier|Admin|DistributorRep)$/);
      await expect(page.locator("dt", { hasText: /^Email$/ }).locator("xpath=following-sibling::dd[1]")).toContainText(
        "@",
      );
      await expectSound(page, errors);
    });

    test("a sales rep's page, from the sales reps list: the customers and suppliers they serve, linked", async ({
      pageAs,
    }) => {
      const page = await pageAs(keyType);
      const errors = pageErrors(page);
      const name = await openFromList(page, "/directory/sales-reps", "/directory/users/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      // Customer and Supplier keys may not read a rep as a user: the page shows the rep's record and says so.
      if (keyType !== "Employee")
        await expect(page.getByText("this is the sales rep record it gives for them")).toBeVisible();
      const accounts = page.getByRole("region", { name: "Accounts", exact: true });
      await expect(accounts.locator('a[href^="/customers/"], a[href^="/directory/suppliers/"]').first()).toBeVisible();
      await expectSound(page, errors);
    });

    test("a product promotion's page, from the promotions list: its facts and its products, linked", async ({
      pageAs,
    }) => {
      const page = await pageAs(keyType);
      const errors = pageErrors(page);
      // A promotion that names its products ("3 products"), not an all-products one.
      const count = page.locator("table.data-table tbody tr a", { hasText: /^\d+ products?$/ }).first();
      await openFromList(page, "/catalog/product-promotions", "/catalog/product-promotions/", count);
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/^Promotion \d+$/);
      await expect(
        page.locator("dt", { hasText: /^Unit price$/ }).locator("xpath=following-sibling::dd[1]"),
      ).toHaveText(/^\$\d/);
      await expect(related(page, "Products").locator('tbody tr a[href^="/catalog/products/"]').first()).toBeVisible();
      await expectSound(page, errors);
    });
  });
}

for (const keyType of ["Employee", "Customer"] as const satisfies readonly KeyType[]) {
  test(`${keyType} key: a customer's sales rep links to the rep's page, which lists the customer among their accounts`, async ({
    pageAs,
  }) => {
    const page = await pageAs(keyType);
    const errors = pageErrors(page);
    await openFromList(page, "/customers", "/customers/");
    const customerPath = new URL(page.url()).pathname;
    // The rep, named under People with a link to their page (the record's own fields are behind "All fields").
    const rep = page.getByTestId("rep").getByRole("link").first();
    const repName = (await rep.textContent())!.trim();
    await rep.click();
    await expect(page).toHaveURL(/\/directory\/users\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(repName);
    await expect(
      page.getByRole("region", { name: "Accounts", exact: true }).locator(`a[href="${customerPath}"]`),
    ).toBeVisible();
    await expectSound(page, errors);
  });
}

test("a pricing line's promotion links to the product promotion's page, with its products linked", async ({
  pageAs,
}) => {
  const page = await pageAs("Customer");
  const errors = pageErrors(page);
  await openFromList(page, "/customers", "/customers/");
  const promotion = related(page, "Pricing").locator('tbody a[href^="/catalog/product-promotions/"]').first();
  const id = (await promotion.textContent())!.trim();
  await promotion.click();
  await expect(page).toHaveURL(new RegExp(`/catalog/product-promotions/${id}$`));
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/^Promotion \d+$/);
  await expect(page.locator("dt", { hasText: /^Promotion ID$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText(
    id,
  );
  const products = related(page, "Products").locator('tbody tr a[href^="/catalog/products/"]');
  await expect(products.first()).toBeVisible();
  expect(await products.count()).toBeGreaterThan(0);
  await expectSound(page, errors);
});
