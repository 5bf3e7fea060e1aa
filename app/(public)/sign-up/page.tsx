import type { Metadata } from "next";
import { SignUpForm } from "@/components/account/sign-up-form";
import { serverEnv } from "@/lib/server/env";
import { safeNext } from "@/lib/session/safe-next";

export const metadata: Metadata = { title: "Create an account · Backroom" };

export default async function SignUpPage({ searchParams }: PageProps<"/sign-up">) {
  const params = await searchParams;
  const email = typeof params.email === "string" ? params.email : undefined;
  return (
    <main id="content" className="mx-auto max-w-2xl space-y-8 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Create a Backroom account</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Your own account, for the workspaces you belong to. Then make a workspace for your team and add its Data API key, or accept an invitation to
          one.
        </p>
      </div>
      <SignUpForm next={safeNext(params.next)} email={email} mailDelivers={Boolean(serverEnv.SMTP_URL)} />
    </main>
  );
}
