/**
 * Groups junction rows by their owner's id, so a page of records gets its list-valued fields from one query per
 * junction table instead of one query per record.
 *
 * @example
 * const states = groupBy([{ user_id: 1, state: "CA" }, { user_id: 1, state: "NV" }], (r) => r.user_id, (r) => r.state);
 * states.get(1); // ["CA", "NV"]
 */
export function groupBy<T, V>(rows: readonly T[], key: (row: T) => number, value: (row: T) => V): Map<number, V[]> {
  const groups = new Map<number, V[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(value(row));
    else groups.set(k, [value(row)]);
  }
  return groups;
}
