import "server-only";
import { formatDateTime, formatDay, formatMoney } from "@/lib/format/display";
import { pageHref } from "@/lib/domain/page-href";
import { type Statement, STATEMENT_DEFINITIONS } from "@/lib/domain/statements/statement";
import { agingBoxes, type StatementCell, statementTables } from "@/lib/domain/statements/statement-tables";
import type { DisputeDigest } from "@/lib/domain/disputes/digest";
import { Layout, type PaperSize } from "./pdf-layout";

/**
 * The statement of account as a PDF, drawn from the model and the tables the page draws (`buildStatement`,
 * `statementTables`), so its figures are the page's to the cent: the distributor (its warehouse's DBA) and the account
 * on every page, the aging at the close, every open invoice, the credit on payments, the last 90 days' payments and
 * allocations, what changed since the close, the disputes not resolved the reader is a side of, and what an open-item
 * statement does not hold. Invoice numbers link to
 * Backroom's invoice pages at `origin`, never to the API's `PDFURL` (it embeds an ERP key id).
 *
 * @example
 * const bytes = await statementPdf(buildStatement(input), { size: "Letter", origin: "https://backroom.example", madeAt: new Date() });
 */
export async function statementPdf(
  statement: Statement,
  options: { size: PaperSize; origin: string; madeAt: Date; disputes?: readonly DisputeDigest[] },
): Promise<Uint8Array> {
  const { size, origin, madeAt, disputes } = options;
  const dated = statement.asOf ? formatDay(statement.asOf) : "no close yet";
  const accountName = statement.name ?? `AR account ${statement.arAccountId}`;
  const layout = await Layout.create(size, 64, {
    title: `Statement of account ${statement.arAccountId}, ${accountName}, ${dated}`,
    author: statement.distributor?.name ?? "Backroom",
    made: madeAt,
  });

  // To whom: the account and its stores.
  layout.paragraph(accountName, { size: 11, bold: true });
  const single = statement.customers.length === 1;
  for (const c of statement.customers) {
    layout.paragraph(
      [
        single ? undefined : (c.name ?? `Customer ${c.customerId}`),
        c.address,
        c.licenseNum ? `License ${c.licenseNum}` : undefined,
      ]
        .filter(Boolean)
        .join(" · "),
      { muted: true },
    );
  }
  layout.space(4);

  layout.heading(statement.asOf ? `Aging at the close of ${dated}` : "Aging");
  layout.boxes(agingBoxes(statement));
  layout.paragraph(
    `Balance outstanding ${formatMoney(statement.aging.total)}${statement.credits.length ? ` · credit on payments not yet applied ${formatMoney(statement.creditTotal)}` : ""}.`,
    { bold: true },
  );

  for (const table of statementTables(statement, disputes)) {
    // A table with no row is a sentence (the credit on payments, when none is left, is not even that).
    if (table.rows.length === 0) {
      if (table.id === "credits") continue;
      layout.heading(table.title.replace(/ \(0\)$/, ""));
      layout.paragraph(table.empty);
      continue;
    }
    const cells = (row: StatementCell[]) =>
      row.map((c) => ({
        text: c.text,
        href:
          c.href !== undefined
            ? `${origin}${c.href}`
            : c.invoiceId === undefined
              ? undefined
              : `${origin}${pageHref.invoice(c.invoiceId)}`,
      }));
    layout.table(table.title, table.columns, table.rows.map(cells), table.total && cells(table.total));
  }

  layout.heading("About this statement", 10);
  for (const note of [...statement.notes, ...STATEMENT_DEFINITIONS]) layout.paragraph(note, { muted: true });

  return layout.save(
    (page, l, pageNumber) => {
      const top = l.height - 40;
      if (statement.distributor) {
        l.textAt(page, l.fit(statement.distributor.name, l.contentWidth / 2, l.bold, 13), l.left, top - 12, {
          size: 13,
          bold: true,
        });
        statement.distributor.address.forEach((line, i) =>
          l.textAt(page, l.fit(line, l.contentWidth / 2, l.regular, 8), l.left, top - 25 - i * 10, {
            size: 8,
            muted: true,
          }),
        );
      }
      l.textAt(page, "Statement of account", l.right, top - 12, { size: 12, bold: true, align: "right" });
      l.textAt(
        page,
        l.fit(`AR account ${statement.arAccountId} · ${accountName}`, l.contentWidth / 2, l.regular, 8.5),
        l.right,
        top - 25,
        { size: 8.5, align: "right" },
      );
      l.textAt(page, `Statement date ${dated}`, l.right, top - 36, { size: 8.5, align: "right" });
      if (pageNumber > 1) l.textAt(page, "(continued)", l.right, top - 47, { size: 8, muted: true, align: "right" });
      l.ruleAt(page, top - 56);
    },
    `Made by Backroom from the distributor's Data API on ${formatDateTime(madeAt.toISOString(), statement.timeZone)} (${statement.timeZone}).`,
  );
}
