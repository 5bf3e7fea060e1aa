import { serve } from "@/lib/backend";
import { createNote, listNotes } from "@/lib/server/notes/notes-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/notes?customerId=N (or ?customerIds=1,2,3; &format=csv for one customer's CSV): visit notes, newest first.
export const GET = serve(listNotes);

// POST /api/notes {customerId, text} with an Idempotency-Key: writes a visit note.
export const POST = serve(createNote);
