"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, Suspense, use, useState } from "react";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { MadeMenuJson, MenuLinkJson } from "@/lib/domain/menus/menu-schema";
import { addDays } from "@/lib/format/days";
import { backroomJson } from "@/lib/ui/backroom-json";
import { hashOf, sendOnce, sessionKeyStore } from "@/lib/ui/idempotency";

export interface MenusManagerProps {
  links: MenuLinkJson[];
  /**
   * The states and categories of the brand's snapshot (empty when none could be read), streamed: a key's first snapshot
   * is read as the page opens, and the rest of the form does not wait for it.
   */
  choices: Promise<MenuChoices>;
  canManage: boolean;
  /** Today (UTC), for the expiry's default and minimum. */
  today: string;
  /** The "Ask about this product" address offered: the last link's, else the person's own. */
  contact: string;
}

type MenuChoices = { states: string[]; categories: string[] };

const FIELD =
  "mt-1 block min-h-11 w-full max-w-md rounded border border-slate-500 bg-white px-2 text-base font-normal dark:border-slate-400 dark:bg-slate-900";
const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

const list = (value: FormDataEntryValue | null) =>
  String(value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** What a refusal says, in the API's own words (its fields' first). */
function failureText(failure: unknown): string {
  if (!(failure instanceof DataApiError)) return "Backroom could not be reached: try again.";
  return failure.fieldErrors.map((f) => f.detail).join(" ") || failure.detail;
}

/**
 * The Menus page's body: the form that makes a link (owners and admins), the link just made (its address is shown
 * once: only its hash is kept), and the workspace's links with their state, each revocable by who may make them.
 */
