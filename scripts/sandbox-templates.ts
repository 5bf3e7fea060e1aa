// npm run sandbox:templates, the second step of `npm run build`: seeds the embedded sandbox's templates for this build
// (lib/sandbox/template.ts) in .next/sandbox-templates: both environments, at SANDBOX_SCALE, for the sandbox clock's
// span of today (SANDBOX_NOW's moment when it is set). Every server started from the build then copies them into a new
// data directory (about a second) rather than seeding it (6 to 15 s per environment). A server started after the span
// has ended (the next day, say) makes the span's templates itself, in the background at its start. Nothing to do
// where the sandbox serves no environment (SANDBOX=off, or both real API URLs set), or with SANDBOX_TEMPLATE_DIR empty.
import { clockFromEnv } from "../lib/sandbox/clock";
import { SandboxConfig } from "../lib/sandbox/config";
import { ENVIRONMENTS } from "../lib/sandbox/environments";
import { seedTemplates } from "../lib/sandbox/template";
import { sandboxEnabled } from "../lib/server/core/env";
import { TEMPLATE_DIR } from "./build-if-stale.mjs";

const config = SandboxConfig.parse(process.env);
const dir = config.SANDBOX_TEMPLATE_DIR ?? TEMPLATE_DIR;
if (!sandboxEnabled || !dir) {
  console.log(
    `Sandbox templates: none (${sandboxEnabled ? "SANDBOX_TEMPLATE_DIR is empty" : "the sandbox serves no environment"}).`,
  );
} else {
  const clock = clockFromEnv(config.SANDBOX_NOW);
  const templates = seedTemplates(dir, { fixed: clock.fixed, log: (line) => console.log(line) });
  const started = performance.now();
  for (const env of ENVIRONMENTS) await templates.obtain(env, clock.now(), config.SANDBOX_SCALE);
  console.log(
    `Sandbox templates: ready in ${dir} (scale ${config.SANDBOX_SCALE}) after ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}
