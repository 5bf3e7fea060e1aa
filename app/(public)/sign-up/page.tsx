import type { Metadata } from "next";
import { SignUpForm } from "@/components/account/sign-up-form";
import { backend } from "@/lib/backend";
import { invitedAddress } from "@/lib/server/core/auth/invitation-address";
import { serverEnv } from "@/lib/server/core/env";
import { safeNext } from "@/lib/session/safe-next";

export const metadata: Metadata = { title: "Create an account · Backroom" };

export default async function SignUpPage({ searchParams }: PageProps<"/sign-up">) {
  const params = await searchParams;
  const next = safeNext(params.next);
  // On the way to an invitation, the account is made with the address it was sent to: no other accepts it.
  const invited = await invitedAddress((await backend()).db, next);
  const email = invited ?? (typeof params.email === "string" ? params.email : undefined);
  return (
    <main id="content" className="mx-auto max-w-2xl space-y-8 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Create a Backroom account</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {invited
            ? "Your own account, for the workspaces you belong to: then you see the invitation, and accept or decline it."
            : "Your own account, for the workspaces you belong to. Then make a workspace for your team and add its Data API key, or accept an invitation to one."}
        </p>
      </div>
      <SignUpForm
        next={next}
        email={email}
        invited={invited !== undefined}
        mailDelivers={Boolean(serverEnv.SMTP_URL)}
      />
    </main>
  );
}
