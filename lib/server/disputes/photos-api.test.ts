import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_PHOTO_BYTES } from "@/lib/domain/photos/photo-type";
import type { DisputeView } from "@/lib/domain/disputes/view";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { BACKROOM, type TestBackend } from "../core/testing";
import { databaseProfiles } from "../testing";
import { addDisputePhoto, getDisputePhoto } from "./photos-api";
import { disputeSetUp, type SandboxHandle } from "./testing";

// A dispute's photos: what its first bytes say it is, at most 10 MB and 10 a dispute, kept once per key, read back
// whole by its store and its rep, and by nobody else.

let sandbox: TestSandbox & SandboxHandle;
let photoDir: string;
beforeAll(async () => {
  const opened = await openTestSandbox();
  sandbox = Object.assign(opened, {
    restock: async (productIds: number[]) =>
      void (await opened.db
        .updateTable("inventory")
        .set({ pre_sales: 0 })
        .where("product_id", "in", productIds)
        .execute()),
  });
  photoDir = mkdtempSync(join(tmpdir(), "dispute-photos-"));
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  rmSync(photoDir, { recursive: true, force: true });
});

/** A JPEG's first bytes, then `size` bytes in all (what follows is noise: only the first bytes are checked). */
function jpeg(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  for (let i = 4; i < size; i += 4096) bytes[i] = i % 251;
  return bytes;
}

/** A multipart upload of `bytes` in the field `photo`, as the page's form sends it. */
function upload(id: string, cookie: string, bytes: Uint8Array<ArrayBuffer>, key: string, name = "photo.jpg") {
  const form = new FormData();
  form.set("photo", new File([bytes], name, { type: "image/jpeg" }));
  return new Request(new URL(`/api/disputes/${id}/photos`, BACKROOM), {
    method: "POST",
    headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin", Host: new URL(BACKROOM).host, "Idempotency-Key": key },
    body: form,
  });
}

describe.each(databaseProfiles())("a dispute's photos on $name", ({ name, open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  it("keeps a photo up to 10 MB once per key, refuses a larger one, a text named .jpg and an 11th", async () => {
    const s = await disputeSetUp(sandbox, photoDir, open, name === "postgres");
    backends.push(s.backend);
    const raised = await s.raise(s.buyer.cookie, {
      invoiceNum: s.invoice.InvoiceNum,
      lines: [{ invoiceLineId: s.lines[0]!.InvoiceTransID, reason: "damaged", units: 1 }],
    });
    const id = raised.body.id as string;
    const post = async (cookie: string, bytes: Uint8Array<ArrayBuffer>, key: string, file?: string) => {
      const response = await addDisputePhoto(upload(id, cookie, bytes, key, file), s.deps, { id });
      return {
        status: response.status,
        body: (await response.json()) as DisputeView & { Error?: { fieldErrors?: { field: string }[] } },
      };
    };

    const big = jpeg(MAX_PHOTO_BYTES);
    const added = await post(s.buyer.cookie, big, "p-1");
    expect(added.status).toBe(201);
    expect(added.body.photos).toHaveLength(1);
    expect(added.body.photos[0]).toMatchObject({ type: "image/jpeg", bytes: MAX_PHOTO_BYTES });
    // The same upload again (a retry from the outbox): the one photo.
    expect((await post(s.buyer.cookie, big, "p-1")).body.photos).toHaveLength(1);

    const tooBig = await post(s.buyer.cookie, jpeg(MAX_PHOTO_BYTES + 1), "p-2");
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.Error?.fieldErrors?.[0]?.field).toBe("photo");
    const text = await post(
      s.buyer.cookie,
      new TextEncoder().encode("not a photo at all") as Uint8Array<ArrayBuffer>,
      "p-3",
      "pallet.jpg",
    );
    expect(text.status).toBe(422);
    expect(text.body.Error?.fieldErrors?.[0]?.field).toBe("photo");
    // The rep's side does not add the store's photos.
    expect((await post(s.rep.cookie, jpeg(100), "p-4")).status).toBe(403);

    // Read back whole, by the store and by the rep; a brand, another store, another rep: no such photo.
    const href = added.body.photos[0]!.href;
    const photoId = href.split("/").at(-1)!;
    const read = (cookie: string) =>
      getDisputePhoto(
        new Request(new URL(href, BACKROOM), { headers: { Cookie: cookie, Host: new URL(BACKROOM).host } }),
        s.deps,
        { id, photoId },
      );
    for (const cookie of [s.buyer.cookie, s.rep.cookie]) {
      const response = await read(cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/jpeg");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Cache-Control")).toMatch(/private/);
      expect(response.headers.get("Content-Disposition")).toMatch(/^inline/);
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(big))).toBe(true);
    }
    for (const cookie of [s.brand.cookie, s.otherStore.cookie, s.otherRep.cookie])
      expect([403, 404]).toContain((await read(cookie)).status);
    expect((await read(s.otherRep.cookie)).status).toBe(404);
    expect((await read(s.otherStore.cookie)).status).toBe(404);
    // The brand sees the dispute (its damaged line) but not its photos.
    expect((await s.read(s.brand.cookie, id)).body.photos).toEqual([]);

    for (let i = 2; i <= 10; i++) expect((await post(s.buyer.cookie, jpeg(64), `more-${i}`)).status).toBe(201);
    const eleventh = await post(s.buyer.cookie, jpeg(64), "more-11");
    expect(eleventh.status).toBe(422);
    expect(eleventh.body.Error?.fieldErrors?.[0]?.field).toBe("photo");
    expect(await s.count("dispute_photos")).toBe(10);
    if (name === "postgres") expect(await s.count("dispute_photo_blobs")).toBe(10);
  });
});
