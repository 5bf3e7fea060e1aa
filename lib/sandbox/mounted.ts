import { clockFromEnv } from "./clock";
import type { SandboxConfig } from "./config";
import { type SandboxRuntime, startSandbox } from "./runtime";

const holder = globalThis as typeof globalThis & { backroomSandbox?: Promise<SandboxRuntime> };

/**
 * The sandbox mounted in Backroom at /sandbox: one per process (kept on globalThis so a development reload does not
 * open the databases twice), started on the first request.
 */
export function mountedSandbox(config: SandboxConfig): Promise<SandboxRuntime> {
  holder.backroomSandbox ??= startSandbox({
    dataDir: config.SANDBOX_DATA_DIR,
    clock: clockFromEnv(config.SANDBOX_NOW),
    rateLimit: config.SANDBOX_RATE_LIMIT,
    rateLimitWindowSeconds: config.SANDBOX_RATE_LIMIT_WINDOW,
    scale: config.SANDBOX_SCALE,
    jobIntervalSeconds: config.SANDBOX_JOB_INTERVAL,
    v2: config.SANDBOX_V2 === "on",
    basePath: "/sandbox",
    log: (line) => console.log(line),
  }).catch((error: unknown) => {
    // A failed start (a full disk, say) is not kept: the next request tries again.
    holder.backroomSandbox = undefined;
    throw error;
  });
  return holder.backroomSandbox;
}
