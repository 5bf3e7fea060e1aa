// The Data API contract: schemas, endpoint registry, typed client and OpenAPI generator.
// Pure TypeScript and zod: it runs in Node and in the browser (ESLint forbids server-only imports here).
export * from "./fields";
export * from "./envelopes";
export * from "./error-body";
export * from "./data-api-error";
export * from "./response-meta";
export * from "./query-params";
export * from "./validation-errors";
export * from "./writes";
export * from "./operation";
export * from "./registry";
export * from "./client";
export * from "./records/catalog";
export * from "./records/customers";
export * from "./records/directory";
export * from "./records/inventory";
export * from "./records/invoices";
export * from "./records/payments";
export * from "./records/purchases";
export * from "./request-body";
export * from "./values";
export * from "./meta";
export * from "./meta.generated";
