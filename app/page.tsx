import { redirect } from "next/navigation";
import { backend } from "@/lib/backend";
import { currentSession } from "@/lib/server/current-session";
import { navigationFor } from "@/lib/ui/navigation";

// The overview comes with issue 9; until then a connected person starts on the first page their key may see, and
// anyone else on /connect.
export default async function HomePage() {
  const session = await currentSession(backend);
  const first = session?.active ? navigationFor(session.active.keyType)[0]?.entries[0]?.href : undefined;
  redirect((first ?? "/connect") as never);
}
