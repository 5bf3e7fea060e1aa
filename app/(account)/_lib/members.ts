import "server-only";
import { headers } from "next/headers";
import { backend } from "@/lib/backend";
import { listMembers } from "@/lib/server/core/members-api";
import type { MembersJson } from "@/lib/session/members-view";

/**
 * The workspace's members as `GET /api/members` answers them, asked in-process with the request's cookie (the same
 * handler, the same checks), so a page's first paint has them; undefined when it failed (the page reads them again).
 */
export async function membersNow(): Promise<MembersJson | undefined> {
  // The page's own headers: the cookie, and the host better-auth resolves its address from.
  const answer = await listMembers(
    new Request("http://backroom.invalid/api/members", { headers: new Headers(await headers()) }),
    await backend(),
  ).catch(() => undefined);
  return answer?.ok ? ((await answer.json()) as MembersJson) : undefined;
}
