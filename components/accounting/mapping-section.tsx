"use client";

import { useQuery } from "@tanstack/react-query";
import { type ComponentType, useEffect, useState } from "react";
import { useTimeZone } from "@/components/shell/providers";
import { RequestError } from "@/components/table/request-error";
import { formatDateTime } from "@/lib/format/display";
import { type MappingJson, mappingQueryOptions } from "@/lib/ui/accounting/accounting-client";
import { loadOnce } from "@/lib/ui/browser-api";

// The form's code (react-hook-form and zod's checks) loads beside the mapping's answer, not with the page: the export's
// form and preview, above it, do not wait for it.
const loadEditor = loadOnce(() => import("./mapping-editor").then((m) => m.MappingEditor));

/** The mapping's editor once its code has come, or why it could not. */
function useEditor(): { Editor?: ComponentType<{ data: MappingJson }>; failed: boolean } {
  const [editor, setEditor] = useState<{ component: ComponentType<{ data: MappingJson }> }>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadEditor().then(
      (component) => live && setEditor({ component }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return { Editor: editor?.component, failed };
}

/**
 * The workspace's mapping (`GET /api/accounting/mapping`): how its books name the distributor, the accounts, the tax
 * code and the dates, set once and used by every export from then on. Owners, admins and the Accounts role change
 * it; others read it.
 */
export function MappingSection() {
  const timeZone = useTimeZone();
  const mapping = useQuery(mappingQueryOptions);
  const { Editor, failed } = useEditor();
  const data = mapping.data;
  return (
    <section id="mapping" aria-labelledby="mapping-heading" className="max-w-5xl space-y-3">
      <div>
        <h2 id="mapping-heading" className="text-lg font-semibold">
          How your books name things
        </h2>
        <p className="max-w-3xl text-sm text-slate-700 dark:text-slate-300" data-testid="mapping-state">
          {data === undefined
            ? "Set once for the workspace: every export names the vendor, the accounts and the dates this way."
            : data.updatedAt === null
              ? "Not set yet: the files use the defaults below. Set them as your company file names things before the first import."
              : `Set ${formatDateTime(data.updatedAt, timeZone)}: every export since names the vendor, the accounts and the dates this way.`}
        </p>
      </div>
      {mapping.error && !data ? (
        <RequestError error={mapping.error} onRetry={() => void mapping.refetch()} what="the mapping" />
      ) : failed ? (
        <p role="alert" className="text-sm font-semibold text-red-800 dark:text-red-300">
          The mapping&apos;s form could not be loaded: check your connection, then reload the page.
        </p>
      ) : data && Editor ? (
        <Editor data={data} />
      ) : (
        <span role="status" aria-busy="true" aria-label="Loading the mapping" className="skeleton block h-64 w-full" />
      )}
    </section>
  );
}
