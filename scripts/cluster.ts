import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { freePort } from "./processes";

/**
 * The multi-instance deployment of `npm run test:scale` and `npm run bench:scale`, on this machine: the standalone sandbox as the Data API,
 * PostgreSQL (a fresh database on DATABASE_URL's server), a Redis server of its own (so a test can stop it), two
 * production instances started from `deploy/systemd/backroom@.service`, and Debian's nginx balancing them with
 * `deploy/nginx/backroom.conf`. Only the ports, folders and secrets are the test's own.
 */

const root = new URL("..", import.meta.url).pathname;

/** One started process: its output as lines, and how it ended. */
export interface Process {
  child: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
}

function launch(name: string, command: string, args: string[], env: Record<string, string>, cwd = root): Process {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  let partial = "";
  const take = (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const parts = text.split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts);
  };
  child.stdout!.on("data", take);
  child.stderr!.on("data", take);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  child.on("error", (error) => lines.push(`${name}: ${error.message}`));
  return { child, lines, exited };
}

async function stopProcess(proc: Process | undefined, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  try {
    process.kill(-proc.child.pid!, signal);
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-proc.child.pid!, "SIGKILL");
    } catch {
      // Gone.
    }
  }, 30_000);
  await proc.exited;
  clearTimeout(timer);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `url` answers `status`; rejects with the process's last lines when it exits or time runs out. */
export async function waitFor(url: string, status: number, proc: Process | undefined, timeoutMs = 120_000, headers: Record<string, string> = {}): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc && (proc.child.exitCode !== null || proc.child.signalCode !== null)) break;
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    if (res?.status === status) return;
    await res?.arrayBuffer().catch(() => undefined);
    await sleep(200);
  }
  throw new Error(`${url} did not answer ${status} in time${proc ? `:\n${proc.lines.slice(-30).join("\n")}` : ""}`);
}

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
  proc: Process;
  /** Proxy log lines this instance wrote (JSON, `msg: "proxy"`). */
  proxyLines(): Record<string, unknown>[];
  start(): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export interface Cluster {
  /** nginx, as the browser reaches Backroom. */
  url: string;
  instances: [Instance, Instance];
  sandbox: { url: string; proc: Process };
  redis: { port: number; stop(): Promise<void>; start(): Promise<void> };
  database: { url: string; query<T>(text: string): Promise<T[]> };
  metricsToken: string;
  /** nginx's access log: the instance (upstream address) that served each request. */
  upstreamsServed(): string[];
  /** Every line any instance wrote. */
  allLines(): string[];
  stop(): Promise<void>;
}

/** Starts everything; each part is ready when this resolves. `sandboxEnv` adds to the sandbox's settings (a benchmark raises its rate limit). */
export async function startCluster(options: { sandboxEnv?: Record<string, string> } = {}): Promise<Cluster> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("test:scale needs DATABASE_URL (a PostgreSQL server it may create a database on): scripts/test-services.sh starts one");
  for (const binary of ["redis-server", "nginx"]) {
    if (spawnSync("sh", ["-c", `command -v ${binary}`]).status !== 0) throw new Error(`test:scale needs ${binary} (apt-get install -y redis-server nginx)`);
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
  let redisProc: Process | undefined;
  const startRedis = async () => {
    redisProc = launch("redis", "redis-server", ["--bind", "127.0.0.1", "--port", String(redisPort), "--save", "", "--appendonly", "no", "--maxmemory", "64mb", "--maxmemory-policy", "volatile-lru", "--dir", dir], {});
    for (let i = 0; i < 100; i++) {
      if (spawnSync("redis-cli", ["-p", String(redisPort), "ping"]).stdout?.toString().trim() === "PONG") return;
      await sleep(50);
    }
    throw new Error(`Redis did not start:\n${redisProc.lines.join("\n")}`);
  };
  await startRedis();
  const redis = { port: redisPort, stop: () => stopProcess(redisProc), start: startRedis };
  started.push(() => redis.stop());

  // The Data API: the standalone sandbox, its ERP jobs only when a test asks.
  const sandboxPort = await freePort();
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const sandbox = launch("sandbox", process.execPath, ["--import", "tsx", "scripts/sandbox.ts", "--port", String(sandboxPort)], { SANDBOX_DATA_DIR: join(dir, "sandbox"), SANDBOX_JOB_INTERVAL: "0", ...options.sandboxEnv });
  started.push(() => stopProcess(sandbox));

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
    };
    mkdirSync(env.DATA_DIR, { recursive: true });
    const instance: Instance = {
      name,
      port,
      url: `http://127.0.0.1:${port}`,
      proc: launch(name, unit.command, unit.args, env),
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
        instance.proc = launch(name, unit.command, unit.args, env);
        // One history of lines across restarts.
        instance.proc.lines.unshift(...earlier);
        await waitFor(`${instance.url}/api/ready`, 200, instance.proc);
      },
      async kill(signal) {
        process.kill(-instance.proc.child.pid!, signal);
        return instance.proc.exited;
      },
    };
    return instance;
  }) as [Instance, Instance];
  started.push(async () => {
    await Promise.all(instances.map((instance) => stopProcess(instance.proc)));
  });

  // nginx with the deployment's site file, its upstreams and listen address replaced by the test's.
  const nginxPort = await freePort();
  const site = readFileSync(join(root, "deploy/nginx/backroom.conf"), "utf8");
  const upstreams = site.match(/^\s*server 127\.0\.0\.1:\d+[^;]*;$/gm) ?? [];
  if (upstreams.length !== 2) throw new Error("deploy/nginx/backroom.conf should list two instances");
  let ours = site.replace(/^(\s*listen )80;$/m, `$1127.0.0.1:${nginxPort};`).replace(/^(\s*server_name ).*;$/m, "$1_;");
  upstreams.forEach((line, i) => (ours = ours.replace(line, line.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${ports[i]}`))));
  writeFileSync(join(dir, "backroom.conf"), ours);
  for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(dir, "nginx", temp), { recursive: true });
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
      ...["body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t === "body" ? "client_body" : t}_temp_path ${dir}/nginx/${t};`),
      `  include ${dir}/backroom.conf;`,
      "}",
    ].join("\n"),
  );
  const nginx = launch("nginx", "nginx", ["-p", dir, "-c", join(dir, "nginx.conf"), "-g", "daemon off;"], {});
  started.push(() => stopProcess(nginx, "SIGQUIT"));

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
    await waitFor(`${sandboxUrl}/test/api/v1/states`, 200, sandbox, 180_000, { "x-api-key": "test-employee-demo" });
    await Promise.all(instances.map((instance) => waitFor(`${instance.url}/api/ready`, 200, instance.proc)));
    await waitFor(`${cluster.url}/api/health`, 200, nginx);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
