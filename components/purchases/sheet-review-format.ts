/** A 44 px touch target on a phone, the usual size on a desk. */
export const TOUCH = "min-h-11 sm:min-h-0";

/** A count with its noun: "1 row", "3 rows". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
