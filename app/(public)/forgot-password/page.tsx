import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/account/forgot-password-form";
import { serverEnv } from "@/lib/server/core/env";

export const metadata: Metadata = { title: "Forgot your password · Backroom" };

export default function ForgotPasswordPage() {
  return (
    <main id="content" className="mx-auto max-w-2xl space-y-8 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Forgot your password?</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Backroom mails a link to set a new one to your account&apos;s address.
        </p>
      </div>
      <ForgotPasswordForm mailDelivers={Boolean(serverEnv.SMTP_URL)} />
    </main>
  );
}
