/** The purchase that already holds a PO number, as a 409 DUPLICATE_PO_NUMBER names it (a UUID in its detail). */
export function existingPurchaseOf(error: { detail?: string; fieldErrors?: { detail: string }[] }): string | undefined {
  const texts = [error.detail ?? "", ...(error.fieldErrors ?? []).map((f) => f.detail)];
  for (const text of texts) {
    const found = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i.exec(text);
    if (found) return found[0];
  }
  return undefined;
}
