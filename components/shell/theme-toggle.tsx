"use client";

import { useState } from "react";
import { parseTheme, savePreference, type Theme, THEME_COOKIE, THEMES } from "@/lib/ui/preferences";

const LABELS: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark" };

/** Light, dark, or the system's setting: applied at once, and kept in a cookie so the server renders it next time. */
export function ThemeToggle({ initial }: { initial: Theme }) {
  const [theme, setTheme] = useState<Theme>(initial);
  function choose(value: string) {
    const next = parseTheme(value);
    setTheme(next);
    savePreference(THEME_COOKIE, next);
    if (next === "system") document.documentElement.removeAttribute("data-theme");
    else document.documentElement.setAttribute("data-theme", next);
  }
  return (
    <div className="flex items-center gap-1 text-xs">
      <label htmlFor="theme-choice" className="text-slate-800 dark:text-slate-200">
        Theme
      </label>
      <select id="theme-choice" value={theme} onChange={(e) => choose(e.target.value)} className="rounded border border-slate-400 bg-white px-1 py-0.5 dark:bg-slate-900">
        {THEMES.map((t) => (
          <option key={t} value={t}>
            {LABELS[t]}
          </option>
        ))}
      </select>
    </div>
  );
}
