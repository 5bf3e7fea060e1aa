import type { Metadata } from "next";
import { Unsubscribe } from "@/components/account/unsubscribe";

export const metadata: Metadata = { title: "Unsubscribe · Backroom", robots: { index: false } };

// GET /unsubscribe?token=…: where an email's unsubscribe link lands. Opening it stops those emails (no sign-in: the
// signed token says whose and which); the page only reads the token, the stop is a POST its script makes.
export default async function UnsubscribePage({ searchParams }: PageProps<"/unsubscribe">) {
  const { token } = await searchParams;
  return (
    <main id="content" className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">Unsubscribe</h1>
      <Unsubscribe token={typeof token === "string" ? token : ""} />
    </main>
  );
}
