import { backend } from "@/lib/backend";
import { deleteView, renameView } from "@/lib/server/reports/views-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ viewId: string }> };

// PATCH /api/views/{viewId} {name}: renames a view (its creator, owners and admins).
export const PATCH = answerFailures(async (request: Request, context: Context) =>
  renameView(request, (await context.params).viewId, await backend()),
);

// DELETE /api/views/{viewId}: deletes a view and its schedule (its creator, owners and admins).
export const DELETE = answerFailures(async (request: Request, context: Context) =>
  deleteView(request, (await context.params).viewId, await backend()),
);
