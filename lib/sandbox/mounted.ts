import { clockFromEnv } from "./clock";
import type { SandboxConfig } from "./config";
import { type SandboxRuntime, startSandbox } from "./runtime";

/** Where the mounted sandbox is: not started yet, opening its databases (copying or seeding), serving, or failed to start. */
export type MountedState = "idle" | "preparing" | "ready" | "failed";

const holder = globalThis as typeof globalThis & {
  backroomSandbox?: Promise<SandboxRuntime>;
  backroomSandboxState?: MountedState;
};

/**
 * The sandbox mounted in Backroom at /sandbox: one per process (kept on globalThis so a development reload does not
 * open the databases twice), started when the server starts (`lib/backend.ts`) or by the first request before that.
 * `started` is called once the start that serves has succeeded (the backend logs where the operator key is).
 */
export function mountedSandbox(
  config: SandboxConfig,
  started?: (runtime: SandboxRuntime) => void,
): Promise<SandboxRuntime> {
  if (holder.backroomSandbox) return holder.backroomSandbox;
  holder.backroomSandboxState = "preparing";
  holder.backroomSandbox = startSandbox({
    dataDir: config.SANDBOX_DATA_DIR,
    clock: clockFromEnv(config.SANDBOX_NOW),
    rateLimit: config.SANDBOX_RATE_LIMIT,
    rateLimitWindowSeconds: config.SANDBOX_RATE_LIMIT_WINDOW,
    scale: config.SANDBOX_SCALE,
    jobIntervalSeconds: config.SANDBOX_JOB_INTERVAL,
    v2: config.SANDBOX_V2 === "on",
    templateDir: config.SANDBOX_TEMPLATE_DIR || undefined,
    operatorKey: config.SANDBOX_OPERATOR_KEY,
    basePath: "/sandbox",
    log: (line) => console.log(line),
  }).then(
    (runtime) => {
      holder.backroomSandboxState = "ready";
      started?.(runtime);
      return runtime;
    },
    (error: unknown) => {
      // A failed start (a full disk, say) is not kept: the next request tries again.
      holder.backroomSandbox = undefined;
      holder.backroomSandboxState = "failed";
      throw error;
    },
  );
  return holder.backroomSandbox;
}

/** The mounted sandbox's state, for `/api/ready` and the pages that offer the demo. */
export function mountedSandboxState(): MountedState {
  return holder.backroomSandboxState ?? "idle";
}
