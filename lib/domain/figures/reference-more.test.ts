import { weekRows } from "@/lib/domain/insights/insight-table-rows";
import type { FigureId } from "./catalog";
import { checkFigures, day, micros, type Readings, sales, type Seed, shiftDay, weekday } from "./reference-kit";

// The second reading, continued (see reference.test.ts): Insights' weeks beside the period before. Each case reads the
// raw records by the definition's words and adds them up as integer micro-units, calling nothing of the project's.

const CASES: Partial<Record<FigureId, (seed: Seed) => Promise<Readings>>> = {
  async "sales-by-week-before"(seed) {
    // The brand's 28 days to today against the 28 before: its invoices from two days before those.
    const { input, period, invoices, rawLines } = await sales(seed, "Supplier", 30);
    const project = weekRows(input, period, 28).map((w) => [w.week, w.previousUnits, micros(w.previousRevenue)]);
    // Reference: each week the period touches beside the week 28 days before it; that week's lines of invoices dated
    // in the period before (every status but Canceled, which the key's list holds none of), a return's taken off.
    const before = { from: shiftDay(period.from, -28), to: shiftDay(period.from, -1) };
    const of = new Map(
      invoices.filter((i) => day(i.Date) >= before.from && day(i.Date) <= before.to).map((i) => [i.InvoiceID, i]),
    );
    const monday = (d: string) => shiftDay(d, 1 - weekday(d));
    const reference: unknown[][] = [];
    for (let week = monday(period.from); week <= period.to; week = shiftDay(week, 7)) {
      const then = shiftDay(week, -28);
      let units = 0;
      let revenue = 0n;
      for (const l of rawLines) {
        const invoice = of.get(l.InvoiceID);
        if (!invoice || monday(day(invoice.Date)) !== then) continue;
        const returned = invoice.Status === 4;
        const n = Number(l.NumUnits);
        const amount = micros(l.ExtPrice);
        units += returned && n > 0 ? -n : n;
        revenue += returned && amount > 0n ? -amount : amount;
      }
      reference.push([week, units, revenue]);
    }
    return { project, reference };
  },
};

checkFigures(CASES);
