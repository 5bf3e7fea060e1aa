"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useAction } from "@/components/account/use-action";
import { SAVED_VIEWS_KEY, savedViewsClient } from "@/lib/session/saved-views-client";
import { BUTTON, FIELD_ERROR, fieldClass, PRIMARY } from "@/lib/ui/styles";
import { viewHref } from "@/lib/domain/views/view-href";

/** The saved views, read once for every list page of the visit (Backroom's own database, not the Data API). */
export function useSavedViews() {
  return useQuery({
    queryKey: SAVED_VIEWS_KEY,
    queryFn: async () => {
      const result = await savedViewsClient.list();
      if (!result.ok) throw result.error;
      return result.data;
    },
    staleTime: 60_000,
  });
}

/**
 * The address of the page as a view would save it. The control is drawn on list pages only (`ListPage`), and the
 * server checks the address again when it is saved (`readViewAddress`), so the browser needs no table of list pages.
 */
function currentAddress(pathname: string, search: string): string | undefined {
  return viewHref({ pathname: pathname.replace(/\/+$/, "") || "/", params: new URLSearchParams(search) });
}

/**
 * "Save view" on a list page: names the page's address (its filters, columns and page size) and saves it for the
 * workspace; says when this address is saved already, with a link to the Saved views page.
 */
export function SaveView() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const address = currentAddress(pathname, search);
  const ids = { form: useId(), name: useId(), error: useId() };
  const queryClient = useQueryClient();
  const views = useSavedViews();
  const { busy, run } = useAction();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  /** What the last save said, for the address it saved (another address of the page does not say it). */
  const [said, setSaid] = useState<{ address: string; text: string }>();
  const idempotencyKey = useRef("");
  const toggle = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  if (!address) return null;
  const saved = views.data?.views.find((v) => v.path === address);
  const note = said?.address === address ? said.text : saved ? `Saved as “${saved.name}”.` : undefined;

  function close() {
    setOpen(false);
    setError(undefined);
    toggle.current?.focus();
  }

  const save = () =>
    run(async () => {
      setError(undefined);
      const result = await savedViewsClient.create({ name, path: address! }, idempotencyKey.current);
      if (!result.ok) return setError(result.fields.name ?? result.fields.path ?? result.message);
      await queryClient.invalidateQueries({ queryKey: SAVED_VIEWS_KEY });
      setSaid({ address: address!, text: `Saved as “${result.data.name}”.` });
      setName("");
      close();
    });

  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <button
        ref={toggle}
        type="button"
        className={BUTTON}
        aria-expanded={open}
        aria-controls={ids.form}
        onClick={() => {
          if (open) return close();
          idempotencyKey.current = crypto.randomUUID();
          setSaid(undefined);
          setOpen(true);
        }}
      >
        Save view
      </button>
      <p role="status" aria-live="polite" className="text-slate-700 dark:text-slate-300">
        {note}
        {note && (
          <>
            {" "}
            <Link href="/saved-views" prefetch={false} className="link">
              Saved views
            </Link>
          </>
        )}
      </p>
      {open && (
        <form
          id={ids.form}
          aria-label="Save this view"
          className="flex w-full flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") close();
          }}
        >
          <div>
            <label htmlFor={ids.name} className="block text-xs font-medium">
              View name
            </label>
            <input
              ref={input}
              id={ids.name}
              value={name}
              maxLength={80}
              required
              onChange={(e) => setName(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              className={fieldClass(Boolean(error), "w-64")}
            />
            {error && (
              <p id={ids.error} className={FIELD_ERROR}>
                {error}
              </p>
            )}
          </div>
          <button type="submit" className={PRIMARY} disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </button>
          <button type="button" className={BUTTON} onClick={close}>
            Cancel
          </button>
        </form>
      )}
    </div>
  );
}
