import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/** Processes the benchmarks start (servers), ending them, and talking to them: shared by bench:proxy and bench:web. */

const root = new URL("..", import.meta.url).pathname;
const children = new Set<ChildProcess>();

/** A port the OS says is free now (other benchmarks or test servers may be running on this machine). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Starts a command in its own process group (so the whole group can be ended), keeping the tail of its output. */
export function start(name: string, args: string[], env: Record<string, string>) {
  const child = spawn(args[0]!, args.slice(1), { cwd: root, env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
    if (/Building Backroom/.test(chunk.toString())) console.error(`${name}: building (no build yet, or sources changed since the last one)...`);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  let running = true;
  const exited = new Promise<never>((_, reject) =>
    child.on("exit", (code) => {
      running = false;
      reject(new Error(`${name} exited with ${code}:\n${log}`));
    }),
  );
  exited.catch(() => {});
  /** Resolves once `url` answers `status`; rejects if the process exits first or `timeoutMs` passes. */
  const ready = async (url: string, status: number, headers: Record<string, string>, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    const poll = async () => {
      while (running && Date.now() < until) {
        const res = await fetch(url, { headers }).catch(() => undefined);
        if (res?.status === status) return;
        await sleep(250);
      }
      throw new Error(`${name} did not answer ${url} with ${status} within ${timeoutMs / 1000} s:\n${log}`);
    };
    await Promise.race([poll(), exited]);
  };
  return { child, ready };
}

/** Ends a process group started by `start`, waiting for it to go. */
export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return void children.delete(child);
  const gone = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    // Already gone.
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  }, 5000);
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
 * POST /api/session as Backroom's own connect page would (same Origin), with a key or a sandbox demo user: the session
 * cookie, as a Cookie header's value.
 */
export async function sessionCookie(app: string, body: { apiKey: string; environment: "test" } | { demo: "Customer" | "Supplier" | "Employee"; environment: "test" }): Promise<string> {
  const res = await fetch(`${app}/api/session`, { method: "POST", headers: { "Content-Type": "application/json", Origin: app }, body: JSON.stringify(body) });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("backroom_session="));
  if (res.status !== 201 || !cookie) throw new Error(`POST /api/session: ${res.status} ${await res.text()}`);
  return cookie.split(";")[0]!;
}
