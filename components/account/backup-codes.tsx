"use client";

import { CopyButton } from "@/components/table/copy-button";

interface BackupCodesProps {
  codes: string[];
}

/** Backup codes, shown once: each signs in once in place of the authenticator app. */
export function BackupCodes({ codes }: BackupCodesProps) {
  return (
    <div className="space-y-2 rounded border border-amber-600 bg-amber-50 px-4 py-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
      <p className="text-sm font-semibold">
        Your backup codes: keep them somewhere safe now. Backroom shows them this once.
      </p>
      <p className="text-sm">Each one signs you in once without the app, if you lose your phone.</p>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-3" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton text={codes.join("\n")} label="Copy the backup codes:" />
    </div>
  );
}
