import "server-only";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { BackroomDatabase, SessionKeyTable, SessionTable } from "../db/schema";
import { decryptApiKey, deriveSecretRing, encryptApiKey, fingerprintApiKey } from "./key-crypto";
import { keyAad, keyHint, NewKeySchema, toKeyInfo } from "./key-record";
import { hashSessionId, newKeyId, newSessionId } from "./random-ids";
import type { KeyHandle, SessionStore, SessionStoreOptions } from "./types";

const HOUR_MS = 60 * 60 * 1000;

type Db = Kysely<BackroomDatabase>;

function duration(ms: number, name: string): number {
  if (!Number.isFinite(ms) || ms <= 0) throw new RangeError(`${name} must be a positive number of milliseconds`);
  return ms;
}

/** Deletes a session and its keys, answering the keys it held. */
async function dropSession(trx: Db, idHash: string): Promise<KeyHandle[]> {
  const keys = await trx.deleteFrom("session_keys").where("session_id_hash", "=", idHash).returning(["id", "fingerprint"]).execute();
  await trx.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
  return keys;
}


/**
 * The server's sessions and their key rings. The cookie's id is known to the database only by its hash, and every key
 * only encrypted (see `key-crypto.ts`, `key-record.ts`). Writes that touch several rows run in one transaction; the
 * hot path (`activeKey`) is one read, and at most once a minute two single-row updates.
 *
 * A key that cannot be decrypted (its secret is no longer configured, or the row was tampered with) makes `activeKey`
 * answer undefined, as if no key were active, and is left in place: during a rolling change of secrets an instance
 * that lacks the new secret must not destroy records the others can read. `connect` is the exception: moving the ring
 * to the new session id needs each key in clear, so a key it cannot read is dropped (it could never be read again).
 *
 * @example
 * const store = createSessionStore({ db, secrets: { current: serverEnv.SESSION_SECRET } });
 * const { sessionId } = await store.connect(cookies.get("session"), { apiKey, environment: "test", keyType, label, scope });
 * const key = await store.activeKey(sessionId); // key.apiKey goes upstream as x-api-key
 */
