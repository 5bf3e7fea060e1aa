import { backend } from "@/lib/backend";
import { deleteNote } from "@/lib/server/notes/notes-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ noteId: string }> };

// DELETE /api/notes/{noteId}: the author deletes their visit note within a day of writing it.
export const DELETE = answerFailures(async (request: Request, context: Context) =>
  deleteNote(request, (await context.params).noteId, await backend()),
);
