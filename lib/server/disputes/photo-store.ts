import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Kysely, PostgresAdapter } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";
import type { DisputeTables } from "./tables";

/**
 * Where a dispute's photos' bytes are kept, behind one interface: files under a folder (the embedded default, SQLite in
 * DATA_DIR: one instance), or the database (`dispute_photo_blobs`: PostgreSQL deployments, whose instances share
 * nothing else). Their metadata is always in `dispute_photos`. An S3-compatible store would be a third implementation.
 * A photo is named by its id (a UUID the server makes), never by anything its sender said.
 */
export interface PhotoStore {
  readonly where: "disk" | "database";
  put(photoId: string, bytes: Uint8Array): Promise<void>;
  get(photoId: string): Promise<Uint8Array | undefined>;
  remove(photoIds: readonly string[]): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Photos as files under `dir` (made when the first is kept), each written whole before it is named. */
export function diskPhotos(dir: string): PhotoStore {
  const path = (id: string) => {
    if (!UUID.test(id)) throw new Error("a photo's id is a UUID");
    return join(dir, id);
  };
  return {
    where: "disk",
    async put(photoId, bytes) {
      await mkdir(dir, { recursive: true });
      const part = join(dir, `.${randomUUID()}.part`);
      await writeFile(part, bytes);
      await rename(part, path(photoId));
    },
    async get(photoId) {
      try {
        return new Uint8Array(await readFile(path(photoId)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async remove(photoIds) {
      for (const id of photoIds) await rm(path(id), { force: true });
    },
  };
}

/** Photos in the database (`dispute_photo_blobs`). */
export function databasePhotos(coreDb: Kysely<BackroomDatabase>): PhotoStore {
  const db = coreDb.withTables<DisputeTables>();
  return {
    where: "database",
    async put(photoId, bytes) {
      await db
        .insertInto("dispute_photo_blobs")
        .values({ photo_id: photoId, data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })
        .onConflict((oc) => oc.column("photo_id").doNothing())
        .execute();
    },
    async get(photoId) {
      const row = await db
        .selectFrom("dispute_photo_blobs")
        .select("data")
        .where("photo_id", "=", photoId)
        .executeTakeFirst();
      return row ? new Uint8Array(row.data) : undefined;
    },
    async remove(photoIds) {
      if (photoIds.length)
        await db
          .deleteFrom("dispute_photo_blobs")
          .where("photo_id", "in", [...photoIds])
          .execute();
    },
  };
}

/**
 * The store a deployment keeps its photos in (`DISPUTE_PHOTO_STORE`): "auto" is the database on PostgreSQL (every
 * instance reads what another kept) and files under `dataDir`/dispute-photos on SQLite.
 */
export function photoStoreFor(
  db: Kysely<BackroomDatabase>,
  setting: "auto" | "disk" | "database",
  dataDir: string,
): PhotoStore {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (setting === "database" || (setting === "auto" && postgres)) return databasePhotos(db);
  return diskPhotos(join(dataDir, "dispute-photos"));
}
