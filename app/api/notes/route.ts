import { backend } from "@/lib/backend";
import { createNote, listNotes } from "@/lib/server/notes/notes-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/notes?customerId=N (or ?customerIds=1,2,3; &format=csv for one customer's CSV): visit notes, newest first.
export const GET = answerFailures(async (request: Request) => listNotes(request, await backend()));

// POST /api/notes {customerId, text} with an Idempotency-Key: writes a visit note.
export const POST = answerFailures(async (request: Request) => createNote(request, await backend()));
