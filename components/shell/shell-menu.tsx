"use client";

import { usePathname } from "next/navigation";
import { createContext, type RefObject, use, useRef, useState } from "react";
import { MENU_PARTS } from "./menu-parts";

interface ShellMenuState {
  open: boolean;
  toggle: () => void;
  /** Closes the menu; `focusButton` gives the focus back to the Menu button (Escape). */
  close: (focusButton?: boolean) => void;
  button: RefObject<HTMLButtonElement | null>;
}

const ShellMenuContext = createContext<ShellMenuState>({
  open: false,
  toggle: () => {},
  close: () => {},
  button: { current: null },
});

/** Whether the phone's menu is open, and how to open and close it (the header's button, the menu's links). */
export function useShellMenu(): ShellMenuState {
  return use(ShellMenuContext);
}

/**
 * The page's frame, holding whether the phone's menu is open: below `md` the header is one row (the product's name,
 * the bell, a Menu button) and the menu (the header's controls, and the dashboard's navigation) opens under it. It
 * closes on Escape (the focus back on its button), when a link in it is followed, and when the page changes.
 */
export function ShellMenu({ className, children }: { className?: string; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const [seen, setSeen] = useState(pathname);
  if (seen !== pathname) {
    // A page opened by any means (a link, Back): the menu it was opened from is done.
    setSeen(pathname);
    setOpen(false);
  }
  const close = (focusButton = false) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  return (
    <ShellMenuContext value={{ open, toggle: () => setOpen((o) => !o), close, button }}>
      <div
        className={className}
        onKeyDown={(e) =>
          e.key === "Escape" && open && (e.target as Element).closest(`#${MENU_PARTS.join(", #")}`) && close(true)
        }
      >
        {children}
      </div>
    </ShellMenuContext>
  );
}

/** The header's Menu button (a phone's only: at `md` and up everything it opens is on the screen). */
export function MenuButton({ controls }: { controls: string }) {
  const { open, toggle, button } = useShellMenu();
  return (
    <button
      ref={button}
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={toggle}
      className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded border border-slate-400 px-3 text-sm font-semibold md:hidden"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
        {open ? (
          <path d="M5.3 4 4 5.3 8.7 10 4 14.7 5.3 16 10 11.3l4.7 4.7 1.3-1.3L11.3 10 16 5.3 14.7 4 10 8.7Z" />
        ) : (
          <path d="M3 5h14v2H3Zm0 4h14v2H3Zm0 4h14v2H3Z" />
        )}
      </svg>
      Menu
    </button>
  );
}

/**
 * What the menu holds on a phone, shown when it is open; at `md` and up its parts are laid out by the header itself
 * (`display: contents`), whatever the menu's state.
 */
export function MenuPanel({
  id,
  className = "",
  children,
}: {
  id: string;
  className?: string;
  children: React.ReactNode;
}) {
  const { open } = useShellMenu();
  return (
    <div id={id} className={`${open ? "flex" : "hidden"} ${className} md:contents`}>
      {children}
    </div>
  );
}
