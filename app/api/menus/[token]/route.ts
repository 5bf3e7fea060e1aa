import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/core/route-errors";
import { revokeMenu } from "@/lib/server/menus/menus-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ token: string }> };

// DELETE /api/menus/{token} (or the link's id): revokes the link; its page answers 404 from now on.
export const DELETE = answerFailures(async (request: Request, context: Context) =>
  revokeMenu(request, (await context.params).token, await backend()),
);
