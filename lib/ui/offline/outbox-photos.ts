import { set } from "idb-keyval";
import { uploadPhoto } from "@/lib/ui/photos/upload-photo";
import { outbox, type QueuedPhoto } from "./outbox-store";

/**
 * A dispute's photos in the outbox: kept on the device with the key they were sent with, and sent as the page sends
 * them. A module of its own, loaded by the dispute's page and by the outbox's sender only when a photo waits.
 */

/** Keeps a photo on the device until it can be sent (its key made when it was taken). */
export async function queuePhoto(
  photo: Omit<QueuedPhoto, "kind" | "queuedAt">,
  now = Date.now(),
): Promise<QueuedPhoto> {
  const queued: QueuedPhoto = { ...photo, kind: "photo", queuedAt: now };
  await set(photo.idempotencyKey, queued, outbox());
  return queued;
}

/** Sends a waiting photo as the page sends one (multipart, field `photo`), with its key. */
export const sendQueuedPhoto = (photo: QueuedPhoto): Promise<unknown> =>
  uploadPhoto(photo.url, new Blob([photo.bytes], { type: photo.type }), photo.fileName, photo.idempotencyKey);
