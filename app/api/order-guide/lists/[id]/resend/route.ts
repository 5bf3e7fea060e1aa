import { serve } from "@/lib/backend";
import { resendOrderList } from "@/lib/server/order-guide/lists-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/order-guide/lists/{id}/resend: mails again a list the mail server refused or whose request stopped before
// mailing it (lib/server/order-guide/lists-api.ts).
export const POST = serve(resendOrderList);
