/** Storage stand-ins for unit tests of what the dashboard keeps in sessionStorage. */

/** A Storage over a Map, as sessionStorage behaves; `refuseWrites` makes setItem throw like a full or blocked storage. */
export class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  refuseWrites = false;
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    if (this.refuseWrites) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.items.set(key, String(value));
  }
}

/** A Storage whose every method throws, as sessionStorage does where storage is blocked. */
export class BrokenStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new DOMException("Access is denied for this document.", "SecurityError");
  }
  override setItem(): void {
    throw new DOMException("Access is denied for this document.", "SecurityError");
  }
  override removeItem(): void {
    throw new DOMException("Access is denied for this document.", "SecurityError");
  }
}
