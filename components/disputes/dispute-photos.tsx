"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import type { DisputeView } from "@/lib/domain/disputes/view";
import { formatDateTime } from "@/lib/format/display";
import { DISPUTES_KEY, photosPath } from "@/lib/ui/disputes/disputes-client";
import { megabytes, PHOTO_ACCEPT, photoProblem, photoType } from "@/lib/ui/photos/photo-rules";
import { uploadPhoto } from "@/lib/ui/photos/upload-photo";
import { isNoConnection } from "@/lib/ui/offline/outbox";
import { queuePhoto } from "@/lib/ui/offline/outbox-photos";
import { outboxChanged } from "@/lib/ui/offline/use-outbox";
import { describeFailure } from "@/lib/ui/failure";
import { FIELD_ERROR } from "@/lib/ui/styles";

interface DisputePhotosProps {
  dispute: DisputeView;
  timeZone: string;
}

type Upload =
  | { state: "sending"; name: string; share: number }
  | { state: "queued"; name: string }
  | { state: "failed"; name: string; message: string };

/**
 * The dispute's photos (thumbnails opening the photo) and "Add photo": the phone's camera first, checked before a byte
 * is sent (JPEG, PNG or HEIC, 10 MB, 10 a dispute), sent with a progress bar; with no signal, or when the upload gets
 * no answer, it waits in the outbox on the device (its key kept: it arrives once) and goes up when the signal is back.
 */
export function DisputePhotos({ dispute, timeZone }: DisputePhotosProps) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload>();
  const [problem, setProblem] = useState<string>();

  async function add(file: File) {
    setProblem(undefined);
    const refused = photoProblem(file, dispute.photos.length);
    if (refused) {
      setProblem(refused);
      return;
    }
    const key = crypto.randomUUID();
    const type = photoType(file);
    const queue = async () => {
      await queuePhoto({
        url: photosPath(dispute.id),
        bytes: await file.arrayBuffer(),
        type,
        fileName: file.name,
        idempotencyKey: key,
        label: `Photo for the dispute on invoice ${dispute.invoiceNum}`,
      });
      outboxChanged();
      setUpload({ state: "queued", name: file.name });
    };
    if (!navigator.onLine) return queue();
    setUpload({ state: "sending", name: file.name, share: 0 });
    try {
      const typed = file.type === type ? file : new Blob([file], { type });
      await uploadPhoto(photosPath(dispute.id), typed, file.name, key, (share) =>
        setUpload({ state: "sending", name: file.name, share }),
      );
      setUpload(undefined);
      await queryClient.invalidateQueries({ queryKey: DISPUTES_KEY });
    } catch (error) {
      if (isNoConnection(error)) return queue();
      setUpload({
        state: "failed",
        name: file.name,
        message: describeFailure(error, { what: file.name, doing: "upload", write: true, service: "Backroom" }).message,
      });
    }
  }

  const full = dispute.photos.length >= 10;
  return (
    <section aria-labelledby="dispute-photos" className="max-w-3xl space-y-2">
      <h2 id="dispute-photos" className="text-lg font-semibold">
        Photos
      </h2>
      {dispute.photos.length === 0 ? (
        <p className="text-sm">No photo yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Photos of the dispute">
          {dispute.photos.map((photo, i) => (
            <li key={photo.id}>
              <a
                href={photo.href}
                target="_blank"
                rel="noreferrer"
                className="block rounded border border-slate-300 dark:border-slate-600"
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- a stored photo behind the session, not a static asset */}
                <img
                  src={photo.href}
                  alt={`Photo ${i + 1}, added by ${photo.by} ${formatDateTime(photo.at, timeZone)}`}
                  className="h-24 w-24 object-cover"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {dispute.can.addPhoto && (
        <div className="space-y-2">
          <label
            htmlFor={inputId}
            className={`inline-flex min-h-11 cursor-pointer items-center rounded border border-slate-400 px-3 text-sm font-medium hover:bg-slate-100 focus-within:outline focus-within:outline-2 dark:border-slate-500 dark:hover:bg-slate-800 ${full || upload?.state === "sending" ? "pointer-events-none opacity-60" : ""}`}
          >
            Add photo
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={PHOTO_ACCEPT}
            capture="environment"
            className="sr-only"
            disabled={full || upload?.state === "sending"}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) void add(file);
            }}
          />
          {full && <p className="text-sm">This dispute has its 10 photos.</p>}
          {upload?.state === "sending" && (
            <div className="space-y-1 text-sm">
              <label htmlFor={`${inputId}-progress`}>
                Sending {upload.name}: {Math.round(upload.share * 100)} %
              </label>
              <progress id={`${inputId}-progress`} className="block h-2 w-full" max={1} value={upload.share} />
            </div>
          )}
          {upload?.state === "queued" && (
            <p role="status" className="text-sm">
              {upload.name} is saved on this phone, waiting to be sent when you are back online.
            </p>
          )}
          {upload?.state === "failed" && (
            <p role="alert" className={FIELD_ERROR}>
              {upload.message}
            </p>
          )}
          {problem && (
            <p role="alert" className={FIELD_ERROR}>
              {problem}
            </p>
          )}
          <p className="text-xs text-slate-700 dark:text-slate-300">
            JPEG, PNG or HEIC, at most {megabytes(10 * 1024 * 1024)} each, 10 a dispute.
          </p>
        </div>
      )}
    </section>
  );
}
