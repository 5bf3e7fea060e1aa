import { isRefusal } from "@/lib/data-api/refusal";
import { notFound, pathSegments, routeOf } from "@/lib/data-api/request-check";
import { isEnvironment } from "../environments";
import { refuse } from "../handler";
import type { Stage } from "./context";

/**
 * The route, before the key: an environment and a version (404 otherwise), a path whose escapes decode (400
 * MALFORMED_PATH), and a registry operation for the method and path (404, or 405 with `Allow`), by the shared request
 * check. An unknown path answers 404 even without a key. Without `v2` (SANDBOX_V2=off), every v2 path is unknown.
 */
export function route(basePath: string, v2 = true): Stage {
  return async (c, next) => {
    const env = c.req.param("env") ?? "";
    const version = c.req.param("version");
    if (!isEnvironment(env) || (version !== "v1" && version !== "v2") || (version === "v2" && !v2)) refuse(notFound());
    const versionPath = `${basePath}/${env}/api/${version}`;
    const segments = pathSegments(c.req.path.slice(versionPath.length));
    if (isRefusal(segments)) refuse(segments);
    const found = routeOf(c.req.method, version, segments);
    if (isRefusal(found)) refuse(found);
    c.set("env", env);
    c.set("versionPath", versionPath);
    c.set("operation", found.operation);
    c.set("params", found.params);
    await next();
  };
}
