/**
 * Where an export's CSV goes in the browser: straight into a file the person picks, where the browser has the File
 * System Access API (Chromium), so a long export never sits in memory; elsewhere into memory, downloaded as one file
 * when the export is done.
 */

/** Receives the CSV text of an export, chunk by chunk. */
export interface CsvSink {
  /** The file's name: the one the person chose in the save dialog, or the suggested one for a download. */
  fileName: string;
  write(chunk: string): Promise<void>;
  /** Finishes the file: commits the picked file, or starts the download. */
  close(): Promise<void>;
  /** Drops what was written: the picked file is left as it was, nothing is downloaded. */
  abort(): Promise<void>;
}

interface SaveFilePickerOptions {
  suggestedName?: string;
  types?: { description?: string; accept: Record<string, string[]> }[];
}

/** window.showSaveFilePicker, which lib.dom does not declare yet (it is not in every browser). */
type ShowSaveFilePicker = (options?: SaveFilePickerOptions) => Promise<FileSystemFileHandle>;

/** How long a download's object URL is kept: revoking it at once can cancel the download in some browsers. */
const REVOKE_AFTER_MS = 40_000;

function saveFilePicker(): ShowSaveFilePicker | undefined {
  if (typeof window === "undefined") return undefined;
  const picker = (window as Window & { showSaveFilePicker?: ShowSaveFilePicker }).showSaveFilePicker;
  return typeof picker === "function" ? picker.bind(window) : undefined;
}

function fileSink(fileName: string, writable: FileSystemWritableFileStream): CsvSink {
  return {
    fileName,
    write: (chunk) => writable.write(chunk),
    close: () => writable.close(),
    // The stream writes to a temporary file that only replaces the chosen one on close: aborting discards it.
    abort: () => writable.abort().catch(() => undefined),
  };
}

/**
 * Has the browser download a file held in memory (a Blob behind a hidden `<a download>`, clicked), under `fileName`.
 *
 * @example
 * saveBlob(new Blob(["Invoice no.\r\n"], { type: "text/csv" }), "invoices.csv");
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

function downloadSink(fileName: string): CsvSink {
  let chunks: string[] = [];
  return {
    fileName,
    write: async (chunk) => {
      chunks.push(chunk);
    },
    close: async () => {
      const blob = new Blob(chunks, { type: "text/csv;charset=utf-8" });
      chunks = [];
      saveBlob(blob, fileName);
    },
    abort: async () => {
      chunks = [];
    },
  };
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/**
 * Opens where an export's CSV goes: a file the person picks when the browser can save one, a download otherwise.
 * Resolves to undefined when the person cancels the save dialog.
 *
 * The save dialog needs a user gesture: call this directly in the click handler, before any await.
 *
 * @example
 * async function onStart() {
 *   const opening = openCsvSink("invoices-2026-11-21.csv"); // first, while the click still counts
 *   const sink = await opening;
 *   if (!sink) return; // the person cancelled
 *   await sink.write("Invoice no.,Total\r\n");
 *   await sink.close();
 * }
 */
export function openCsvSink(fileName: string): Promise<CsvSink | undefined> {
  const picker = saveFilePicker();
  if (!picker) return Promise.resolve(downloadSink(fileName));
  // Called synchronously, inside the gesture; everything after it may wait.
  const picking = picker({
    suggestedName: fileName,
    types: [{ description: "CSV file", accept: { "text/csv": [".csv"] } }],
  });
  return picking.then(
    async (handle) => fileSink(handle.name, await handle.createWritable()),
    // AbortError: the person cancelled. Anything else (no gesture, a sandboxed frame): fall back to a download.
    (error: unknown) => (isAbortError(error) ? undefined : downloadSink(fileName)),
  );
}
