import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";

/** Processes the benchmarks and the multi-instance test start (servers), ending them, and talking to them. */

const root = new URL("..", import.meta.url).pathname;
const children = new Set<ChildProcess>();

/** The ports `freePort` gave this process: the OS may offer a port again once its probe is closed. */
const given = new Set<number>();

/**
 * A port the OS says is free now (other benchmarks or test servers may be running on this machine), and not one given
 * before in this process: two asked for in a row could otherwise be the same, before either server listens (the
 * multi-instance test once started both instances on one port).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() =>
          typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
        );
      });
    });
    if (!given.has(port)) {
      given.add(port);
      return port;
    }
  }
}

/** A process started by `start`: its output as lines, how it ended, and a wait for it to answer. */
export interface Started {
  child: ChildProcess;
  /** Its output (stdout and stderr), line by line: the last `keepLines`. */
  lines: string[];
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /**
   * Resolves once `url` answers `status` with a body `accepts` (any, when not given); rejects with the last lines if the
   * process exits first or `timeoutMs` passes.
   */
  ready(
    url: string,
    status: number,
    headers?: Record<string, string>,
    timeoutMs?: number,
    accepts?: (body: string) => boolean,
  ): Promise<void>;
}

/**
 * Starts a command in its own process group (so the whole group can be ended), keeping its output as lines: the last
 * 400, or `keepLines` (the multi-instance test keeps every line, to read the instances' logs).
 */
export function start(
  name: string,
  args: string[],
  env: Record<string, string>,
  options: { keepLines?: number } = {},
): Started {
  const keepLines = options.keepLines ?? 400;
  const child = spawn(args[0]!, args.slice(1), {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const lines: string[] = [];
  let partial = "";
  const take = (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts);
    if (lines.length > keepLines) lines.splice(0, lines.length - keepLines);
    if (/Building Backroom/.test(chunk.toString()))
      console.error(`${name}: building (no build yet, or sources changed since the last one)...`);
  };
  child.stdout!.on("data", take);
  child.stderr!.on("data", take);
  child.on("error", (error) => lines.push(`${name}: ${error.message}`));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const running = () => child.exitCode === null && child.signalCode === null;
  const ready: Started["ready"] = async (url, status, headers = {}, timeoutMs = 120_000, accepts = () => true) => {
    const until = Date.now() + timeoutMs;
    while (running() && Date.now() < until) {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
      const body = (await res?.text().catch(() => undefined)) ?? "";
      if (res?.status === status && accepts(body)) return;
      await sleep(200);
    }
    throw new Error(
      `${name} did not answer ${url} with ${status}${running() ? ` within ${timeoutMs / 1000} s` : ": it exited"}:\n${lines.slice(-30).join("\n")}`,
    );
  };
  return { child, lines, exited, ready };
}

/** Ends a process group started by `start` with `signal`, waiting for it to go; SIGKILL after `killAfterMs`. */
export async function stop(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM", killAfterMs = 5_000) {
  if (child.exitCode !== null || child.signalCode !== null) return void children.delete(child);
  const gone = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  }, killAfterMs);
  await gone;
  clearTimeout(timer);
  children.delete(child);
}

/** Ends every process started here. */
export async function stopAll() {
  for (const child of [...children]) await stop(child);
}

/** On Ctrl+C or SIGTERM: ends the process groups started here, runs `cleanup`, and exits. */
export function onSignalStop(cleanup: () => void) {
  const handler = (signal: NodeJS.Signals) => {
    for (const child of children) {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // Already gone.
      }
    }
    cleanup();
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", handler);
  process.once("SIGTERM", handler);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON answer, or an error naming the request and the status. */
export async function fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Starts Backroom's production build (building it first when there is none, or the sources are newer) on the embedded
 * sandbox, its data under `dataDir`, the sandbox's jobs not running on their own; resolves with its address and its
 * sandbox's operator key once the connect page answers. What the browser benchmarks measure: the history's and the
 * collections' sweeps are off, so a key a benchmark adds (most visits add one) starts no walk in the background, whose
 * reads and work would share the server and the key's request log with the pages measured (`npm run bench:history`
 * and `bench:collections` measure the walks).
 *
 * @example
 * const { base, operatorKey } = await startProductionApp(mkdtempSync(join(tmpdir(), "bench-")));
 */
