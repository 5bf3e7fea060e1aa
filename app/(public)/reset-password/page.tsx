import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/account/reset-password-form";

export const metadata: Metadata = { title: "Set a new password · Backroom" };

export default async function ResetPasswordPage({ searchParams }: PageProps<"/reset-password">) {
  const params = await searchParams;
  // better-auth's reset link redirects here with the token, or with error=INVALID_TOKEN when it has expired or was used.
  const token = typeof params.token === "string" && params.token ? params.token : undefined;
  return (
    <main id="content" className="mx-auto max-w-2xl space-y-8 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Set a new password</h1>
      </div>
      {token && !params.error ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="space-y-3">
          <p
            role="alert"
            className="rounded border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-950 dark:bg-red-950 dark:text-red-100"
          >
            {params.error
              ? "This reset link has expired or was used already: each link works once, for an hour."
              : "This page needs the link from your reset mail: open the mail and follow its link."}
          </p>
          <p className="text-sm">
            <Link href="/forgot-password" className="link" prefetch={false}>
              Ask for a new link
            </Link>
          </p>
        </div>
      )}
    </main>
  );
}
