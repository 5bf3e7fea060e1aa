import { SandboxError } from "../handler";
import type { Stage } from "./context";

/**
 * The key type: a Customer or Supplier key may not call an operation the registry marks forbidden for it (403);
 * Employee keys may call every operation. What a key may see of the records it can call is the handlers' (scope.ts).
 */
export function access(): Stage {
  return async (c, next) => {
    const operation = c.get("operation");
    const scope = c.get("scope");
    if (scope.type !== "Employee" && operation.access[scope.type] === "forbidden") {
      throw new SandboxError(403, { Error: `${scope.type} keys may not call ${operation.method} ${operation.path}` });
    }
    await next();
  };
}
