import { randomUUID } from "node:crypto";
import { createSerwistRoute } from "@serwist/turbopack";

// GET /serwist/sw.js (and its source map): the service worker, bundled with esbuild from lib/ui/offline/service-worker.ts
// when `next build` prerenders this route, with the precache list written in: the build's static files (.next/static),
// the icons of public/icons, and the offline page, whose revision is new with each build (it is rendered per request,
// so it has no file to hash).
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: "lib/ui/offline/service-worker.ts",
  useNativeEsbuild: true,
  globPatterns: [".next/static/**/*.{js,css,woff2,png,svg,ico}", "public/icons/*.png"],
  additionalPrecacheEntries: [{ url: "/offline", revision: randomUUID() }],
});
