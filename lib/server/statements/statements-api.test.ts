import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addDecimals } from "@/lib/format/decimal";
import { formatMoney } from "@/lib/format/display";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { pdfPages } from "@/lib/testing/pdf-text";
import { BACKROOM, browserRequest, connectKey, DEMO_KEYS, type TestBackend } from "../core/testing";
import { createTestBackend } from "../testing";
import { getStatementPdf } from "./statements-api";

let sandbox: TestSandbox;
let backend: TestBackend;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());
afterEach(async () => {
  await backend?.close();
});

async function setUp(keyType: "Customer" | "Employee" | "Supplier" = "Customer") {
  backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
  const person = await connectKey(backend, DEMO_KEYS[keyType], keyType);
  const ask = (file: string, query = "", cookie: string | undefined = person.cookie) =>
    getStatementPdf(browserRequest("GET", `/api/statements/${file}${query}`, { cookie, site: null }), backend, {
      file,
    });
  return { person, ask };
}

describe("GET /api/statements/{arAccountId}.pdf", () => {
  it("gives the demo retailer's statement of each of its accounts, every open invoice and the totals in its text, linked to Backroom", async () => {
    const { ask } = await setUp();
    for (const account of [50001, 50002]) {
      const answer = await ask(`${account}.pdf`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/pdf");
      expect(answer.headers.get("content-disposition")).toMatch(
        new RegExp(`^attachment; filename="statement-${account}-\\d{4}-\\d{2}-\\d{2}-letter\\.pdf"$`),
      );
      const pages = await pdfPages(new Uint8Array(await answer.arrayBuffer()));
      const text = pages.flatMap((p) => p.lines).join("\n");
      // What the API has open on the account (the sandbox's clock stands still: the close is now), each listed.
      const open = await sandbox.walk(`/payments/openInvoices?ARAccountIDs=${account}`, DEMO_KEYS.Customer);
      expect(open.length).toBeGreaterThan(0);
      for (const invoice of open) expect(text).toContain(String(invoice.InvoiceNum));
      // The balance outstanding is the API's aging, summed over the account's suppliers, to the cent.
      const aging = (await sandbox.walk("/arAging?", DEMO_KEYS.Customer)).filter((r) => r.ARAccountID === account);
      const total = formatMoney(addDecimals(...aging.map((r) => String(r.TotalBalanceOutstanding))));
      expect(text).toMatch(new RegExp(`Balance outstanding ${total.replace(/\$/g, "\\$")}`));
      // The open invoices' table ends on its total, its label whole (it runs on over the empty cells beside it).
      expect(pages.flatMap((p) => p.lines)).toContain(`Balance outstanding ${total}`);
      expect(formatMoney(addDecimals(...open.map((i) => String(i.OpenBalance))))).toBe(total);
      // Each page says where it belongs and which it is; every invoice links to Backroom's page of it.
      pages.forEach((page, i) => {
        expect(page.lines.join("\n")).toContain(`AR account ${account}`);
        expect(page.lines.join("\n")).toContain(`Page ${i + 1} of ${pages.length}`);
        expect([page.width, page.height]).toEqual([612, 792]);
      });
      const links = pages.flatMap((p) => p.links);
      for (const invoice of open) expect(links).toContain(`${BACKROOM}/invoices/${invoice.InvoiceID}`);
      expect(links.every((href) => href.startsWith(`${BACKROOM}/invoices/`))).toBe(true);
    }
  });

  it("prints A4 on request, dated as of the close it asks for", async () => {
    const { ask } = await setUp();
    const letter = await pdfPages(new Uint8Array(await (await ask("50001.pdf")).arrayBuffer()));
    const asOf = /Statement date (\w{3} \d{1,2}, \d{4})/.exec(letter[0]!.lines.join("\n"))![1]!;
    const day = new Date(`${asOf} 12:00 UTC`).toISOString().slice(0, 10);
    const a4 = await ask("50001.pdf", `?size=A4&asOf=${day}`);
    expect(a4.status).toBe(200);
    const pages = await pdfPages(new Uint8Array(await a4.arrayBuffer()));
    expect(pages.map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual(pages.map(() => [595, 842]));
  });

  it.each([
    ["another retailer's account", "Customer", "50003.pdf", "", 404, "NO_SUCH_ACCOUNT"],
    ["a day the aging is not as of", "Customer", "50001.pdf", "?asOf=2020-01-31", 409, "STATEMENT_DATE_UNAVAILABLE"],
    ["a day that is no day", "Customer", "50001.pdf", "?asOf=31/01/2020", 400, "VALIDATION_FAILED"],
    ["a paper size it does not print", "Customer", "50001.pdf", "?size=A3", 400, "VALIDATION_FAILED"],
    ["a file that is no account", "Customer", "statement.pdf", "", 404, undefined],
    ["a brand's key", "Supplier", "50001.pdf", "", 403, "NOT_FOR_THIS_KEY"],
  ] as const)("refuses %s", async (_, keyType, file, query, status, code) => {
    const { ask } = await setUp(keyType);
    const answer = await ask(file, query);
    expect(answer.status).toBe(status);
    const body = (await answer.json()) as { Error: { code?: string } | string };
    if (code) expect(typeof body.Error === "object" ? body.Error.code : undefined).toBe(code);
  });

  it("refuses a brand's key in one sentence", async () => {
    const { ask } = await setUp("Supplier");
    const answer = await ask("50001.pdf");
    expect([answer.status, await answer.json()]).toEqual([
      403,
      {
        Error: {
          code: "NOT_FOR_THIS_KEY",
          detail: "The statement: for Customer or Employee keys only; this workspace's key is a Supplier key.",
        },
      },
    ]);
  });

  it("answers the distributor's staff for any account, and nobody signed out", async () => {
    const { ask } = await setUp("Employee");
    expect((await ask("50003.pdf")).status).toBe(200);
    expect((await ask("50003.pdf", "", "")).status).toBe(401);
  });
});
