"use client";

import type { MenuLinkJson } from "@/lib/domain/menus/menu-schema";

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

interface MenuLinkCardProps {
  link: MenuLinkJson;
  canManage: boolean;
  /** Whether its revocation is being confirmed. */
  confirming: boolean;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
  onRevoke: () => void;
}

/** One of the workspace's links: its state, what it shows, its expiry, who made it, and its revocation. */
export function MenuLinkCard({ link, canManage, confirming, busy, onConfirm, onKeep, onRevoke }: MenuLinkCardProps) {
  return (
    <li className="space-y-1 rounded border border-slate-300 p-3 text-sm dark:border-slate-700">
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
          {confirming ? (
            <>
              <span>Revoke it for everyone?</span>
              <button type="button" className="pager-button" disabled={busy} onClick={onRevoke}>
                Yes, revoke {link.name}
              </button>
              <button type="button" className="link" onClick={onKeep}>
                Keep it
              </button>
            </>
          ) : (
            <button type="button" className="pager-button" onClick={onConfirm}>
              Revoke<span className="sr-only"> {link.name}</span>
            </button>
          )}
        </p>
      )}
    </li>
  );
}
