"use client";

import { useState } from "react";
import { parseTheme, savePreference, type Theme, THEME_COOKIE, THEMES } from "@/lib/ui/preferences";
import { HEADER_FIELD, HEADER_LABEL, HEADER_SELECT } from "./header-field";

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
    <div className={HEADER_FIELD}>
      <label htmlFor="theme-choice" className={HEADER_LABEL}>
        Theme
      </label>
      <select id="theme-choice" value={theme} onChange={(e) => choose(e.target.value)} className={HEADER_SELECT}>
        {THEMES.map((t) => (
          <option key={t} value={t}>
            {LABELS[t]}
          </option>
        ))}
      </select>
    </div>
  );
}
