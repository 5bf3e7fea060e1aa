import "server-only";
import { loadOrCreateSecretFile } from "@/lib/node/secret-file";

/**
 * The session secret for local use, when SESSION_SECRET is not configured: read from `<dataDir>/session-secret`, or
 * created there once (48 random bytes, base64url; file mode 0600; first wins when two processes start at once, so both
 * encrypt under the same secret: `loadOrCreateSecretFile`). A damaged file stops the start: replacing it would make
 * every stored key unreadable without a word.
 *
 * @example
 * const secret = serverEnv.SESSION_SECRET ?? loadOrCreateSecret(serverEnv.DATA_DIR);
 */
export function loadOrCreateSecret(dataDir: string): string {
  // What this writes is 64 characters; anything much shorter was not written here.
  return loadOrCreateSecretFile({
    dir: dataDir,
    name: "session-secret",
    bytes: 48,
    minLength: 32,
    what: "session secret",
  });
}
