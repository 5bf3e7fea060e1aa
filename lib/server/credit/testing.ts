import { expect } from "vitest";
import { createBackground } from "../core/background/background-reads";
import type { Database } from "../core/db/open";
import { createMemoryStore } from "../core/shared/memory-store";
import {
  browserRequest,
  connectKey,
  DEMO_KEYS,
  joinAs,
  linkToRep,
  recordingJobs,
  type TestBackend,
} from "../core/testing";
import { createTestBackend } from "../testing";
import { createCollectionsSync, type CollectionsSyncJob } from "../collections/collections-sync";
import type { CreditDeps } from "./credit-api";

// What the credit's tests share: a backend over the sandbox whose staff key's collections walk is in, with every
// party to an account's credit.

type Json = Record<string, unknown>;
export type Answer = { status: number; etag: string | null; body: Json };

/** What the tests use of the sandbox's test helpers (`lib/sandbox/testing.ts`, which lib/server does not import). */
export interface CreditSandbox {
  runtime: { app: { fetch(request: Request): Response | Promise<Response> } };
  walk(path: string, as?: string): Promise<Record<string, unknown>[]>;
  operator(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }>;
}

/** The clock the walk and the views read (the sandbox's test clock). */
export async function creditSetUp(sandbox: CreditSandbox, open: () => Promise<Database>, clockAt: number) {
  const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), { database: await open() });
  const clock = { at: clockAt };
  const now = () => clock.at;
  const { jobs, queued } = recordingJobs<CollectionsSyncJob>();
  const sync = createCollectionsSync({
    db: backend.db,
    jobs,
    keys: backend.keys,
    background: createBackground({
      proxy: backend,
      shared: createMemoryStore(),
      now,
      sleep: async (ms) => void (clock.at += ms),
    }),
    now,
  });
  const deps: CreditDeps & TestBackend = { ...backend, collections: { start: sync.start } };
  const staff = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
  const walk = async () => {
    await sync.start(staff.workspaceId, staff.keyId);
    for (let job = queued.shift(); job; job = queued.shift()) await sync.run(job);
  };
  const link = (memberId: string, rep: number) => linkToRep(backend, memberId, rep);
  const accounts = await joinAs(backend, staff.workspaceId, "accounts");
  const viewer = await joinAs(backend, staff.workspaceId, "viewer");
  const purchasing = await joinAs(backend, staff.workspaceId, "purchasing");
  const store = await connectKey(backend, DEMO_KEYS.Customer, "Customer", {
    summary: "test",
    customers: [
      { id: 20001, name: "Cloud Station - Sacramento" },
      { id: 20002, name: "Cloud Station - San Francisco" },
    ],
  });
  const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier", {
    summary: "test",
    suppliers: [{ id: 101, name: "Mojave Sun" }],
  });

  const send = async (
    route: (request: Request, deps: CreditDeps, params?: Record<string, string>) => Promise<Response>,
    method: string,
    path: string,
    cookie: string,
    init: { json?: unknown; key?: string; params?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.key) headers["Idempotency-Key"] = init.key;
    const response = await route(
      browserRequest(method, path, { cookie, headers, ...(init.json !== undefined ? { json: init.json } : {}) }),
      deps,
      init.params,
    );
    const body = (await response.json()) as Json;
    expect(response.status, JSON.stringify(body)).toBeLessThan(500);
    return { status: response.status, etag: response.headers.get("ETag"), body };
  };
  return { backend, deps, clock, sync, walk, link, staff, accounts, viewer, purchasing, store, brand, send };
}
