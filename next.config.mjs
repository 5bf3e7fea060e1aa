import { withSerwist } from "@serwist/turbopack";

/**
 * Security headers every answer carries, pages and JSON alike. They are the same on every request, so Next adds them
 * from here; `proxy.ts` adds what depends on the request (the CSP's nonce, HSTS over HTTPS) and runs for pages only.
 */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  typedRoutes: true,
  // Loaded from node_modules at run time instead of bundled: a native addon (better-sqlite3), and the clients whose one
  // instance per process the server relies on (Redis, metrics). Next already leaves out pg and pino.
  // @node-rs/argon2 is a native addon too (loaded per platform), and better-auth keeps one instance per process.
  serverExternalPackages: ["better-sqlite3", "ioredis", "prom-client", "@node-rs/argon2"],
  // Turbopack keeps its work in .next/cache for the next build (on by default in Next 16.4): a rebuild here after a
  // change reuses it. CI builds once from a fresh clone and never again, and writing the cache there cost a third of
  // the build: 91 s with it and 59 to 66 s without, on this machine (2026-11-29, docs/benchmarks.md).
  experimental: { turbopackFileSystemCacheForBuild: !process.env.CI },
  // `npm test` checks the types first (`npm run typecheck`, the same tsconfig), then builds for the browser tests: the
  // build's own check of the same files took 33 s more on CI's machine. It says so with BACKROOM_TYPES_CHECKED; any
  // other build (`npm start`, `npm run build`, a deployment's) checks them itself.
  typescript: { ignoreBuildErrors: process.env.BACKROOM_TYPES_CHECKED === "1" },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // A public menu's address holds its token: no referrer at all (the later entry wins for the same header).
      { source: "/menu/:path*", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
    ];
  },
  // Before accounts, people connected a key at /connect: its links and bookmarks now sign in.
  async redirects() {
    return [{ source: "/connect", destination: "/sign-in", permanent: false }];
  },
};

// withSerwist leaves esbuild out of the server's bundle: the service worker's route (app/serwist/[path]/route.ts) runs it
// when the build prerenders the worker.
export default withSerwist(nextConfig);
