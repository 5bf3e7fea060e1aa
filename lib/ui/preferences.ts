/**
 * A person's display preferences, kept in plain cookies so the server renders the page the way it will look
 * (no flash of the wrong theme, dates in the viewer's zone from the first paint). Neither is a secret.
 */

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_COOKIE = "theme";
export const TIME_ZONE_COOKIE = "tz";

/** The theme a cookie names, "system" for anything else. */
export function parseTheme(value: string | undefined): Theme {
  return (THEMES as readonly string[]).includes(value ?? "") ? (value as Theme) : "system";
}

/** An IANA zone the runtime knows ("America/Los_Angeles"), or undefined. */
export function parseTimeZone(value: string | undefined): string | undefined {
  if (!value || value.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Sets a preference cookie for a year, for every path (browser only). */
export function savePreference(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
