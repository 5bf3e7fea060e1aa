"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { MadeMenuJson, MenuLinkJson } from "@/lib/domain/menus/menu-schema";
import { backroomJson } from "@/lib/ui/backroom-json";
import { hashOf, sendOnce, sessionKeyStore } from "@/lib/ui/idempotency";
import { MadeMenuLink } from "./made-menu-link";
import type { MenuChoices } from "./menu-choices";
import { MenuLinkCard } from "./menu-link-card";
import { MenuLinkForm } from "./menu-link-form";

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
        <MenuLinkForm choices={choices} today={today} contact={contact} busy={busy} onSubmit={make} />
      ) : (
        <p className="text-sm">Owners and admins make and revoke links; you see them here.</p>
      )}
      <div role="status" aria-live="polite" className="space-y-2">
        {made && <MadeMenuLink made={made} />}
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
              <MenuLinkCard
                key={link.id}
                link={link}
                canManage={canManage}
                confirming={confirming === link.id}
                busy={busy}
                onConfirm={() => setConfirming(link.id)}
                onKeep={() => setConfirming(undefined)}
                onRevoke={() => void revoke(link)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
