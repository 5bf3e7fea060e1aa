import { serve } from "@/lib/backend";
import { deleteNote } from "@/lib/server/notes/notes-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// DELETE /api/notes/{noteId}: the author deletes their visit note within a day of writing it.
export const DELETE = serve(deleteNote);
