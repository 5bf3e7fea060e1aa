// npm run openapi: writes the OpenAPI document of the Data API, generated from the registry, to public/openapi.json.
import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "../lib/data-api/openapi";

const target = new URL("../public/openapi.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`Wrote ${target.pathname}`);
