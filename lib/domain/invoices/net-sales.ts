/**
 * Sales net of returns: the one rule every figure of sales reads a line by (Insights' revenue, units, weeks and
 * tables, doors' velocity, a promotion's lift, account health and a rep's Today, a store's purchases on its order
 * guide). The ERP writes a Returned invoice's (status 4) lines with negative units and amounts; a rule that turned a
 * return's sign round as well counted each return as a sale. Exact: money in micro-units, never a float.
 */
import { requireDecimal } from "@/lib/format/decimal";

/** Invoice status Returned: a credit, whose lines are taken off the sales. */
export const RETURNED_STATUS = 4;

/** A line's units and amount (`NumUnits`, `ExtPrice`) as the API gives them. */
export interface SaleFigures {
  units: number;
  /** A decimal string ("125.500000"). */
  amount: string;
}

/** A line's units and money (micro-units) as they count in sales. */
export interface NetSale {
  units: number;
  micros: bigint;
}

/**
 * What a line adds to sales: a Returned invoice's line takes its units and amount off, whichever sign they are
 * written with; any other invoice's line counts as the API gives it. Throws a RangeError on an amount that is no
 * decimal (the history keeps only lines read through its schema).
 *
 * @example
 * netSale({ units: 6, amount: "90.000000" }, false); // { units: 6, micros: 90000000n }
 * netSale({ units: -4, amount: "-60.000000" }, true); // { units: -4, micros: -60000000n }
 * netSale({ units: 4, amount: "60.000000" }, true); // { units: -4, micros: -60000000n }
 */
export function netSale(line: SaleFigures, returned: boolean): NetSale {
  const units = BigInt(line.units);
  return { units: Number(netMicros(units, returned)), micros: netMicros(requireDecimal(line.amount), returned) };
}

/**
 * Any one figure of a line (units, micro-units of money or of cases) as it counts in sales: a Returned invoice's
 * taken off whichever sign it is written with, any other's as it is.
 *
 * @example
 * netMicros(-2_500_000n, true); // -2500000n (a return of 2.5 cases)
 * netMicros(2_500_000n, true); // -2500000n
 */
export function netMicros(figure: bigint, returned: boolean): bigint {
  return returned && figure > 0n ? -figure : figure;
}
