// npm run sandbox [-- --port 4010 --host 127.0.0.1 --reset]: the Data API sandbox as a standalone server. A new (or
// --reset) environment is a copy of the build's seed template when the build is current (its templates are what these
// sources seed); otherwise, or with SANDBOX_TEMPLATE_DIR empty, it is seeded here. It names where the operator key is
// (SANDBOX_OPERATOR_KEY, or the data folder's operator-key file), never the key.
import { serve } from "@hono/node-server";
import { clockFromEnv } from "../lib/sandbox/clock";
import { SandboxConfig } from "../lib/sandbox/config";
import { ENVIRONMENTS } from "../lib/sandbox/environments";
import { demoKeys } from "../lib/sandbox/keys";
import { startSandbox } from "../lib/sandbox/runtime";
import { buildIsCurrent, TEMPLATE_DIR } from "./build-if-stale.mjs";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const config = SandboxConfig.parse(process.env);
const port = Number(option("port") ?? 4010);
const host = option("host") ?? "127.0.0.1";
const scale = option("scale") ? Number(option("scale")) : config.SANDBOX_SCALE;

const sandbox = await startSandbox({
  dataDir: config.SANDBOX_DATA_DIR,
  clock: clockFromEnv(config.SANDBOX_NOW),
  rateLimit: config.SANDBOX_RATE_LIMIT,
  rateLimitWindowSeconds: config.SANDBOX_RATE_LIMIT_WINDOW,
  scale,
  jobIntervalSeconds: config.SANDBOX_JOB_INTERVAL,
  v2: config.SANDBOX_V2 === "on",
  templateDir: (config.SANDBOX_TEMPLATE_DIR ?? (buildIsCurrent() ? TEMPLATE_DIR : undefined)) || undefined,
  basePath: "",
  reset: process.argv.includes("--reset"),
  operatorKey: config.SANDBOX_OPERATOR_KEY,
  log: (line) => console.log(line),
});

const server = serve({ fetch: sandbox.app.fetch, port, hostname: host }, () => {
  console.log(`Data API sandbox listening on http://${host}:${port}`);
  for (const env of ENVIRONMENTS) {
    const keys = demoKeys(env);
    console.log(`\n  ${env}:  http://${host}:${port}/${env}/api/v1   (v2: /${env}/api/v2)`);
    for (const [type, key] of Object.entries(keys)) console.log(`    ${type.padEnd(9)} key: ${key}`);
  }
  // Where the operator key is, never the key: a data folder in memory keeps one nobody is given.
  const file = sandbox.operatorKeyFile;
  const operatorKey = file
    ? { where: `in ${file}`, header: `$(cat ${file})` }
    : config.SANDBOX_OPERATOR_KEY
      ? { where: "SANDBOX_OPERATOR_KEY", header: "$SANDBOX_OPERATOR_KEY" }
      : undefined;
  console.log(
    `\n  Operator key (/{env}/operator/...): ${operatorKey?.where ?? "none (data in memory: set SANDBOX_OPERATOR_KEY)"}`,
  );
  console.log(
    `\n  Try: curl -H "x-api-key: test-customer-demo" "http://${host}:${port}/test/api/v1/invoices?Statuses=1,7&PageSize=5"`,
  );
  if (operatorKey)
    console.log(`       curl -H "x-api-key: ${operatorKey.header}" http://${host}:${port}/test/operator/clock`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    void sandbox.close().then(() => process.exit(0));
  });
}
