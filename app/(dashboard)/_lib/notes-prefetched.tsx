import "server-only";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { backend } from "@/lib/backend";
import { pageNotes } from "@/lib/server/notes/page-notes";
import type { NotesOf } from "@/lib/domain/notes/note-rules";
import { notesQueryOptions } from "@/lib/ui/notes/notes-query";

/**
 * A region of a page whose visit notes are read on the server (Backroom's database: no request to the API), so they
 * are in its first paint. Where they cannot be read here, the browser asks and says why.
 *
 * @example
 * <NotesPrefetched of={{ customerId: 20001 }}><CustomerDetail customerId={20001} … /></NotesPrefetched>
 */
export async function NotesPrefetched({ of, children }: { of: NotesOf; children: React.ReactNode }) {
  const notes = await pageNotes(backend, of);
  if (!notes) return children;
  const client = new QueryClient();
  client.setQueryData(notesQueryOptions(of).queryKey, notes);
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
