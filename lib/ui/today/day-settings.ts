import { isDataApiError } from "@/lib/data-api/data-api-error";

/** What `PUT /api/today/plan/settings` takes. */
export interface DayBody {
  start: string | null;
  endAtLastStop: boolean;
  dayMinutes: number;
  visitMinutes: number;
}

/** The "Your day" form's fields a refusal can name, and its line for the rest. */
export interface DayProblems {
  start?: string;
  dayHours?: string;
  visitMinutes?: string;
  form?: string;
}

/** The API's field for each of the form's: the day is chosen in hours and sent in minutes. */
const FIELD_OF: Record<string, keyof DayProblems> = {
  start: "start",
  dayMinutes: "dayHours",
  visitMinutes: "visitMinutes",
};

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The "Your day" form as the API takes it: an empty start is none of the member's own (the phone's position or the
 * warehouse); the minutes as typed, so the server's refusal names what is wrong with them on their field.
 *
 * @example
 * dayBody(form); // { start: "94607", endAtLastStop: false, dayMinutes: 480, visitMinutes: 25 }
 */
export function dayBody(form: FormData): DayBody {
  const start = String(form.get("start") ?? "").trim();
  return {
    start: start || null,
    endAtLastStop: form.get("endAtLastStop") === "on",
    dayMinutes: Math.round(Number(form.get("dayHours")) * 60),
    visitMinutes: Number(form.get("visitMinutes")),
  };
}

/**
 * Where a failed save is said: each refused field on its own field, else the answer's words (or a plain sentence
 * without an answer) on the form's line.
 *
 * @example
 * dayProblems(error); // { visitMinutes: "A visit: whole minutes" }
 */
export function dayProblems(error: unknown): DayProblems {
  if (!isDataApiError(error)) return { form: "Your day could not be saved." };
  const problems: DayProblems = {};
  for (const { field, detail } of error.fieldErrors) {
    const on = FIELD_OF[field];
    // The API names the field in its words ("visitMinutes: a visit: whole minutes"): the form's label does here.
    if (on) problems[on] ??= sentence(detail.startsWith(`${field}: `) ? detail.slice(field.length + 2) : detail);
  }
  return Object.keys(problems).length > 0 ? problems : { form: error.detail };
}
