import { serve } from "@/lib/backend";
import { postUnsubscribe } from "@/lib/server/notifications/settings-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/notifications/unsubscribe?token=…: one-click unsubscribe (the email's page, or the mail client, RFC 8058).
export const POST = serve(postUnsubscribe);
