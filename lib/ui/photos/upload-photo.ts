import { DataApiError } from "@/lib/data-api/data-api-error";
import { parseErrorBody } from "@/lib/data-api/error-read";

// A photo goes up with `XMLHttpRequest`, whose upload tells its progress (fetch's does not): a dispute's, a
// collection's check.

/**
 * Sends one photo (multipart, field `photo`), telling `onProgress` the share sent (0 to 1) as it goes. Every failure is
 * thrown as `backroomJson` throws it: status 0 `NETWORK_ERROR` when no answer came (the outbox keeps it then).
 *
 * @example
 * await uploadPhoto(photosPath(id), file, file.name, key, (share) => setProgress(share));
 */
export function uploadPhoto(
  url: string,
  photo: Blob,
  fileName: string,
  idempotencyKey: string,
  onProgress: (share: number) => void = () => undefined,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Idempotency-Key", idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const unreachable = () =>
      reject(
        new DataApiError({
          status: 0,
          code: "NETWORK_ERROR",
          detail: "Backroom could not be reached. Check your connection and try again.",
        }),
      );
    xhr.onerror = unreachable;
    xhr.onabort = unreachable;
    xhr.ontimeout = unreachable;
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(parsed);
        return;
      }
      const error = parseErrorBody(parsed);
      reject(
        new DataApiError({
          status: xhr.status,
          code: error?.code,
          detail: error?.detail ?? `Backroom answered ${xhr.status}.`,
          fieldErrors: error?.fieldErrors,
          requestId: xhr.getResponseHeader("X-Request-Id") ?? undefined,
        }),
      );
    };
    const form = new FormData();
    form.append("photo", photo, fileName);
    xhr.send(form);
  });
}
