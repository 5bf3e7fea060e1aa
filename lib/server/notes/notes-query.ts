import "server-only";
import * as z from "zod";
import { NOTES_MAX_CUSTOMERS } from "@/lib/domain/notes/note-rules";
import { CustomerId } from "@/lib/domain/notes/note-schema";

const oneId = z
  .string()
  .regex(/^\d{1,10}$/, "customerId must be a customer's number")
  .transform(Number)
  .pipe(CustomerId);

const idList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10})*$/, "customerIds must be customer numbers separated by commas")
  .transform((text) => [...new Set(text.split(",").map(Number))])
  .pipe(z.array(CustomerId).max(NOTES_MAX_CUSTOMERS, `customerIds takes at most ${NOTES_MAX_CUSTOMERS} customers`));

/**
 * `GET /api/notes`'s query: one customer (`customerId`, as JSON or, with `format=csv`, as a CSV download) or several
 * (`customerIds=1,2,3`, up to 500), and optionally only each customer's newest `latest` notes (1 to 100).
 */
export const NotesQuery = z
  .strictObject(
    {
      customerId: oneId.optional().describe("One customer's CustomerID."),
      customerIds: idList
        .optional()
        .describe(`Several customers' CustomerIDs, separated by commas (up to ${NOTES_MAX_CUSTOMERS}).`),
      latest: z
        .string()
        .regex(/^\d{1,3}$/, "latest must be a whole number from 1 to 100")
        .transform(Number)
        .pipe(
          z
            .number()
            .min(1, "latest must be a whole number from 1 to 100")
            .max(100, "latest must be a whole number from 1 to 100"),
        )
        .optional()
        .describe("Each customer's newest N notes only (1 to 100)."),
      format: z
        .enum(["json", "csv"], { error: "format must be json or csv" })
        .default("json")
        .describe("`csv`: one customer's notes (`customerId`) as a CSV download."),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys" ? `Unknown parameter: ${issue.keys.join(", ")}` : undefined,
    },
  )
  .refine((q) => (q.customerId === undefined) !== (q.customerIds === undefined), {
    message: "Name one customer (customerId=N) or several (customerIds=1,2,3)",
    path: ["customerId"],
  })
  .refine((q) => q.format === "json" || q.customerIds === undefined, {
    message: "The CSV is one customer's notes: use customerId=N with format=csv",
    path: ["format"],
  });

export type NotesQuery = z.output<typeof NotesQuery>;
