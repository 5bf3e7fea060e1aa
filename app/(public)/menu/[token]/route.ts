import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/core/route-errors";
import { servePublicMenu } from "@/lib/server/menus/public-menu-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ token: string }> };

// GET /menu/{token}: a brand's live menu, public (no sign-in), from its snapshot; noindex, rate-limited per address.
export const GET = answerFailures(async (request: Request, context: Context) =>
  servePublicMenu(request, (await context.params).token, await backend()),
);
