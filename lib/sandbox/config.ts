import * as z from "zod";
import { OPERATOR_KEY_MIN_LENGTH } from "./operator-secret";
import { DEFAULT_RATE_LIMIT } from "./rate-limit";

/** The sandbox's settings, from environment variables (given, not read here: one module reads process.env). */
export const SandboxConfig = z.object({
  /** Folder of the database files; ":memory:" keeps everything in memory. */
  SANDBOX_DATA_DIR: z.string().min(1).default(".data"),
  /** Fixes the sandbox clock (ISO timestamp), for tests and reproducible demos. */
  SANDBOX_NOW: z.iso.datetime({ offset: true }).optional(),
  /** Requests per key per hour. */
  SANDBOX_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULT_RATE_LIMIT),
  /** The rate limit's window in seconds (an hour, as the live service's); shorter to watch a spent budget return. */
  SANDBOX_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** Multiplies the seeded volumes; fractions allowed. */
  SANDBOX_SCALE: z.coerce.number().positive().max(20).default(1),
  /** Seconds between runs of the ERP's jobs (import, export, end of day when due); 0 turns the timer off. */
  SANDBOX_JOB_INTERVAL: z.coerce.number().int().min(0).max(86_400).default(30),
  /**
   * `off`: the v2 paths (the purchase endpoints the documentation marks Beta) answer 404, as a service without them
   * would; for trying Backroom's v1 fallback. `on` by default.
   */
  SANDBOX_V2: z.enum(["on", "off"]).default("on"),
  /**
   * Folder of the seed's templates (`template.ts`): a new data directory copies them instead of seeding. Unset, `npm
   * start` and `npm run sandbox` use the build's (`.next/sandbox-templates`; the sandbox only when the build is current),
   * `next dev` none; empty: none, each data directory is seeded for itself.
   */
  SANDBOX_TEMPLATE_DIR: z.string().optional(),
  /**
   * The operator's key: the one `x-api-key` the operator's endpoints take, in both environments. Unset (or empty): a
   * random one made at the first start in `<SANDBOX_DATA_DIR>/operator-key` (0600); in memory, one the runtime holds.
   */
  SANDBOX_OPERATOR_KEY: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .min(OPERATOR_KEY_MIN_LENGTH, `SANDBOX_OPERATOR_KEY must be at least ${OPERATOR_KEY_MIN_LENGTH} characters`)
      .optional(),
  ),
});
export type SandboxConfig = z.output<typeof SandboxConfig>;
