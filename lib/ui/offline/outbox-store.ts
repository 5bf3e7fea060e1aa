import { createStore } from "idb-keyval";
import { OUTBOX_DATABASE } from "./device-databases";

/** The outbox's store on the device (one database, every kind of write in it), and the photo kept there. */

let store: ReturnType<typeof createStore> | undefined;
export const outbox = () => (store ??= createStore(OUTBOX_DATABASE, "notes"));

/**
 * A photo for a dispute taken with no signal (or whose upload got no answer), waiting on the device: its bytes (an
 * ArrayBuffer: every browser's IndexedDB keeps one, where some lost Blobs), sent as the page would send it, with its key.
 */
export interface QueuedPhoto {
  kind: "photo";
  /** Backroom's address (`/api/disputes/{id}/photos`). */
  url: string;
  bytes: ArrayBuffer;
  type: string;
  fileName: string;
  idempotencyKey: string;
  label: string;
  queuedAt: number;
}
