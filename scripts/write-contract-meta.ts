// npm run contract-meta: writes lib/data-api/meta.generated.ts, the contract as plain data for pages (no zod in the
// browser's first load), from the registry and the records. A unit test fails when the file is behind the contract.
import { writeFileSync } from "node:fs";
import { contractMetaSource } from "../lib/data-api/meta-build";

const target = new URL("../lib/data-api/meta.generated.ts", import.meta.url);
writeFileSync(target, contractMetaSource());
console.log(`Wrote ${target.pathname}`);
