"use client";

/**
 * A page of the dashboard that failed to render on the server (Backroom's database away, a fault of ours): the sidebar
 * and the header stay (this boundary sits inside the dashboard's layout), and Try again fetches and renders the page
 * again. The message is the same for every page (a download of the page's code that failed says so, as the tables say
 * a dropped connection); the digest is what the server's log line names.
 */
export default function DashboardError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <div
      role="alert"
      className="max-w-2xl space-y-3 rounded border border-red-700 bg-red-50 p-4 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
    >
      <h1 className="text-xl font-bold">This page could not be shown</h1>
      <p className="text-sm">
        {downloadFailed(error)
          ? "Part of this page could not be downloaded: the connection dropped. Nothing was changed. Check your connection and try again."
          : "Backroom could not prepare this page. Nothing was changed. Try again in a moment; if it goes on, tell support the reference below."}
      </p>
      {error.digest && <p className="font-mono text-xs">Reference {error.digest}</p>}
      <button
        type="button"
        onClick={() => retry()}
        className="rounded bg-red-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-900 dark:bg-red-300 dark:text-red-950"
      >
        Try again
      </button>
    </div>
  );
}

/** The page's own code failed to download (the browser is offline, or the connection dropped mid-visit). */
function downloadFailed(error: Error): boolean {
  return error.name === "ChunkLoadError" || /Failed to load chunk|Loading chunk .* failed/i.test(error.message);
}
