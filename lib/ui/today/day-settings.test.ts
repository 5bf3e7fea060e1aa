import { describe, expect, it } from "vitest";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { dayBody, dayProblems } from "./day-settings";

const form = (fields: Record<string, string | undefined>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.set(name, value);
  return data;
};

const refusal = (field: string, detail: string) =>
  new DataApiError({
    status: 400,
    code: "VALIDATION_FAILED",
    detail: "Send {start, endAtLastStop, dayMinutes, visitMinutes}.",
    fieldErrors: [{ field, code: "INVALID_VALUE", detail }],
  });

describe("dayBody", () => {
  it.each([
    {
      name: "a postal code, ending at the last stop",
      fields: { start: " 94607 ", endAtLastStop: "on", dayHours: "7.5", visitMinutes: "30" },
      body: { start: "94607", endAtLastStop: true, dayMinutes: 450, visitMinutes: 30 },
    },
    {
      name: "an empty start: none of the member's own",
      fields: { start: "  ", dayHours: "8", visitMinutes: "25" },
      body: { start: null, endAtLastStop: false, dayMinutes: 480, visitMinutes: 25 },
    },
    {
      // Sent as typed: the server names the problem on its field.
      name: "a visit of 25.5 minutes",
      fields: { start: "", dayHours: "8", visitMinutes: "25.5" },
      body: { start: null, endAtLastStop: false, dayMinutes: 480, visitMinutes: 25.5 },
    },
  ])("sends $name", ({ fields, body }) => {
    expect(dayBody(form(fields))).toEqual(body);
  });
});

describe("dayProblems", () => {
  it.each([
    {
      field: "start",
      detail: "No postal code or city this plan knows",
      problems: { start: "No postal code or city this plan knows" },
    },
    {
      field: "dayMinutes",
      detail: "dayMinutes: the day: 60 to 840 minutes",
      problems: { dayHours: "The day: 60 to 840 minutes" },
    },
    {
      field: "visitMinutes",
      detail: "visitMinutes: a visit: whole minutes",
      problems: { visitMinutes: "A visit: whole minutes" },
    },
  ])("puts a refusal of $field on its field", ({ field, detail, problems }) => {
    expect(dayProblems(refusal(field, detail))).toEqual(problems);
  });

  it("says a refusal of no field of the form, and a failure without an answer, in the form's line", () => {
    expect(dayProblems(refusal("body", "Send JSON."))).toEqual({
      form: "Send {start, endAtLastStop, dayMinutes, visitMinutes}.",
    });
    expect(dayProblems(new TypeError("boom"))).toEqual({ form: "Your day could not be saved." });
  });
});
