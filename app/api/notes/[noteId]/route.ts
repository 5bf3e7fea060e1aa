import { serve } from "@/lib/backend";
import { deleteNote } from "@/lib/server/notes/notes-api";

export const DELETE = serve(deleteNote);
