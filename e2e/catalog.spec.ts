import { expect, test } from "@playwright/test";
import { signIn } from "./sign-in";

// The Products list: a supplier's product is listed once per state it is sold in (an id each, the same name and
// supplier product number), and the State column, shown by default, tells the rows apart.

test("a product sold in two states is two rows of the Products list, told apart by their State, every default column in the frame (1366 px)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "Supplier");
  await page.goto("/catalog/products");
  const frame = page
    .getByRole("region", { name: /Products/ })
    .filter({ has: page.locator("table") })
    .first();
  const headers = frame.locator("thead th");
  await expect(headers.first()).toBeVisible();
  const names = await headers.allInnerTexts();
  const at = { product: names.indexOf("Product"), state: names.indexOf("State") };
  expect(at.state, `State among ${names.join(", ")}`).toBeGreaterThan(-1);
  await expect(headers.nth(at.state)).toBeInViewport({ ratio: 1 });
  await expect(headers.last()).toBeInViewport({ ratio: 1 });

  const rows = frame.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const byName = new Map<string, string[]>();
  for (const row of await rows.all()) {
    const cells = row.locator("td");
    const name = (await cells.nth(at.product).innerText()).trim();
    byName.set(name, [...(byName.get(name) ?? []), (await cells.nth(at.state).innerText()).trim()]);
  }
  const repeated = [...byName.entries()].filter(([, states]) => states.length > 1);
  expect(repeated.length, "products listed in more than one state").toBeGreaterThan(0);
  for (const [name, states] of repeated)
    expect(new Set(states).size, `${name}: ${states.join(", ")}`).toBe(states.length);
});
