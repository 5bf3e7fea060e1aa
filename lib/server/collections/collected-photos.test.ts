import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CollectedView } from "@/lib/domain/credit/view";
import { MAX_PHOTO_BYTES } from "@/lib/domain/photos/photo-type";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { databasePhotos, diskPhotos } from "../core/photos/photo-store";
import { BACKROOM, browserRequest, connectKey, DEMO_KEYS, joinAs, linkToRep, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { recordCollected } from "./collected-api";
import { addCollectedPhoto, type CollectedPhotoDeps, getCollectedPhoto } from "./collected-photos-api";
import { createCollectedStore } from "./collected-store";
import type { CollectionsTables } from "./tables";

// The photo of a collection's check: what its first bytes say it is, at most 10 MB, one a record, kept once per key,
// added by whoever may record a collection for the account and read back whole by whoever reads its records; a record
// of another place is no record.

const STORE = 20001;
type Json = Record<string, unknown> & { Error?: { fieldErrors?: { field: string }[] } };

let sandbox: TestSandbox;
let account: number;
let photoDir: string;
beforeAll(async () => {
  sandbox = await openTestSandbox();
  const row = await sandbox.db
    .selectFrom("customers")
    .select("ar_account_id")
    .where("customer_id", "=", STORE)
    .executeTakeFirstOrThrow();
  account = row.ar_account_id;
  photoDir = mkdtempSync(join(tmpdir(), "collected-photos-"));
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  rmSync(photoDir, { recursive: true, force: true });
});

/** A PNG's signature, then `size` bytes in all (what follows is noise: only the first bytes are checked). */
function png(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < size; i += 4096) bytes[i] = i % 251;
  return bytes;
}

