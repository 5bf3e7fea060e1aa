import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { freePort, type Started, start, stop } from "./processes";

/**
 * The multi-instance deployment of `npm run test:scale` and `npm run bench:scale`, on this machine: the standalone sandbox as the Data API,
 * PostgreSQL (a fresh database on DATABASE_URL's server), a Redis server of its own (so a test can stop it), two
 * production instances started from `deploy/systemd/backroom@.service`, and Debian's nginx balancing them with
 * `deploy/nginx/backroom.conf`. Only the ports, folders and secrets are the test's own.
 */

const root = new URL("..", import.meta.url).pathname;

/** The unit file's Environment= and ExecStart= lines, with %i (the port) and %H (the host name) filled. */
function fromUnit(port: number): { env: Record<string, string>; command: string; args: string[] } {
  const unit = readFileSync(join(root, "deploy/systemd/backroom@.service"), "utf8");
  const fill = (text: string) => text.replaceAll("%i", String(port)).replaceAll("%H", "test");
  const env: Record<string, string> = {};
  for (const match of unit.matchAll(/^Environment=(\w+)=(.*)$/gm)) env[match[1]!] = fill(match[2]!);
  const exec = /^ExecStart=(.+)$/m.exec(unit)?.[1];
  if (!exec) throw new Error("the unit has no ExecStart");
  const [binary, ...args] = fill(exec).split(/\s+/);
  // The unit names Debian's node; the test runs the one running it.
  return { env, command: binary === "/usr/bin/node" ? process.execPath : binary!, args };
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  proc: Started;
  /** Proxy log lines this instance wrote (JSON, `msg: "proxy"`). */
  proxyLines(): Record<string, unknown>[];
  start(): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export interface Cluster {
  /** nginx, as the browser reaches Backroom. */
  url: string;
  instances: [Instance, Instance];
  sandbox: { url: string; proc: Started };
  redis: { port: number; stop(): Promise<void>; start(): Promise<void> };
  database: { url: string; query<T>(text: string): Promise<T[]> };
  metricsToken: string;
  /** nginx's access log: the instance (upstream address) that served each request. */
  upstreamsServed(): string[];
  /** Every line any instance wrote. */
  allLines(): string[];
  stop(): Promise<void>;
}

/**
 * Starts everything; each part is ready when this resolves. `sandboxEnv` adds to the sandbox's settings (a benchmark
 * raises its rate limit), `instanceEnv` to the instances' (a test's SMTP server, a short job lease).
 */
export async function startCluster(
  options: { sandboxEnv?: Record<string, string>; instanceEnv?: Record<string, string> } = {},
): Promise<Cluster> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    throw new Error(
      "test:scale needs DATABASE_URL (a PostgreSQL server it may create a database on): scripts/test-services.sh starts one",
    );
  for (const binary of ["redis-server", "nginx"]) {
    if (spawnSync("sh", ["-c", `command -v ${binary}`]).status !== 0)
      throw new Error(`test:scale needs ${binary} (apt-get install -y redis-server nginx)`);
  }
  const dir = mkdtempSync(join(tmpdir(), "backroom-scale-"));
  const started: (() => Promise<void>)[] = [];

  // PostgreSQL: a fresh, empty database on the configured server.
  const dbName = `backroom_scale_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${dbName}`;
  const database = {
    url: url.href,
    async query<T>(text: string) {
      const client = new Client({ connectionString: url.href });
      await client.connect();
      try {
        return (await client.query(text)).rows as T[];
      } finally {
        await client.end();
      }
    },
  };
  started.push(async () => {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop database if exists ${dbName} with (force)`);
    await client.end();
  });

  // Redis, its own, so that a test can stop and start it.
  const redisPort = await freePort();
  let redisProc: Started | undefined;
  const startRedis = async () => {
    redisProc = start(
      "redis",
      [
        "redis-server",
        "--bind",
        "127.0.0.1",
        "--port",
        String(redisPort),
        "--save",
        "",
        "--appendonly",
        "no",
        "--maxmemory",
        "64mb",
        "--maxmemory-policy",
        "volatile-lru",
        "--dir",
        dir,
      ],
      {},
    );
    for (let i = 0; i < 100; i++) {
      if (
        spawnSync("redis-cli", ["-p", String(redisPort), "ping"])
          .stdout?.toString()
          .trim() === "PONG"
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Redis did not start:\n${redisProc.lines.join("\n")}`);
  };
  await startRedis();
  const redis = {
    port: redisPort,
    stop: async () => void (redisProc && (await stop(redisProc.child))),
    start: startRedis,
  };
  started.push(() => redis.stop());

  // The Data API: the standalone sandbox, its ERP jobs only when a test asks.
  const sandboxPort = await freePort();
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const sandbox = start(
    "sandbox",
    [process.execPath, "--import", "tsx", "scripts/sandbox.ts", "--port", String(sandboxPort)],
    { SANDBOX_DATA_DIR: join(dir, "sandbox"), SANDBOX_JOB_INTERVAL: "0", ...options.sandboxEnv },
  );
  started.push(() => stop(sandbox.child));

  // Two instances, from the systemd unit, sharing the database, Redis and the secret.
  const secret = randomBytes(36).toString("base64url");
  const redisPrefix = `scale-${randomBytes(3).toString("hex")}:`;
  const metricsToken = randomBytes(18).toString("base64url");
  const ports = [await freePort(), await freePort()] as const;
  const instances = ports.map((port, i): Instance => {
    const name = `web-${i + 1}`;
    const unit = fromUnit(port);
    const env = {
      ...unit.env,
      // What /etc/backroom/backroom.env would hold.
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_PREFIX: redisPrefix,
      SESSION_SECRET: secret,
      DATA_API_TEST_URL: `${sandboxUrl}/test/api/v1`,
      DATA_API_PRODUCTION_URL: `${sandboxUrl}/production/api/v1`,
      TRUST_PROXY: "1",
      METRICS_TOKEN: metricsToken,
      INSTANCE_ID: name,
      DATA_DIR: join(dir, name),
      LOG_LEVEL: "info",
      // A write's first follow-up after 2 s (e2e/scale: one queue, each follow-up run once).
      FOLLOW_UP_INTERVAL_SECONDS: "2",
      ...options.instanceEnv,
    };
    mkdirSync(env.DATA_DIR, { recursive: true });
    // Every line is kept: the tests read the instances' logs.
    const launch = () => start(name, [unit.command, ...unit.args], env, { keepLines: Number.POSITIVE_INFINITY });
    const instance: Instance = {
      name,
      port,
      url: `http://127.0.0.1:${port}`,
      proc: launch(),
      proxyLines: () =>
        instance.proc.lines.flatMap((line) => {
          try {
            const parsed = JSON.parse(line) as Record<string, unknown>;
            return parsed.msg === "proxy" ? [parsed] : [];
          } catch {
            return [];
          }
        }),
      async start() {
        const earlier = instance.proc.lines;
        instance.proc = launch();
        // One history of lines across restarts.
        instance.proc.lines.unshift(...earlier);
        await instance.proc.ready(`${instance.url}/api/ready`, 200);
      },
      async kill(signal) {
        process.kill(-instance.proc.child.pid!, signal);
        return instance.proc.exited;
      },
    };
    return instance;
  }) as [Instance, Instance];
  started.push(async () => {
    // Up to 30 s: a stopping instance may still be finishing a request.
    await Promise.all(instances.map((instance) => stop(instance.proc.child, "SIGTERM", 30_000)));
  });

  // nginx with the deployment's site file, its upstreams and listen address replaced by the test's.
  const nginxPort = await freePort();
  const site = readFileSync(join(root, "deploy/nginx/backroom.conf"), "utf8");
  const upstreams = site.match(/^\s*server 127\.0\.0\.1:\d+[^;]*;$/gm) ?? [];
  if (upstreams.length !== 2) throw new Error("deploy/nginx/backroom.conf should list two instances");
  let ours = site.replace(/^(\s*listen )80;$/m, `$1127.0.0.1:${nginxPort};`).replace(/^(\s*server_name ).*;$/m, "$1_;");
  upstreams.forEach(
    (line, i) => (ours = ours.replace(line, line.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${ports[i]}`))),
  );
  writeFileSync(join(dir, "backroom.conf"), ours);
  for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"])
    mkdirSync(join(dir, "nginx", temp), { recursive: true });
  writeFileSync(
    join(dir, "nginx.conf"),
    [
      ...(process.getuid?.() === 0 ? ["user root;"] : []),
      "worker_processes 1;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/nginx-error.log warn;`,
      "events { worker_connections 512; }",
      "http {",
      "  log_format upstream '$upstream_addr $status $request_method $uri';",
      `  access_log ${dir}/nginx-access.log upstream;`,
      ...["body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (t) => `  ${t === "body" ? "client_body" : t}_temp_path ${dir}/nginx/${t};`,
      ),
      `  include ${dir}/backroom.conf;`,
      "}",
    ].join("\n"),
  );
  const nginx = start("nginx", ["nginx", "-p", dir, "-c", join(dir, "nginx.conf"), "-g", "daemon off;"], {});
  started.push(() => stop(nginx.child, "SIGQUIT"));

  const cluster: Cluster = {
    url: `http://127.0.0.1:${nginxPort}`,
    instances,
    sandbox: { url: sandboxUrl, proc: sandbox },
    redis,
    database,
    metricsToken,
    upstreamsServed: () => readFileSync(join(dir, "nginx-access.log"), "utf8").split("\n").filter(Boolean),
    allLines: () => instances.flatMap((instance) => instance.proc.lines),
    async stop() {
      for (const stop of started.reverse()) await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await sandbox.ready(`${sandboxUrl}/test/api/v1/states`, 200, { "x-api-key": "test-employee-demo" }, 180_000);
    await Promise.all(instances.map((instance) => instance.proc.ready(`${instance.url}/api/ready`, 200)));
    await nginx.ready(`${cluster.url}/api/health`, 200);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
