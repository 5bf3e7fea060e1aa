"use client";

import { type FormEvent, Suspense } from "react";
import { addDays } from "@/lib/format/days";
import { type MenuChoices, MenuChoiceFields } from "./menu-choices";
import { MENU_FIELD } from "./menu-field";

interface MenuLinkFormProps {
  choices: Promise<MenuChoices>;
  /** Today (UTC), for the expiry's default and minimum. */
  today: string;
  /** The "Ask about this product" address offered. */
  contact: string;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The form that makes a link: its name, states and categories, expiry and contact address. */
export function MenuLinkForm({ choices, today, contact, busy, onSubmit }: MenuLinkFormProps) {
  return (
    <form onSubmit={onSubmit} className="max-w-2xl space-y-4 rounded border border-slate-300 p-4 dark:border-slate-700">
      <h2 className="text-lg font-semibold">Make a link</h2>
      <label className="block text-sm font-semibold">
        Name
        <input name="name" required maxLength={100} className={MENU_FIELD} placeholder="Holiday menu for buyers" />
      </label>
      {/* Folded: a long list of categories stays out of the way on a phone, and the choices, streamed in while the
          page is read, move nothing when they come. */}
      <details className="rounded border border-slate-300 dark:border-slate-600">
        <summary className="min-h-11 cursor-pointer px-3 py-3 text-sm font-semibold">
          States and categories&nbsp;<span className="font-normal">(none ticked: all)</span>
        </summary>
        <div className="space-y-4 border-t border-slate-200 p-3 dark:border-slate-700">
          <Suspense fallback={<p className="text-sm">Reading the states and categories of your catalogue…</p>}>
            <MenuChoiceFields choices={choices} />
          </Suspense>
        </div>
      </details>
      <label className="block text-sm font-semibold">
        Expires on
        <input
          name="expiresAt"
          type="date"
          required
          min={addDays(today, 1)}
          max={addDays(today, 366)}
          defaultValue={addDays(today, 30)}
          className={MENU_FIELD}
        />
      </label>
      <label className="block text-sm font-semibold">
        Contact email for &ldquo;Ask about this product&rdquo;
        <input
          name="contactEmail"
          type="email"
          required
          maxLength={200}
          defaultValue={contact}
          autoComplete="email"
          className={MENU_FIELD}
        />
      </label>
      <button type="submit" className="pager-button" disabled={busy}>
        {busy ? "Making the link…" : "Make link"}
      </button>
    </form>
  );
}
