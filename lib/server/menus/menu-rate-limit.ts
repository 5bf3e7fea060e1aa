import "server-only";
import type { SharedStore } from "../core/shared/shared-store";

const MINUTE_MS = 60_000;

/**
 * The public menus' limit per address: `perMinute` views in a fixed minute, counted in the shared store so
 * that every instance counts the same views. Answers undefined when the view may go on, else the seconds to wait.
 *
 * @example
 * const wait = await menuViewWait(shared, "203.0.113.9", 60);
 * if (wait !== undefined) return tooMany(wait);
 */
export async function menuViewWait(
  shared: SharedStore,
  address: string,
  perMinute: number,
  now: number = Date.now(),
): Promise<number | undefined> {
  const minute = Math.floor(now / MINUTE_MS);
  const count = await shared.increment(`menu-views\n${address}\n${minute}`, MINUTE_MS);
  if (count <= perMinute) return undefined;
  return Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - now) / 1000));
}
