import "server-only";
import * as z from "zod";
import type { StaleNote } from "@/lib/data-api/response-meta";

/**
 * `StaleNote` as a schema: an answer read wholly or partly from the proxy's last-known copy says why and when. One
 * piece for every answer that carries it (the order guide's, Today's); each says in its own `.describe` what it is
 * the note of. Kept on the server with the answers (`/api/openapi.json`): the pages load no zod for it.
 */
export const StaleNoteAnswer = z.object({
  reason: z.enum(["rate-limited", "api-error", "timeout", "unreachable"]),
  at: z.string().describe("When the copy was read from the Data API (ISO)."),
  until: z.string().optional().describe("When the Data API's budget returns (ISO), when it said."),
}) satisfies z.ZodType<StaleNote>;