export async function startProductionApp(dataDir: string): Promise<{ base: string; operatorKey: string }> {
  const { base, operatorKey } = await startApp(dataDir, {
    env: { HISTORY_SWEEP_SECONDS: "0", COLLECTIONS_SWEEP_SECONDS: "0" },
  });
  return { base, operatorKey };
}

/**
 * `startProductionApp` with settings of its own (`env`, e.g. `SANDBOX_V2: "off"`), and, with `build: false`, only from
 * the existing build (`--no-build`: a browser test starting a second app while the first serves must not rebuild
 * under it). Resolves with its address, the process, for `stop`, and its sandbox's operator key (made here unless
 * `env` gives SANDBOX_OPERATOR_KEY).
 *
 * @example
 * const app = await startApp(dir, { env: { SANDBOX_V2: "off" }, build: false });
 * await stop(app.process.child);
 */
export async function startApp(
  dataDir: string,
  options: { env?: Record<string, string>; build?: boolean } = {},
): Promise<{ base: string; process: Started; operatorKey: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const operatorKey = options.env?.SANDBOX_OPERATOR_KEY ?? randomBytes(32).toString("base64url");
  const app = start(
    "next",
    ["node", "scripts/start.mjs", "--port", String(port), ...(options.build === false ? ["--no-build"] : [])],
    {
      SANDBOX_DATA_DIR: `${dataDir}/sandbox`,
      DATA_DIR: `${dataDir}/data`,
      SANDBOX_JOB_INTERVAL: "0",
      SANDBOX_OPERATOR_KEY: operatorKey,
      NODE_ENV: "production",
      ...options.env,
    },
  );
  await app.ready(`${base}/sign-in`, 200, {}, 600_000);
  return { base, process: app, operatorKey };
}

/** The middle value (the upper one of an even count): what the benchmarks report of repeated runs. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

let people = 0;

/**
 * A signed-in session as Backroom's own pages make one (same Origin), as a Cookie header's value: a sandbox demo person
 * (POST /api/demo, the sign-in page's "Try the demo"), or with a key: a new person of the caller's own, owner of a new
 * workspace holding that key (better-auth's sign-up and organization/create, then POST /api/keys). Where the app sends
 * mail, an address is proved before its person signs in: `confirm` is given the address and answers the link the
 * confirmation mail holds, which signs the person in. `headers` go with each request, over the Origin: for an instance
 * behind a load balancer, those the balancer forwards (`Instance.forwarded` of `cluster-instances.ts`).
 */
export async function sessionCookie(
  app: string,
  body: { apiKey: string; environment: "test" } | { demo: "Customer" | "Supplier" | "Employee"; environment: "test" },
  options: { confirm?: (email: string) => Promise<string>; email?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  const jar = new Map<string, string>();
  const post = async (path: string, data: object, expected: number) => {
    const res = await fetch(`${app}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: app,
        ...options.headers,
        Cookie: [...jar].map(([n, v]) => `${n}=${v}`).join("; "),
      },
      body: JSON.stringify(data),
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    if (res.status !== expected) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  if ("demo" in body) {
    await post("/api/demo", { as: body.demo, environment: body.environment }, 200);
  } else {
    const email = options.email ?? `bench-${process.pid}-${Date.now().toString(36)}-${++people}@example.test`;
    await post(
      "/api/auth/sign-up/email",
      { email, password: "a long passphrase for benchmarks", name: "Bench person" },
      200,
    );
    if (options.confirm) {
      const confirmed = await fetch(await options.confirm(email), { redirect: "manual" });
      for (const set of confirmed.headers.getSetCookie()) {
        const [pair] = set.split(";");
        const at = pair!.indexOf("=");
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      if (confirmed.status >= 400)
        throw new Error(`confirming ${email}: ${confirmed.status} ${await confirmed.text()}`);
    }
    await post("/api/workspaces", { name: "Bench workspace" }, 201);
    await post("/api/keys", { apiKey: body.apiKey, environment: body.environment }, 201);
  }
  const cookie = [...jar]
    .filter(([name]) => name.includes("backroom"))
    .map(([n, v]) => `${n}=${v}`)
    .join("; ");
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

/** A Cookie header's value as the cookies a browser context adds for `url` (Playwright's `addCookies`). */
export function browserCookies(cookie: string, url: string): { name: string; value: string; url: string }[] {
  return cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}
