import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Kysely, PostgresAdapter } from "kysely";
import type { BackroomDatabase } from "../db/schema";

/**
 * Where photos' bytes are kept, behind one interface: files under a folder (the embedded default, SQLite in DATA_DIR:
 * one instance), or the database (a feature's blob table: PostgreSQL deployments, whose instances share nothing else).
 * Each feature keeps its photos apart (its `PhotoPlace`: its folder under DATA_DIR and its blob table) and their
 * metadata in its own tables: a dispute's photos (`dispute_photos`, `dispute_photo_blobs`, DATA_DIR/dispute-photos),
 * a collection's check (`collections_collected_photos`, `collections_collected_photo_blobs`,
 * DATA_DIR/collected-photos). An S3-compatible store would be a third implementation. A photo is named by its id (a
 * UUID the server makes), never by anything its sender said.
 */
export interface PhotoStore {
  readonly where: "disk" | "database";
  put(photoId: string, bytes: Uint8Array): Promise<void>;
  get(photoId: string): Promise<Uint8Array | undefined>;
  remove(photoIds: readonly string[]): Promise<void>;
}

/** A feature's blob tables: its photos' bytes where the database keeps them (`bytea` on PostgreSQL, a blob on SQLite). */
export type PhotoBlobTableName = "dispute_photo_blobs" | "collections_collected_photo_blobs";

/** A photo's bytes in a blob table (made by its feature's migration). */
export interface PhotoBlobTable {
  photo_id: string;
  data: Uint8Array;
}

/** Where a feature keeps its photos: its folder under DATA_DIR, and its blob table. */
export interface PhotoPlace {
  folder: string;
  table: PhotoBlobTableName;
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

/** Photos in the database, in a feature's blob table. */
export function databasePhotos(coreDb: Kysely<BackroomDatabase>, table: PhotoBlobTableName): PhotoStore {
  const blobs = coreDb.withTables<Record<PhotoBlobTableName, PhotoBlobTable>>();
  return {
    where: "database",
    async put(photoId, bytes) {
      await blobs
        .insertInto(table)
        .values({ photo_id: photoId, data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })
        .onConflict((oc) => oc.column("photo_id").doNothing())
        .execute();
    },
    async get(photoId) {
      const row = await blobs.selectFrom(table).select("data").where("photo_id", "=", photoId).executeTakeFirst();
      return row ? new Uint8Array(row.data) : undefined;
    },
    async remove(photoIds) {
      if (photoIds.length)
        await blobs
          .deleteFrom(table)
          .where("photo_id", "in", [...photoIds])
          .execute();
    },
  };
}

/**
 * The store a deployment keeps a feature's photos in (its setting: `DISPUTE_PHOTO_STORE`, `COLLECTED_PHOTO_STORE`):
 * "auto" is the database on PostgreSQL (every instance reads what another kept) and files under `dataDir`/its folder
 * on SQLite.
 */
export function photoStoreFor(
  db: Kysely<BackroomDatabase>,
  setting: "auto" | "disk" | "database",
  dataDir: string,
  place: PhotoPlace,
): PhotoStore {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (setting === "database" || (setting === "auto" && postgres)) return databasePhotos(db, place.table);
  return diskPhotos(join(dataDir, place.folder));
}
