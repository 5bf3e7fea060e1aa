import type { ListLine } from "./order-list";
import type { SharedLine } from "./shared-list";

/** A line as `order_lists.lines_json` holds it: a list kept before it was shared has the list's fields only. */
type KeptLine = ListLine & Partial<Pick<SharedLine, "lineId" | "askedCases" | "substitute">>;

/**
 * A kept list's lines as shared lines: a line kept before lists were shared has no line id (its product's, as text: a
 * list holds one line a product), asked its cases, and no substitute.
 *
 * @example
 * sharedLines('[{"productId":5001,"name":"Gummies","cases":2,...}]'); // [{ productId: 5001, ..., lineId: "5001", askedCases: 2, substitute: null }]
 */
export function sharedLines(linesJson: string): SharedLine[] {
  return (JSON.parse(linesJson) as KeptLine[]).map((line) => ({
    ...line,
    lineId: line.lineId ?? String(line.productId),
    askedCases: line.askedCases ?? line.cases,
    substitute: line.substitute ?? null,
  }));
}
