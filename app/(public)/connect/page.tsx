import type { Metadata } from "next";
import { ConnectForm } from "@/components/session/connect-form";
import { KeyRing } from "@/components/session/key-ring";
import { backend, isSandbox } from "@/lib/backend";
import { currentSession } from "@/lib/server/current-session";
import { safeNext } from "@/lib/session/safe-next";

export const metadata: Metadata = { title: "Connect · Backroom" };

export default async function ConnectPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [session, params] = await Promise.all([currentSession(backend), searchParams]);
  const sandbox = { production: isSandbox("production"), test: isSandbox("test") };
  return (
    <main id="content" className="mx-auto max-w-2xl space-y-8 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Connect to the Data API</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Paste the API key the distributor issued you. Backroom checks it, tells what it can see, and keeps it encrypted on the
          server: your browser never holds it again, and signing out deletes it.
        </p>
      </div>
      {params.expired === "1" && (
        <p role="alert" className="rounded border border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          Your session has ended. Connect again to go back where you were.
        </p>
      )}
      <ConnectForm sandbox={sandbox} next={safeNext(params.next)} />
      {session && session.keys.length > 0 && <KeyRing keys={session.keys} activeKeyId={session.active?.id} />}
    </main>
  );
}
