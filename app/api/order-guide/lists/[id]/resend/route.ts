import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/core/route-errors";
import { resendOrderList } from "@/lib/server/order-guide/lists-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

// POST /api/order-guide/lists/{id}/resend: mails again a list the mail server refused or whose request stopped before
// mailing it (lib/server/order-guide/lists-api.ts).
export const POST = answerFailures(async (request: Request, context: Context) =>
  resendOrderList(request, (await context.params).id, await backend()),
);
