"use client";

import Link from "next/link";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { formatClock } from "@/lib/format/display";
import type { NotificationsJson } from "@/lib/session/notifications-view";

/** How often the bell asks for the unread count while the page is visible (Backroom's own endpoint: no API budget). */
const POLL_MS = 60_000;

/**
 * The header's inbox: a bell with the unread count, and the person's notifications when opened (what happened to
 * their payment requests and purchase orders, learned while they were away), each linking to its record. Opening it
 * shows them; "Mark all read" clears the count; following one marks it read.
 */
export function NotificationBell({ initialUnread, timeZone }: { initialUnread: number; timeZone: string | undefined }) {
  const [unread, setUnread] = useState(initialUnread);
  const [open, setOpen] = useState(false);
  const [inbox, setInbox] = useState<NotificationsJson>();
  const [failure, setFailure] = useState<string>();
  const [marking, setMarking] = useState(false);
  // A ref as well as the state: a double-click's second event comes before the re-render that disables the button.
  const markingRef = useRef(false);
  const panelId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    const response = await fetch("/api/notifications", { credentials: "same-origin" }).catch(() => undefined);
    if (!response?.ok) return setFailure("Notifications could not be loaded. Try again in a moment.");
    const body = (await response.json()) as NotificationsJson;
    setFailure(undefined);
    setInbox(body);
    setUnread(body.unread);
  }, []);

  useEffect(() => {
    const tick = () => {
      if (document.visibilityState === "visible") void load();
    };
    const timer = window.setInterval(tick, POLL_MS);
    document.addEventListener("visibilitychange", tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [load]);

  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [open]);

  async function markRead(body: { ids: string[] } | { all: true }) {
    // One at a time: a double-click sends one request (a second would be harmless, and is not needed).
    if (markingRef.current) return;
    markingRef.current = true;
    setMarking(true);
    const response = await fetch("/api/notifications/read", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    }).catch(() => undefined);
    if (response?.ok) await load();
    markingRef.current = false;
    setMarking(false);
  }

  function toggle() {
    if (!open) void load();
    setOpen(!open);
  }

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  const label = unread === 0 ? "Notifications" : `Notifications, ${unread} unread`;
  return (
    <div className="relative text-xs" onKeyDown={(e) => e.key === "Escape" && open && close()}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={toggle}
        className="flex min-h-11 min-w-11 items-center justify-center gap-1 rounded px-1 py-0.5 hover:bg-slate-100 md:min-h-0 md:min-w-0 dark:hover:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M10 2a5 5 0 0 0-5 5v3.6L3.3 13.5A1 1 0 0 0 4.2 15h11.6a1 1 0 0 0 .9-1.5L15 10.6V7a5 5 0 0 0-5-5Zm0 17a2.5 2.5 0 0 0 2.4-2h-4.8A2.5 2.5 0 0 0 10 19Z" />
        </svg>
        {unread > 0 && (
          <span className="min-w-4 rounded-full bg-red-700 px-1 text-center font-semibold text-white">{unread}</span>
        )}
      </button>
      {open && (
        <section
          id={panelId}
          aria-labelledby={`${panelId}-heading`}
          className="absolute right-0 z-20 mt-1 w-80 max-w-[90vw] rounded border border-slate-300 bg-white p-3 shadow-lg dark:border-slate-600 dark:bg-slate-900"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <h2
              id={`${panelId}-heading`}
              ref={headingRef}
              tabIndex={-1}
              className="text-sm font-semibold focus:outline-none"
            >
              Notifications
            </h2>
            {unread > 0 && (
              <button type="button" className="link" disabled={marking} onClick={() => void markRead({ all: true })}>
                Mark all read
              </button>
            )}
          </div>
          {failure && (
            <p role="alert" className="text-red-800 dark:text-red-300">
              {failure}
            </p>
          )}
          {!inbox && !failure && <p aria-busy="true">Loading…</p>}
          {inbox && inbox.items.length === 0 && (
            <p className="text-slate-700 dark:text-slate-300">
              Nothing yet. Backroom tells you here when the ERP settles a payment request or imports a purchase order of
              yours, and what your workspace&apos;s data needs of you.
            </p>
          )}
          {inbox && inbox.items.length > 0 && (
            <ul className="max-h-96 space-y-2 overflow-y-auto">
              {inbox.items.map((item) => (
                <li key={item.id} className={item.read ? "text-slate-700 dark:text-slate-300" : "font-semibold"}>
                  {item.link ? (
                    <Link
                      href={item.link as never}
                      prefetch={false}
                      className="link"
                      onClick={() => void markRead({ ids: [item.id] }).then(close)}
                    >
                      {item.title}
                    </Link>
                  ) : (
                    <span>{item.title}</span>
                  )}
                  <span className="block font-normal text-slate-700 dark:text-slate-300">
                    {item.read ? "" : "Unread · "}
                    {formatClock(item.createdAt, timeZone, new Date())}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-3 border-t border-slate-300 pt-2 dark:border-slate-600">
            <Link href="/account/notifications" prefetch={false} className="link" onClick={close}>
              Notification settings
            </Link>
          </p>
        </section>
      )}
    </div>
  );
}
