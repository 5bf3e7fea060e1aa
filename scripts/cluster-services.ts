import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "pg";
import { freePort, type Started, start, stop } from "./processes";

/** The cluster's services beside the instances (`cluster.ts`): its database, its Redis and nginx before them. */

/** What the cluster undoes at its stop, in the reverse order of its start. */
export type Cleanups = (() => Promise<void>)[];

/** The cluster's database: its address, and a query run on a connection of its own. */
export interface ClusterDatabase {
  url: string;
  query<T>(text: string): Promise<T[]>;
}

/** The cluster's own Redis, which a test can stop and start again. */
export interface ClusterRedis {
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * A fresh, empty database on the configured PostgreSQL server, dropped at the cluster's stop.
 *
 * @example
 * const database = await scaleDatabase(process.env.DATABASE_URL!, cleanups);
 */
export async function scaleDatabase(databaseUrl: string, cleanups: Cleanups): Promise<ClusterDatabase> {
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
  cleanups.push(async () => {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop database if exists ${dbName} with (force)`);
    await client.end();
  });
  return database;
}

/**
 * A Redis server of the cluster's own (in `dir`, nothing saved), started and answering PING; stopped at the
 * cluster's stop.
 *
 * @example
 * const redis = await scaleRedis(dir, cleanups); // redis://127.0.0.1:${redis.port}
 */
export async function scaleRedis(dir: string, cleanups: Cleanups): Promise<ClusterRedis> {
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
  cleanups.push(() => redis.stop());
  return redis;
}

/**
 * nginx with the deployment's site file (`deploy/nginx/backroom.conf`), its upstreams and listen address replaced by
 * the test's (`nginxPort`, chosen before the instances start: their PUBLIC_URL names it), its logs and temporary files
 * in `dir`; stopped at the cluster's stop.
 *
 * @example
 * const { nginx, port } = await scaleNginx(root, dir, await freePort(), [3001, 3002], cleanups);
 */
export async function scaleNginx(
  root: string,
  dir: string,
  nginxPort: number,
  ports: readonly [number, number],
  cleanups: Cleanups,
): Promise<{ nginx: Started; port: number }> {
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
  cleanups.push(() => stop(nginx.child, "SIGQUIT"));
  return { nginx, port: nginxPort };
}