/** How often a session's and a key's use is written down: once a minute, or a tenth of a short idle timeout. */
const TOUCH_EVERY_MS = 60_000;

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { db } = options;
  const ring = deriveSecretRing(options.secrets);
  const clock = options.now ?? (() => new Date());
  const idleMs = duration(options.idleMs ?? 8 * HOUR_MS, "idleMs");
  const touchEveryMs = Math.min(TOUCH_EVERY_MS, idleMs / 10);
  const maxAgeMs = duration(options.maxAgeMs ?? 7 * 24 * HOUR_MS, "maxAgeMs");

  // A session is expired once last seen idleMs ago, or created maxAgeMs ago. ISO timestamps compare as text.
  function cutoffs(now: Date) {
    return { seen: new Date(now.getTime() - idleMs).toISOString(), created: new Date(now.getTime() - maxAgeMs).toISOString() };
  }
  function expired(eb: ExpressionBuilder<BackroomDatabase, "sessions">, now: Date) {
    const cut = cutoffs(now);
    return eb.or([eb("last_seen_at", "<=", cut.seen), eb("created_at", "<=", cut.created)]);
  }

  /** The session when live. An expired one is deleted when met, so it is never seen again. */
  async function liveSession(executor: Db, idHash: string, now: Date, known?: SessionTable): Promise<SessionTable | undefined> {
    const row = known ?? (await executor.selectFrom("sessions").selectAll().where("id_hash", "=", idHash).executeTakeFirst());
    if (!row) return undefined;
    const cut = cutoffs(now);
    if (row.last_seen_at > cut.seen && row.created_at > cut.created) return row;
    await (executor.isTransaction ? dropSession(executor, idHash) : executor.transaction().execute((trx) => dropSession(trx, idHash)));
    return undefined;
  }

  /** The encrypted columns of a key under the current secret, bound to its row and its session. */
  function seal(apiKey: string, keyId: string, environment: string, idHash: string) {
    const { secretId, iv, ciphertext, tag } = encryptApiKey(apiKey, ring.current, keyAad(keyId, environment, idHash));
    return { secret_id: secretId, iv, ciphertext, tag, fingerprint: fingerprintApiKey(apiKey, ring.current) };
  }
  function unseal(row: SessionKeyTable, idHash: string) {
    const sealed = { secretId: row.secret_id, iv: row.iv, ciphertext: row.ciphertext, tag: row.tag };
    return decryptApiKey(sealed, ring, keyAad(row.id, row.environment, idHash));
  }

  /**
   * Moves a ring to a new session id, re-encrypting each key for its new session (and under the current secret).
   * The entry that `replaced` matches (same environment, same key under any known secret) is dropped instead.
   */
  async function moveRing(trx: Db, fromHash: string, toHash: string, replaced: { environment: string; fingerprints: Set<string> }) {
    const rows = await trx.selectFrom("session_keys").selectAll().where("session_id_hash", "=", fromHash).execute();
    for (const row of rows) {
      const same = row.environment === replaced.environment && replaced.fingerprints.has(row.fingerprint);
      const opened = same ? undefined : unseal(row, fromHash);
      if (!opened) {
        await trx.deleteFrom("session_keys").where("id", "=", row.id).execute();
        continue;
      }
      const columns = { session_id_hash: toHash, ...seal(opened.apiKey, row.id, row.environment, toHash) };
      await trx.updateTable("session_keys").set(columns).where("id", "=", row.id).execute();
    }
  }

  return {
    async connect(sessionId, key) {
      const input = NewKeySchema.parse(key);
      const now = clock();
      const at = now.toISOString();
      const next = newSessionId();
      const keyId = newKeyId();
      const fingerprints = new Set(ring.all.map((secret) => fingerprintApiKey(input.apiKey, secret)));
      const oldHash = sessionId === undefined ? undefined : hashSessionId(sessionId);
      await db.transaction().execute(async (trx) => {
        const old = oldHash === undefined ? undefined : await liveSession(trx, oldHash, now);
        // The ring keeps its age: connecting another key does not extend the life of the keys already held.
        const session = { id_hash: next.idHash, created_at: old?.created_at ?? at, last_seen_at: at, active_key_id: keyId };
        await trx.insertInto("sessions").values(session).execute();
        if (old) {
          await moveRing(trx, old.id_hash, next.idHash, { environment: input.environment, fingerprints });
          await dropSession(trx, old.id_hash);
        }
        await trx
          .insertInto("session_keys")
          .values({
            id: keyId,
            session_id_hash: next.idHash,
            environment: input.environment,
            key_type: input.keyType,
            label: input.label,
            scope_json: JSON.stringify(input.scope),
            hint: keyHint(input.apiKey),
            ...seal(input.apiKey, keyId, input.environment, next.idHash),
            added_at: at,
            last_used_at: null,
          })
          .execute();
      });
      return { sessionId: next.sessionId, keyId };
    },

    async view(sessionId) {
      const idHash = hashSessionId(sessionId);
      const now = clock();
      const session = idHash === undefined ? undefined : await liveSession(db, idHash, now);
      if (!session) return undefined;
      const touch = Date.parse(session.last_seen_at) <= now.getTime() - touchEveryMs;
      const lastSeenAt = touch ? now.toISOString() : session.last_seen_at;
      if (touch) await db.updateTable("sessions").set({ last_seen_at: lastSeenAt }).where("id_hash", "=", session.id_hash).execute();
      const rows = await db
        .selectFrom("session_keys")
        .selectAll()
        .where("session_id_hash", "=", session.id_hash)
        .orderBy("added_at")
        .orderBy("id")
        .execute();
      return { keys: rows.map(toKeyInfo), activeKeyId: session.active_key_id, createdAt: session.created_at, lastSeenAt };
    },

    async activeKey(sessionId) {
      const idHash = hashSessionId(sessionId);
      if (idHash === undefined) return undefined;
      const now = clock();
      // The hot path of every proxied request: the session and its active key in one read.
      const joined = await db
        .selectFrom("sessions")
        .leftJoin("session_keys", (join) => join.onRef("session_keys.id", "=", "sessions.active_key_id").onRef("session_keys.session_id_hash", "=", "sessions.id_hash"))
        .selectAll("sessions")
        .select(["session_keys.id", "environment", "key_type", "label", "scope_json", "hint", "fingerprint", "secret_id", "iv", "ciphertext", "tag", "added_at", "last_used_at"])
        .where("sessions.id_hash", "=", idHash)
        .executeTakeFirst();
      if (!joined) return undefined;
      const session: SessionTable = { id_hash: joined.id_hash, created_at: joined.created_at, last_seen_at: joined.last_seen_at, active_key_id: joined.active_key_id };
      if (!(await liveSession(db, idHash, now, session))) return undefined;
      const at = now.toISOString();
      // Use is recorded at most once a minute: idle timeouts are hours, and a write on every proxied request would
      // cost more than the rest of the lookup (docs/benchmarks.md).
      const stale = (stamp: string | null) => stamp === null || Date.parse(stamp) <= now.getTime() - touchEveryMs;
      if (stale(session.last_seen_at)) await db.updateTable("sessions").set({ last_seen_at: at }).where("id_hash", "=", idHash).execute();
      if (joined.id === null) return undefined;
      // The left join's columns are all present once its id is: the row, as the table holds it.
      const row = { ...joined, id: joined.id, session_id_hash: idHash } as SessionKeyTable;
      const opened = unseal(row, idHash);
      if (!opened) return undefined;
      // One UPDATE: the use, and when the key was read with a previous secret, its re-encryption under the current one.
      const rotated = opened.secret === ring.current ? undefined : seal(opened.apiKey, row.id, row.environment, idHash);
      const fingerprint = rotated?.fingerprint ?? row.fingerprint;
      if (rotated || stale(row.last_used_at)) {
        await db
          .updateTable("session_keys")
          .set({ last_used_at: at, ...rotated })
          .where("id", "=", row.id)
          .where("session_id_hash", "=", idHash)
          .execute();
        return { ...toKeyInfo(row), lastUsedAt: at, apiKey: opened.apiKey, fingerprint };
      }
      return { ...toKeyInfo(row), apiKey: opened.apiKey, fingerprint };
    },

    async switchKey(sessionId, keyId) {
      const idHash = hashSessionId(sessionId);
      const now = clock();
      const session = idHash === undefined ? undefined : await liveSession(db, idHash, now);
      if (!session) return false;
      // The key must belong to this session at the moment of the write, even if it is being removed meanwhile.
      const result = await db
        .updateTable("sessions")
        .set({ active_key_id: keyId, last_seen_at: now.toISOString() })
        .where("id_hash", "=", session.id_hash)
        .where((eb) => eb.exists(eb.selectFrom("session_keys").select("id").where("id", "=", keyId).where("session_id_hash", "=", session.id_hash)))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async removeKey(sessionId, keyId) {
      const idHash = hashSessionId(sessionId);
      if (idHash === undefined) return undefined;
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const session = await liveSession(trx, idHash, now);
        if (!session) return undefined;
        const removed = await trx
          .deleteFrom("session_keys")
          .where("id", "=", keyId)
          .where("session_id_hash", "=", idHash)
          .returning(["id", "fingerprint"])
          .executeTakeFirst();
        if (!removed) return undefined;
        let active = session.active_key_id;
        if (active === keyId) {
          const latest = await trx
            .selectFrom("session_keys")
            .select("id")
            .where("session_id_hash", "=", idHash)
            .orderBy("added_at", "desc")
            .orderBy("id", "desc")
            .limit(1)
            .executeTakeFirst();
          active = latest?.id ?? null;
        }
        await trx.updateTable("sessions").set({ active_key_id: active, last_seen_at: now.toISOString() }).where("id_hash", "=", idHash).execute();
        return removed;
      });
    },

    async signOut(sessionId) {
      const idHash = hashSessionId(sessionId);
      if (idHash === undefined) return [];
      return db.transaction().execute((trx) => dropSession(trx, idHash));
    },

    async purgeExpired() {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const gone = trx.selectFrom("sessions").select("id_hash").where((eb) => expired(eb, now));
        await trx.deleteFrom("session_keys").where("session_id_hash", "in", gone).execute();
        const result = await trx.deleteFrom("sessions").where((eb) => expired(eb, now)).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },

    async countLive() {
      const cut = cutoffs(clock());
      const row = await db
        .selectFrom("sessions")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("last_seen_at", ">", cut.seen)
        .where("created_at", ">", cut.created)
        .executeTakeFirstOrThrow();
      // PostgreSQL answers count(*) as a bigint, which pg gives as text.
      return Number(row.n);
    },
  };
}
