import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Started, start } from "./processes";

/** The cluster's two production instances (`cluster.ts`), each started as `deploy/systemd/backroom@.service` says. */

export interface Instance {
  name: string;
  port: number;
  url: string;
  proc: Started;
  /**
   * The headers of a request to it as nginx forwards one from the browser: the page's Origin (PUBLIC_URL, the one
   * origin better-auth takes writes from) and the host the browser used (Backroom's routes compare the two). A test
   * that writes straight to an instance sends them.
   */
  forwarded: Record<string, string>;
  /** Proxy log lines this instance wrote (JSON, `msg: "proxy"`). */
  proxyLines(): Record<string, unknown>[];
  /** Starts it again; resolves once it is up. */
  start(): Promise<void>;
  /**
   * Resolves once its readiness says ok: serving (200) is not enough while its Redis client is still connecting (it
   * says "degraded" then, and on a busy machine that outlasted the first answer).
   */
  up(): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/** The unit file's Environment= and ExecStart= lines, with %i (the port) and %H (the host name) filled. */
function fromUnit(root: string, port: number): { env: Record<string, string>; command: string; args: string[] } {
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

/** What both instances share, as /etc/backroom/backroom.env would hold it. */
export interface SharedInstanceEnv {
  databaseUrl: string;
  redisPort: number;
  redisPrefix: string;
  secret: string;
  sandboxUrl: string;
  metricsToken: string;
  /** nginx's address, as the browser reaches Backroom: PUBLIC_URL, as a deployment behind a load balancer sets it. */
  publicUrl: string;
}

/**
 * One production instance on `port`, started from the systemd unit with the shared settings and `instanceEnv` (a
 * test's SMTP server, a short job lease); its data in `dir`, every line it writes kept.
 *
 * @example
 * const web1 = scaleInstance(root, dir, 0, port, shared, {}); // "web-1", ready at `${web1.url}/api/ready`
 */
export function scaleInstance(
  root: string,
  dir: string,
  index: number,
  port: number,
  shared: SharedInstanceEnv,
  instanceEnv: Record<string, string> | undefined,
): Instance {
  const name = `web-${index + 1}`;
  const unit = fromUnit(root, port);
  const env = {
    ...unit.env,
    // What /etc/backroom/backroom.env would hold.
    DATABASE_URL: shared.databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${shared.redisPort}`,
    REDIS_PREFIX: shared.redisPrefix,
    SESSION_SECRET: shared.secret,
    DATA_API_TEST_URL: `${shared.sandboxUrl}/test/api/v1`,
    DATA_API_PRODUCTION_URL: `${shared.sandboxUrl}/production/api/v1`,
    TRUST_PROXY: "1",
    METRICS_TOKEN: shared.metricsToken,
    PUBLIC_URL: shared.publicUrl,
    INSTANCE_ID: name,
    DATA_DIR: join(dir, name),
    LOG_LEVEL: "info",
    // A write's first follow-up after 2 s (e2e/scale: one queue, each follow-up run once).
    FOLLOW_UP_INTERVAL_SECONDS: "2",
    ...instanceEnv,
  };
  mkdirSync(env.DATA_DIR, { recursive: true });
  // Every line is kept: the tests read the instances' logs.
  const launch = () => start(name, [unit.command, ...unit.args], env, { keepLines: Number.POSITIVE_INFINITY });
  const instance: Instance = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    proc: launch(),
    forwarded: { Origin: shared.publicUrl, "X-Forwarded-Host": new URL(shared.publicUrl).host },
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
      await instance.up();
    },
    up: () =>
      instance.proc.ready(`${instance.url}/api/ready`, 200, {}, undefined, (body) => JSON.parse(body).status === "ok"),
    async kill(signal) {
      process.kill(-instance.proc.child.pid!, signal);
      return instance.proc.exited;
    },
  };
  return instance;
}