export function MenusManager({ links, choices, canManage, today, contact }: MenusManagerProps) {
  const router = useRouter();
  const [made, setMade] = useState<MadeMenuJson>();
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string }>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<string>();

  async function make(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const body = {
      name: form.get("name"),
      // Ticked, or typed where no snapshot could be read (`Choices`).
      states: [...form.getAll("states").map(String), ...list(form.get("statesTyped"))],
      categories: [...form.getAll("categories").map(String), ...list(form.get("categoriesTyped"))],
      expiresAt: form.get("expiresAt"),
      contactEmail: form.get("contactEmail"),
    };
    setBusy(true);
    setMessage(undefined);
    try {
      // One Idempotency-Key per link asked for, kept until an answer: a double click or a retry makes one link.
      setMade(
        await sendOnce(sessionKeyStore(), `POST /api/menus ${hashOf(JSON.stringify(body))}`, (key) =>
          backroomJson<MadeMenuJson>("POST", "/api/menus", { body, headers: { "Idempotency-Key": key } }),
        ),
      );
      router.refresh();
    } catch (failure) {
      setMessage({ tone: "error", text: failureText(failure) });
    } finally {
      setBusy(false);
    }
  }

  async function revoke(link: MenuLinkJson) {
    setBusy(true);
    try {
      await backroomJson("DELETE", `/api/menus/${encodeURIComponent(link.id)}`);
      setMessage({ tone: "ok", text: `"${link.name}" is revoked: its link now answers "not found".` });
    } catch (failure) {
      setMessage({ tone: "error", text: failureText(failure) });
    } finally {
      setConfirming(undefined);
      setBusy(false);
    }
    router.refresh();
  }

  return (
    <div className="space-y-6">
      {canManage ? (
        <form onSubmit={make} className="max-w-2xl space-y-4 rounded border border-slate-300 p-4 dark:border-slate-700">
          <h2 className="text-lg font-semibold">Make a link</h2>
          <label className="block text-sm font-semibold">
            Name
            <input name="name" required maxLength={100} className={FIELD} placeholder="Holiday menu for buyers" />
          </label>
          {/* Folded: a long list of categories stays out of the way on a phone, and the choices, streamed in while the
              page is read, move nothing when they come. */}
          <details className="rounded border border-slate-300 dark:border-slate-600">
            <summary className="min-h-11 cursor-pointer px-3 py-3 text-sm font-semibold">
              States and categories&nbsp;<span className="font-normal">(none ticked: all)</span>
            </summary>
            <div className="space-y-4 border-t border-slate-200 p-3 dark:border-slate-700">
              <Suspense fallback={<p className="text-sm">Reading the states and categories of your catalogue…</p>}>
                <ChoiceFields choices={choices} />
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
              className={FIELD}
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
              className={FIELD}
            />
          </label>
          <button type="submit" className="pager-button" disabled={busy}>
            {busy ? "Making the link…" : "Make link"}
          </button>
        </form>
      ) : (
        <p className="text-sm">Owners and admins make and revoke links; you see them here.</p>
      )}
      <div role="status" aria-live="polite" className="space-y-2">
        {made && (
          <div className="max-w-2xl rounded border border-green-700 bg-green-50 p-4 text-sm dark:bg-green-950">
            <p className="font-semibold">Link made. Copy it now: Backroom keeps only a fingerprint of it.</p>
            <label className="mt-2 block">
              <span className="sr-only">The menu&apos;s address</span>
              <input
                readOnly
                value={made.url}
                className={`${FIELD} font-mono text-sm`}
                onFocus={(e) => e.target.select()}
              />
            </label>
            <p className="mt-2 flex flex-wrap gap-4">
              <button type="button" className="link" onClick={() => void navigator.clipboard?.writeText(made.url)}>
                Copy link
              </button>
              <a href={made.url} target="_blank" rel="noreferrer" className="link">
                Open the menu
              </a>
            </p>
          </div>
        )}
        {message && (
          <p
            className={
              message.tone === "error" ? "text-red-700 dark:text-red-400" : "text-green-800 dark:text-green-300"
            }
          >
            {message.text}
          </p>
        )}
      </div>
      <section aria-labelledby="links-heading" className="space-y-3">
        <h2 id="links-heading" className="text-lg font-semibold">
          Links ({links.length})
        </h2>
        {links.length === 0 ? (
          <p className="text-sm">No link yet.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {links.map((link) => (
              <li key={link.id} className="space-y-1 rounded border border-slate-300 p-3 text-sm dark:border-slate-700">
                <p className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="text-base font-semibold">{link.name}</span>
                  <span
                    className={
                      link.status === "active"
                        ? "rounded bg-green-100 px-2 text-green-900 dark:bg-green-900 dark:text-green-100"
                        : "rounded bg-slate-200 px-2 text-slate-800 dark:bg-slate-700 dark:text-slate-100"
                    }
                  >
                    {link.status === "active" ? "Active" : link.status === "expired" ? "Expired" : "Revoked"}
                  </span>
                </p>
                <p>States: {link.states.length ? link.states.join(", ") : "all"}</p>
                <p>Categories: {link.categories.length ? link.categories.join(", ") : "all"}</p>
                <p>
                  Expires {DATE.format(new Date(link.expiresAt))} · questions to {link.contactEmail}
                </p>
                <p className="text-slate-700 dark:text-slate-300">
                  Made by {link.createdBy} on {DATE.format(new Date(link.createdAt))}
                </p>
                {canManage && link.status === "active" && (
                  <p className="flex flex-wrap items-center gap-3 pt-1">
                    {confirming === link.id ? (
                      <>
                        <span>Revoke it for everyone?</span>
                        <button
                          type="button"
                          className="pager-button"
                          disabled={busy}
                          onClick={() => void revoke(link)}
                        >
                          Yes, revoke {link.name}
                        </button>
                        <button type="button" className="link" onClick={() => setConfirming(undefined)}>
                          Keep it
                        </button>
                      </>
                    ) : (
                      <button type="button" className="pager-button" onClick={() => setConfirming(link.id)}>
                        Revoke<span className="sr-only"> {link.name}</span>
                      </button>
                    )}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The states and categories to choose from, once the snapshot is read. */
function ChoiceFields({ choices }: { choices: Promise<MenuChoices> }) {
  const { states, categories } = use(choices);
  return (
    <>
      <Choices name="states" legend="States" options={states} hint="Codes such as CA, NV" />
      <Choices
        name="categories"
        legend="Categories"
        options={categories}
        hint="Product types such as Edible: Chocolate"
      />
    </>
  );
}

/** Checkboxes of the snapshot's states or categories (none ticked: all), all in view; a text field when no snapshot could be read. */
function Choices({ name, legend, options, hint }: { name: string; legend: string; options: string[]; hint: string }) {
  if (options.length === 0)
    return (
      <label className="block text-sm font-semibold">
        {legend} <span className="font-normal">(comma-separated; empty: all)</span>
        <input name={`${name}Typed`} className={FIELD} placeholder={hint} />
      </label>
    );
  return (
    <fieldset className="text-sm">
      <legend className="font-semibold">
        {legend} <span className="font-normal">(none ticked: all)</span>
      </legend>
      <div className="mt-1 flex flex-wrap gap-x-4">
        {options.map((option) => (
          <label key={option} className="inline-flex min-h-11 items-center gap-2">
            <input type="checkbox" name={name} value={option} className="size-5" />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
