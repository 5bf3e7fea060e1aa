import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { InvitationResponse } from "@/components/account/invitation-response";
import { backend } from "@/lib/backend";
import { currentSession } from "@/lib/server/core/current-session";
import { readInvitation } from "@/lib/server/core/invitations-api";
import { parseTimeZone, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { PRIMARY } from "@/lib/ui/styles";

export const metadata: Metadata = { title: "An invitation · Backroom", referrer: "no-referrer" };

// GET /invitations/{secret}: the link an invitation's mail carries (or its inviter copied, where Backroom sends no mail).
export default async function InvitationPage({ params }: PageProps<"/invitations/[secret]">) {
  const { secret } = await params;
  const [session, jar] = await Promise.all([currentSession(backend), cookies()]);
  const back = encodeURIComponent(`/invitations/${secret}`);
  const read = session ? await readInvitation((await backend()).db, secret, session.actor) : undefined;
  return (
    <main id="content" className="mx-auto max-w-2xl space-y-8 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">An invitation to a workspace</h1>
      {session && read ? (
        <InvitationResponse
          secret={secret}
          {...read}
          email={session.view.person.email}
          timeZone={parseTimeZone(jar.get(TIME_ZONE_COOKIE)?.value) ?? "UTC"}
        />
      ) : (
        // Who invited whom to what is shown only to the person it was sent to, signed in with that address.
        <div className="space-y-4">
          <p>
            You were invited to a workspace on Backroom. Sign in, or create an account, with the address the invitation
            was sent to: then you see who invited you, to which workspace and as what, and accept or decline it.
          </p>
          <div className="flex flex-wrap items-center gap-4">
            <Link href={`/sign-in?next=${back}`} className={PRIMARY} prefetch={false}>
              Sign in
            </Link>
            <Link href={`/sign-up?next=${back}`} className="link text-sm" prefetch={false}>
              Create an account
            </Link>
          </div>
        </div>
      )}
    </main>
  );
}