describe.each(databaseProfiles())("a collection's photo on $name", ({ name, open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  async function setUp() {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
      database: await open(),
    });
    backends.push(backend);
    const photos =
      name === "postgres" ? databasePhotos(backend.db, "collections_collected_photo_blobs") : diskPhotos(photoDir);
    const deps: CollectedPhotoDeps & TestBackend = { ...backend, collections: { photos } };
    const distributor = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const [record] = await sandbox.walk(`/customers?CustomerIDs=${STORE}`, "Employee");
    const repId = record!.SalesRepUserID as number;
    const link = (memberId: string, rep: number) => linkToRep(backend, memberId, rep);
    const rep = await joinAs(backend, distributor.workspaceId, "purchasing");
    await link(rep.memberId, repId);
    const otherRep = await joinAs(backend, distributor.workspaceId, "purchasing");
    await link(otherRep.memberId, repId + 1);
    const viewer = await joinAs(backend, distributor.workspaceId, "viewer");
    await link(viewer.memberId, repId);
    const storeSide = await connectKey(backend, DEMO_KEYS.Customer, "Customer", {
      summary: "test",
      customers: [{ id: STORE, name: "Cloud Station - Sacramento" }],
    });
    return { backend, deps, distributor, rep, otherRep, viewer, storeSide };
  }

  it("keeps one photo a record once per key, refuses what it must, and reads it back to the record's readers", async () => {
    const s = await setUp();
    const made = await recordCollected(
      browserRequest("POST", `/api/collections/${account}/collected`, {
        cookie: s.rep.cookie,
        headers: { "Idempotency-Key": "c-photo" },
        json: { amount: "1.23", method: "check", reference: "7001", customerId: STORE },
      }),
      s.deps,
      { arAccountId: String(account) },
    );
    expect(made.status).toBe(201);
    const record = (await made.json()) as CollectedView;
    expect(record.photo).toBeNull();

    const post = async (cookie: string, bytes: Uint8Array<ArrayBuffer>, key: string, id = record.id, ar = account) => {
      const form = new FormData();
      form.set("photo", new File([bytes], "check.png", { type: "image/png" }));
      const request = new Request(new URL(`/api/collections/${ar}/collected/${id}/photos`, BACKROOM), {
        method: "POST",
        headers: {
          Cookie: cookie,
          "Sec-Fetch-Site": "same-origin",
          Host: new URL(BACKROOM).host,
          "Idempotency-Key": key,
        },
        body: form,
      });
      const response = await addCollectedPhoto(request, s.deps, { arAccountId: String(ar), id });
      return { status: response.status, body: (await response.json()) as CollectedView & Json };
    };
    const count = async (table: "collections_collected_photos" | "collections_collected_photo_blobs") =>
      Number(
        (
          await s.backend.db
            .withTables<CollectionsTables>()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );

    // Refused before anything is kept, each on the field `photo`: too large, no image.
    const tooBig = await post(s.rep.cookie, png(MAX_PHOTO_BYTES + 1), "p-big");
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.Error?.fieldErrors?.[0]?.field).toBe("photo");
    const text = await post(
      s.rep.cookie,
      new TextEncoder().encode("a check, honest") as Uint8Array<ArrayBuffer>,
      "p-t",
    );
    expect(text.status).toBe(422);
    expect(text.body.Error?.fieldErrors?.[0]?.field).toBe("photo");
    // A viewer reads but does not add; another rep, and a record of another account's address, are no record.
    expect((await post(s.viewer.cookie, png(100), "p-v")).status).toBe(403);
    expect((await post(s.otherRep.cookie, png(100), "p-o")).status).toBe(404);
    expect((await post(s.rep.cookie, png(100), "p-a", record.id, account + 1)).status).toBe(404);
    expect(await count("collections_collected_photos")).toBe(0);

    const photo = png(2_000);
    const added = await post(s.rep.cookie, photo, "p-1");
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.photo).toMatchObject({ type: "image/png", bytes: 2_000 });
    // A double press (or the outbox's retry) with the key: the one photo.
    const again = await post(s.rep.cookie, photo, "p-1");
    expect(again.status).toBe(200);
    expect(again.body.photo).toEqual(added.body.photo);
    // Another key: the record has its photo.
    const second = await post(s.distributor.cookie, png(64), "p-2");
    expect(second.status).toBe(422);
    expect(second.body.Error?.fieldErrors?.[0]?.field).toBe("photo");
    expect(await count("collections_collected_photos")).toBe(1);
    if (name === "postgres") expect(await count("collections_collected_photo_blobs")).toBe(1);

    // Read back whole by the rep, the owner and the viewer; another rep and the store's own key: none.
    const href = added.body.photo!.href;
    const photoId = href.split("/").at(-1)!;
    const read = (cookie: string, ar = account) =>
      getCollectedPhoto(browserRequest("GET", href, { cookie }), s.deps, {
        arAccountId: String(ar),
        id: record.id,
        photoId,
      });
    for (const cookie of [s.rep.cookie, s.distributor.cookie, s.viewer.cookie]) {
      const response = await read(cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/png");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(photo))).toBe(true);
    }
    expect((await read(s.otherRep.cookie)).status).toBe(404);
    expect([403, 404]).toContain((await read(s.storeSide.cookie)).status);
    expect((await read(s.rep.cookie, account + 1)).status).toBe(404);

    // Another workspace's record (the production environment's place, this key's is the test's): no record to add to nor to read, for anyone here.
    const elsewhere = await createCollectedStore(s.backend.db).record({
      owner: "another-workspace",
      place: { environment: "production", visitor: null },
      arAccountId: account,
      customerId: STORE,
      amount: "2.00",
      method: "cash",
      reference: null,
      deliveryDate: null,
      recordedBy: { id: "someone", name: "Someone" },
      idempotencyKey: "elsewhere",
      digest: "d",
      note: null,
    });
    if (elsewhere.outcome === "conflict") throw new Error("a new key");
    expect((await post(s.distributor.cookie, png(64), "p-e", elsewhere.row.id)).status).toBe(404);
    const theirs = await getCollectedPhoto(
      browserRequest("GET", `/api/collections/${account}/collected/${elsewhere.row.id}/photos/${photoId}`, {
        cookie: s.distributor.cookie,
      }),
      s.deps,
      { arAccountId: String(account), id: elsewhere.row.id, photoId },
    );
    expect(theirs.status).toBe(404);
    expect(await count("collections_collected_photos")).toBe(1);
  });
});
