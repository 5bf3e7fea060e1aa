import { AUDIT_EVENTS } from "@/lib/audit/audit-types";

/** The filters' names in the address, as the form sends them. */
export const ACTIVITY_FILTERS = ["event", "person", "from", "to"] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters and page the address names, kept to what `GET /api/activity` takes (a bad value is dropped, not sent). */
export function activityFilters(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const event = params.get("event");
  if (event && (AUDIT_EVENTS as readonly string[]).includes(event)) out.set("event", event);
  for (const name of ["from", "to"] as const) {
    const value = params.get(name);
    if (value && DATE.test(value)) out.set(name, value);
  }
  const person = params.get("person");
  if (person && person.length <= 100) out.set("person", person);
  const page = Number(params.get("page"));
  if (Number.isInteger(page) && page > 1) out.set("page", String(page));
  return out;
}
