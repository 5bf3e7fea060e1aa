import type { Metadata } from "next";
import { TryAgainButton } from "@/components/offline/try-again-button";

export const metadata: Metadata = { title: "Not saved on this device · Backroom" };

/**
 * What the service worker shows for a page it did not keep when the network does not answer (lib/ui/offline/): the
 * precached copy of this page, drawn for nobody (no session), at whatever address was asked for. Today is the page a
 * rep saves for offline; "Go to Today" is a full load, as the client router cannot fetch anything offline.
 */
export default function OfflinePage() {
  return (
    <main id="content" tabIndex={-1} className="mx-auto max-w-xl px-4 py-12 focus:outline-none sm:px-6 sm:py-16">
      <p className="text-lg font-bold tracking-tight">Backroom</p>
      <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">This page is not saved on this device</h1>
      <p className="mt-4 text-base">
        There is no connection, and this page was not kept here. The pages you opened before, and those saved with
        &ldquo;Save for offline&rdquo; on Today, open without one.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        {/* A plain link: a full load, which the worker answers (from what it kept, or this page again). */}
        <a
          href="/today"
          className="inline-flex min-h-11 items-center rounded bg-slate-900 px-4 font-semibold text-white hover:bg-slate-700 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-slate-300"
        >
          Go to Today
        </a>
        <TryAgainButton />
      </div>
    </main>
  );
}
