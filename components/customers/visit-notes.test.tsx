import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { KeyScopeContext } from "@/lib/ui/key-scope-context";
import type { NoteJson } from "@/lib/domain/notes/note-rules";
import { notesQueryOptions } from "@/lib/ui/notes/notes-query";
import { VisitNotes } from "./visit-notes";

const note = (id: string, text: string, createdAt: string, mayDelete: boolean): NoteJson => ({
  id,
  customerId: 20001,
  text,
  author: { id: `user-${id}`, name: `Rep ${id}` },
  createdAt,
  mayDelete,
});

/** The section as the server renders it, with the notes its prefetch leaves in the cache, for a role. */
function rendered(role: string, notes: NoteJson[] | undefined): string {
  const client = new QueryClient();
  if (notes) client.setQueryData(notesQueryOptions({ customerId: 20001 }).queryKey, { notes });
  return renderToString(
    <KeyScopeContext.Provider value={{ keyType: "Employee", role }}>
      <QueryClientProvider client={client}>
        <VisitNotes customerId={20001} />
      </QueryClientProvider>
    </KeyScopeContext.Provider>,
  ).replace(/<!-- -->/g, "");
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("VisitNotes", () => {
  const notes = [
    note("b", "Second visit: wants\nthe spring menu", "2026-11-21T15:30:00.000Z", true),
    note("a", "First visit", "2026-11-20T09:05:00.000Z", false),
  ];

  it("lists the notes newest first, each with its author and time, and Delete only where the author may", () => {
    const html = rendered("accounts", notes);
    expect(text(html)).toMatch(
      /Second visit: wants the spring menu Rep b · Nov 21, 2026, 3:30 PM Delete.*First visit Rep a · Nov 20, 2026, 9:05 AM/s,
    );
    expect(html.match(/>Delete</g)).toHaveLength(1);
    expect(html).toContain('dateTime="2026-11-21T15:30:00.000Z"');
    expect(html).toContain('href="/api/notes?customerId=20001&amp;format=csv"');
  });

  it("offers the form, with its count out of 2,000, to a role that writes; tells a viewer why not", () => {
    const writer = text(rendered("purchasing", []));
    expect(writer).toContain("New note");
    expect(writer).toContain("0 / 2,000 characters");
    expect(writer).toContain("Save note");
    expect(writer).toContain("No visit notes on this customer yet.");
    const viewer = text(rendered("viewer", []));
    expect(viewer).not.toContain("Save note");
    expect(viewer).toContain("Your role reads visit notes; owners, admins, accounts and purchasing write them.");
  });

  it("holds the list's place while the notes load", () => {
    expect(rendered("owner", undefined)).toContain('aria-label="Loading the visit notes"');
  });
});
