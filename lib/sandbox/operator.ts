import { Hono } from "hono";
import type { Kysely } from "kysely";
import * as z from "zod";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import type { EnvironmentClock } from "./clock";
import type { Database } from "./db/schema";
import { type Environment, isEnvironment } from "./environments";
import { FaultRuleInput, type Faults, FaultRulesBody, MAX_RULES } from "./faults";
import { SandboxError } from "./handler";
import type { JobRunner } from "./job-runner";
import { JOBS, type JobName } from "./jobs";
import { creditRoutes } from "./operator-credits";
import { invoiceRoutes } from "./operator-invoices";
import { paymentRoutes } from "./operator-payments";
import { jsonBody, type OperatorEnv } from "./operator-request";
import { keyRoutes } from "./operator-keys";
import { isOperatorKey } from "./operator-secret";
import { reseedEnvironment } from "./seed";
import { restoreFromTemplate, type SeedTemplates } from "./template";

export interface OperatorOptions {
  databases: Record<Environment, Kysely<Database>>;
  clocks: Record<Environment, EnvironmentClock>;
  faults: Faults;
  jobs: JobRunner;
  /** The only `x-api-key` these endpoints take (`operator-secret.ts`), the same in both environments. */
  operatorKey: string;
  /** The seed's templates: a reset copies the environment's when one is right for the moment, and seeds otherwise. */
  templates?: SeedTemplates;
  /** The path the app is mounted under (`/sandbox` inside Backroom), for the documents' URLs in an answer. */
  basePath?: string;
}

const ClockBody = z
  .strictObject({
    set: z.iso.datetime({ offset: true }).optional(),
    advanceSeconds: z
      .number()
      .int()
      .min(-366 * 86_400)
      .max(366 * 86_400)
      .optional(),
    /** Run the timer's work (import, export, end of day when due) right after moving. */
    runJobs: z.boolean().default(false),
  })
  .refine((b) => (b.set === undefined) !== (b.advanceSeconds === undefined), {
    message: "Send exactly one of set or advanceSeconds",
  });

const CLOCK_KEY = "clock_offset_ms";

/** The clock offsets kept in each environment's database, so a moved clock stays moved across restarts. */
export async function loadClockOffset(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("sandbox_meta").select("value").where("key", "=", CLOCK_KEY).executeTakeFirst();
  return Number(row?.value ?? 0) || 0;
}

async function saveClockOffset(db: Kysely<Database>, offsetMs: number) {
  await db
    .insertInto("sandbox_meta")
    .values({ key: CLOCK_KEY, value: String(offsetMs) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(offsetMs) }))
    .execute();
}

/**
 * The operator's endpoints of the sandbox (not part of the Data API), for the operator's key alone: issuing keys,
 * entering orders as the ERP's order entry, issuing its credit memos and posting its cash receipts, running the ERP's jobs now, moving the
 * environment's clock, restoring the seed, and fault rules.
 */
