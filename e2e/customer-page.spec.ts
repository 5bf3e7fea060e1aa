import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { addDecimals } from "@/lib/format/decimal";
import { formatMoney } from "@/lib/format/display";
import { signIn } from "./sign-in";

// A customer's page at a store's door: on a phone, as the distributor's rep (the demo staff), the first screen says
// what the store owes and how late, the open invoices are the API's, and the note box is near; the record's raw
// fields come after, behind "All fields".
test.use({ viewport: { width: 390, height: 844 } });

type Row = Record<string, unknown>;
const SCREEN = 844;

test("the customer page opens on money: the balance and over 30 as the aging says, the API's open invoices, the note box within two screens", async ({
  page,
}) => {
  await signIn(page, "Employee");
  const data = async (path: string) => ((await (await page.request.get(path)).json()) as { Data: Row[] }).Data;
  // An AR account with something more than 30 days past due, and a store of it.
  const aging = await data("/api/v1/arAging?PageSize=500");
  const over30 = (r: Row) => addDecimals(String(r.Due_31_60 ?? 0), String(r.Due_61_90 ?? 0), String(r.Due_91 ?? 0));
  const late = aging.find((r) => Number(over30(r)) > 0);
  expect(late, "an AR account over 30 days").toBeDefined();
  const account = Number(late!.ARAccountID);
  const rows = aging.filter((r) => Number(r.ARAccountID) === account);
  const opened = await data(`/api/v1/payments/openInvoices?ARAccountIDs=${account}&PageSize=500`);
  const customerId = Number(opened[0]!.CustomerID);

  await page.goto(`/customers/${customerId}`);
  const total = page.getByTestId("balance-total");
  await expect(total).toHaveText(formatMoney(addDecimals(...rows.map((r) => String(r.TotalBalanceOutstanding)))), {
    timeout: 30_000,
  });
  await expect(page.getByTestId("over-30-days")).toHaveText(formatMoney(addDecimals(...rows.map(over30))));
  // On the first screen: the balance and the over-30 figure. Polled, as the note box below: the summary drawn with the
  // page is replaced by the hydrated one in the same place, and a box read between the two is none.
  for (const figure of [total, page.getByTestId("over-30-days")])
    await expect
      .poll(async () => ((box) => box && box.y + box.height)(await figure.boundingBox()))
      .toBeLessThanOrEqual(SCREEN);

  // The open invoices are the account's, as /payments/openInvoices lists them: count and sum. Its credits (a negative
  // open balance: a credit memo or return not yet used) are listed apart, not as invoices to pay: whether the account
  // has one moves with the seed's day and hour.
  const open = opened.filter((i) => Number(i.OpenBalance) > 0);
  const list = page.getByRole("list", { name: "Open invoices" });
  const summary = page.locator("summary", { hasText: /open invoices?$/ });
  await expect(summary).toHaveText(`${open.length} open invoice${open.length === 1 ? "" : "s"}`);
  // Unfolded (a list of more than five opens folded), until its rows are read: the summary drawn with the page is
  // replaced by the hydrated one, folded again, and a click on the first one is lost with it.
  let shown: string[] = [];
  await expect(async () => {
    if (!(await list.isVisible())) await summary.click();
    shown = await list.locator("li > span:last-child").allTextContents();
    expect(shown).toHaveLength(open.length);
  }).toPass();
  const sum = (values: string[]) =>
    values.reduce((s, v) => s + Math.round(Number(v.replace(/[$,]/g, "").replace("−", "-")) * 100), 0);
  expect(sum(shown)).toBe(sum(open.map((i) => String(i.OpenBalance))));

  // The note box within the first two screens, the list of invoices folded again (as a list of more than five opens).
  const noteBox = page.getByRole("form", { name: "Write a visit note" });
  await expect(noteBox).toBeVisible();
  // Polled: the form drawn while its code loads is replaced by the form itself (`LazyNoteForm`), in the same place,
  // and a box read between the two is none; a fold clicked on a summary replaced since is clicked again.
  await expect
    .poll(async () => {
      if (open.length > 5 && (await list.isVisible())) await summary.click();
      return (await noteBox.boundingBox())?.y;
    })
    .toBeLessThan(2 * SCREEN);

  // No raw field ahead of the money: the record's fields are behind "All fields".
  await expect(page.getByText("Sales rep user ID", { exact: true })).toBeHidden();
  await page.getByText("All fields", { exact: true }).click();
  await expect(page.getByText("Sales rep user ID", { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
