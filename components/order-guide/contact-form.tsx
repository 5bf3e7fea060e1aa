"use client";

import { useState } from "react";
import { backroomJson } from "@/lib/ui/backroom-json";

interface ContactFormProps {
  contact: string | null;
  /** Owners and admins set it; the others read it. */
  mayEdit: boolean;
}

/** The workspace's contact address: where a list goes when the store's record has no SalesRepEmail. */
export function ContactForm({ contact, mayEdit }: ContactFormProps) {
  const [saved, setSaved] = useState(contact);
  const [said, setSaid] = useState<string | null>(null);
  const explain =
    "Where a list goes when the store's record has no rep's address (SalesRepEmail). Without either, a list cannot be sent.";
  if (!mayEdit)
    return (
      <section aria-labelledby="contact-title" className="space-y-1 text-sm">
        <h2 id="contact-title" className="font-semibold">
          The workspace&apos;s contact
        </h2>
        <p>
          {saved ?? "None."} {explain} Owners and admins set it.
        </p>
      </section>
    );
  async function save(form: FormData) {
    const email = String(form.get("email") ?? "").trim() || null;
    try {
      await backroomJson("PUT", "/api/order-guide/contact", { body: { email } });
      setSaved(email);
      setSaid(email ? `Saved: lists with no rep's address go to ${email}.` : "Removed.");
    } catch (failure) {
      setSaid(failure instanceof Error ? failure.message : "Not saved. Try again.");
    }
  }
  return (
    <form action={save} aria-labelledby="contact-title" className="max-w-xl space-y-2 text-sm">
      <h2 id="contact-title" className="font-semibold">
        The workspace&apos;s contact
      </h2>
      <p>{explain}</p>
      <label className="block">
        <span className="block">Contact email</span>
        <input
          type="email"
          name="email"
          defaultValue={saved ?? ""}
          autoComplete="email"
          className="h-11 w-full rounded border border-slate-400 px-2 dark:border-slate-500 dark:bg-slate-900"
        />
      </label>
      <button
        type="submit"
        className="min-h-11 rounded border border-slate-500 px-4 font-semibold dark:border-slate-400"
      >
        Save the contact
      </button>
      <p role="status" aria-live="polite">
        {said}
      </p>
    </form>
  );
}
