import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Instance, scaleInstance } from "./cluster-instances";
import {
  type Cleanups,
  type ClusterDatabase,
  type ClusterRedis,
  scaleDatabase,
  scaleNginx,
  scaleRedis,
} from "./cluster-services";
import { freePort, type Started, start, stop } from "./processes";

export type { Instance } from "./cluster-instances";

/**
 * The multi-instance deployment of `npm run test:scale` and `npm run bench:scale`, on this machine: the standalone sandbox as the Data API,
 * PostgreSQL (a fresh database on DATABASE_URL's server), a Redis server of its own (so a test can stop it), two
 * production instances started from `deploy/systemd/backroom@.service` (PUBLIC_URL naming nginx's address), and
 * Debian's nginx balancing them with `deploy/nginx/backroom.conf`. Only the ports, folders and secrets are the test's
 * own.
 */

const root = new URL("..", import.meta.url).pathname;

export interface Cluster {
  /** nginx, as the browser reaches Backroom. */
  url: string;
  instances: [Instance, Instance];
  /** The standalone sandbox, and its operator key (made for the cluster: its operator's endpoints take nothing else). */
  sandbox: { url: string; proc: Started; operatorKey: string };
  redis: ClusterRedis;
  database: ClusterDatabase;
  metricsToken: string;
  /** nginx's access log: the instance (upstream address) that served each request. */
  upstreamsServed(): string[];
  /** Every line any instance wrote. */
  allLines(): string[];
  stop(): Promise<void>;
}

/** Throws unless DATABASE_URL, redis-server and nginx are there; answers DATABASE_URL. */
function requireServices(): string {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    throw new Error(
      "test:scale needs DATABASE_URL (a PostgreSQL server it may create a database on): scripts/test-services.sh starts one",
    );
  for (const binary of ["redis-server", "nginx"]) {
    if (spawnSync("sh", ["-c", `command -v ${binary}`]).status !== 0)
      throw new Error(`test:scale needs ${binary} (apt-get install -y redis-server nginx)`);
  }
  return databaseUrl;
}

/** The Data API: the standalone sandbox, its ERP jobs only when a test asks, its operator key the cluster's own. */
async function scaleSandbox(
  dir: string,
  sandboxEnv: Record<string, string> | undefined,
  cleanups: Cleanups,
): Promise<Cluster["sandbox"]> {
  const sandboxPort = await freePort();
  const operatorKey = randomBytes(32).toString("base64url");
  const proc = start(
    "sandbox",
    [process.execPath, "--import", "tsx", "scripts/sandbox.ts", "--port", String(sandboxPort)],
    {
      SANDBOX_DATA_DIR: join(dir, "sandbox"),
      SANDBOX_JOB_INTERVAL: "0",
      SANDBOX_OPERATOR_KEY: operatorKey,
      ...sandboxEnv,
    },
  );
  cleanups.push(() => stop(proc.child));
  return { url: `http://127.0.0.1:${sandboxPort}`, proc, operatorKey };
}

/**
 * Starts everything; each part is ready when this resolves. `sandboxEnv` adds to the sandbox's settings (a benchmark
 * raises its rate limit), `instanceEnv` to the instances' (a test's SMTP server, a short job lease).
 */
export async function startCluster(
  options: { sandboxEnv?: Record<string, string>; instanceEnv?: Record<string, string> } = {},
): Promise<Cluster> {
  const databaseUrl = requireServices();
  const dir = mkdtempSync(join(tmpdir(), "backroom-scale-"));
  const started: Cleanups = [];
  const database = await scaleDatabase(databaseUrl, started);
  const redis = await scaleRedis(dir, started);
  const sandbox = await scaleSandbox(dir, options.sandboxEnv, started);

  // Two instances, from the systemd unit, sharing the database, Redis and the secret, behind nginx's address (their
  // PUBLIC_URL: without it an instance trusts only the origin it listens on, and the browser is at nginx's).
  const nginxPort = await freePort();
  const shared = {
    databaseUrl: database.url,
    redisPort: redis.port,
    redisPrefix: `scale-${randomBytes(3).toString("hex")}:`,
    secret: randomBytes(36).toString("base64url"),
    sandboxUrl: sandbox.url,
    metricsToken: randomBytes(18).toString("base64url"),
    publicUrl: `http://127.0.0.1:${nginxPort}`,
  };
  const ports = [await freePort(), await freePort()] as const;
  const instances = ports.map((port, i) => scaleInstance(root, dir, i, port, shared, options.instanceEnv)) as [
    Instance,
    Instance,
  ];
  started.push(async () => {
    // Up to 30 s: a stopping instance may still be finishing a request.
    await Promise.all(instances.map((instance) => stop(instance.proc.child, "SIGTERM", 30_000)));
  });
  const nginx = await scaleNginx(root, dir, nginxPort, ports, started);

  const cluster: Cluster = {
    url: `http://127.0.0.1:${nginx.port}`,
    instances,
    sandbox,
    redis,
    database,
    metricsToken: shared.metricsToken,
    upstreamsServed: () => readFileSync(join(dir, "nginx-access.log"), "utf8").split("\n").filter(Boolean),
    allLines: () => instances.flatMap((instance) => instance.proc.lines),
    async stop() {
      for (const stop of started.reverse()) await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await sandbox.proc.ready(`${sandbox.url}/test/api/v1/states`, 200, { "x-api-key": "test-employee-demo" }, 180_000);
    await Promise.all(instances.map((instance) => instance.up()));
    await nginx.nginx.ready(`${cluster.url}/api/health`, 200);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
