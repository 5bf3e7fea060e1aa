/**
 * The time zones a schedule's form offers: the runtime's list, with the one already chosen and UTC always in it.
 *
 * @example
 * timeZoneChoices("America/Los_Angeles").includes("UTC"); // true
 */
export function timeZoneChoices(chosen: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([chosen, "UTC", ...known])].sort();
}
