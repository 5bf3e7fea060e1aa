import { serve } from "@/lib/backend";
import { createNote, listNotes } from "@/lib/server/notes/notes-api";

export const GET = serve(listNotes);
export const POST = serve(createNote);