export function operatorRoutes(options: OperatorOptions) {
  const app = new Hono<OperatorEnv>();
  const clockOf = (env: Environment) => ({
    now: options.clocks[env].now().toISOString(),
    offsetMs: options.clocks[env].offsetMs,
  });

  app.use("/:env/operator/*", async (c, next) => {
    const env = c.req.param("env");
    if (!isEnvironment(env)) return c.json({ Error: "Not found" }, 404);
    // Never a key of the API: the demo keys are published, and whoever reaches a public demo could reset it for all.
    if (!isOperatorKey(options.operatorKey, c.req.header("x-api-key")))
      return c.json({ Error: "Invalid API key: the operator's endpoints take the sandbox's operator key" }, 401);
    c.set("env", env);
    await next();
  });
  app.onError((error, c) => {
    if (error instanceof SandboxError) return c.json(error.body, error.status as 400);
    console.error("sandbox operator: unexpected error", error);
    return c.json({ Error: "Unexpected server error" }, 500);
  });

  app.route("/", keyRoutes(options));
  app.route("/", invoiceRoutes({ ...options, basePath: options.basePath ?? "" }));
  app.route("/", creditRoutes({ ...options, basePath: options.basePath ?? "" }));
  app.route("/", paymentRoutes(options));

  // POST /{env}/operator/jobs/{import|export|end-of-day}: run one of the ERP's jobs now; answers what it changed.
  app.post("/:env/operator/jobs/:job", async (c) => {
    const job = c.req.param("job");
    if (!(JOBS as readonly string[]).includes(job))
      return c.json({ Error: `Unknown job ${job}: one of ${JOBS.join(", ")}` }, 404);
    const env = c.get("env");
    const summary = await options.jobs.run(env, job as JobName);
    return c.json({ ...summary, now: options.clocks[env].now().toISOString() });
  });

  // GET and POST /{env}/operator/clock: the environment's time; POST sets it or moves it, optionally running due jobs.
  app.get("/:env/operator/clock", (c) => c.json(clockOf(c.get("env"))));
  app.post("/:env/operator/clock", async (c) => {
    const env = c.get("env");
    const parsed = ClockBody.safeParse(await jsonBody(c.req.raw));
    if (!parsed.success) return c.json(validationErrorBody(parsed.error), 400);
    const clock = options.clocks[env];
    // Moved between jobs, never during one: a job sees one "now" from start to end.
    await options.jobs.exclusive(env, async () => {
      if (parsed.data.set !== undefined) clock.set(new Date(parsed.data.set));
      else clock.advance(parsed.data.advanceSeconds! * 1000);
      await saveClockOffset(options.databases[env], clock.offsetMs);
    });
    const jobs = parsed.data.runJobs ? await options.jobs.tick(env) : [];
    return c.json({ ...clockOf(env), jobs });
  });

  // POST /{env}/operator/reset: restore the seed (all writes, issued keys and the clock's offset are undone) and clear faults.
  app.post("/:env/operator/reset", async (c) => {
    const env = c.get("env");
    const db = options.databases[env];
    const summary = await options.jobs.exclusive(env, async () => {
      const scale = Number(
        (await db.selectFrom("sandbox_meta").select("value").where("key", "=", "scale").executeTakeFirst())?.value ?? 1,
      );
      options.clocks[env].advance(-options.clocks[env].offsetMs);
      const now = options.clocks[env].now();
      const template = options.templates?.find(env, now, scale);
      const reseed = () => reseedEnvironment(db, { env, now, scale });
      // A template that cannot be read (gone since it was found) changes nothing: the seed is made here instead.
      return template ? restoreFromTemplate(db, template).catch(reseed) : reseed();
    });
    options.faults.clear(env);
    return c.json({ env, seededAt: summary.now, scale: summary.scale, elapsedMs: summary.elapsedMs });
  });

  // PUT, GET and DELETE /{env}/operator/faults: replace, list and clear the environment's fault rules.
  app.put("/:env/operator/faults", async (c) => {
    const parsed = FaultRulesBody.safeParse(await jsonBody(c.req.raw));
    if (!parsed.success) return c.json(validationErrorBody(parsed.error), 400);
    return c.json({ rules: options.faults.set(c.get("env"), parsed.data.rules) });
  });
  // POST /{env}/operator/faults adds one rule (201, with its id) and DELETE /{env}/operator/faults/{id} removes it: for
  // tests running side by side, each with rules of its own (a PUT would replace the others').
  app.post("/:env/operator/faults", async (c) => {
    const parsed = FaultRuleInput.safeParse(await jsonBody(c.req.raw));
    if (!parsed.success) return c.json(validationErrorBody(parsed.error), 400);
    if (options.faults.list(c.get("env")).length >= MAX_RULES)
      return c.json(
        { Error: { code: "VALIDATION_FAILED", detail: `An environment holds at most ${MAX_RULES} fault rules.` } },
        400,
      );
    return c.json({ rule: options.faults.add(c.get("env"), parsed.data) }, 201);
  });
  app.delete("/:env/operator/faults/:id{[0-9]+}", (c) => {
    if (!options.faults.remove(c.get("env"), Number(c.req.param("id"))))
      return c.json({ Error: "No such fault rule" }, 404);
    return c.body(null, 204);
  });
  app.get("/:env/operator/faults", (c) => c.json({ rules: options.faults.list(c.get("env")) }));
  app.delete("/:env/operator/faults", (c) => {
    options.faults.clear(c.get("env"));
    return c.body(null, 204);
  });

  return app;
}
