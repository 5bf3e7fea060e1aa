// npm run endpoints: writes docs/endpoints.md from the routes' specs (lib/server/routes.ts), as /api/openapi.json is.
import { writeFileSync } from "node:fs";
import { endpointsMarkdown } from "../lib/server/core/endpoints-doc";
import { openApiDocument, ROUTE_SPECS } from "../lib/server/routes";

const target = new URL("../docs/endpoints.md", import.meta.url);
writeFileSync(target, endpointsMarkdown(ROUTE_SPECS, openApiDocument()));
console.log(`Wrote ${target.pathname}`);
