import type { AddressObject, ParsedMail } from "mailparser";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { createMailer } from "../core/auth/mailer";
import { type MailCapture, startMailCapture } from "../core/mail-capture";
import { browserRequest, connectKey, DEMO_KEYS, joinAs, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { getOrderGuide } from "./guide-api";
import { getOrderLists, putOrderListContact, resendOrderList, sendOrderList } from "./lists-api";
import { createOrderListStore } from "./order-lists-store";
import { withdrawOrderList } from "./withdraw-api";
import { SENDING_LEASE_MS } from "@/lib/domain/order-guide/order-list";

// Reorder lists against the sandbox, with a real SMTP server on loopback: the list's one mail (to the rep, a copy to
// the sender, the CSV attached), its totals from the API's prices as of now, one mail per Idempotency-Key, and the
// refusals.

let sandbox: TestSandbox;
let capture: MailCapture;
let smtpUrl: string;
let received: ParsedMail[];
beforeAll(async () => {
  sandbox = await openTestSandbox();
  capture = await startMailCapture();
  ({ url: smtpUrl, received } = capture);
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  await capture.close();
});

type Row = Record<string, unknown>;
interface GuideRowJson {
  productId: number;
  name: string;
  casePrice: string | null;
}
const STORES = [
  { id: 20001, name: "Valley Cannabis - Oakland" },
  { id: 20002, name: "Valley Cannabis - San Jose" },
];
const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));

describe.each(databaseProfiles())("reorder lists to the rep on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    received.length = 0;
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  async function setUp({ mail = true, keyType = "Customer" as "Customer" | "Supplier" } = {}) {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
      database: await open(),
    });
    backends.push(backend);
    const owner = await connectKey(backend, DEMO_KEYS[keyType], keyType, {
      summary: "test",
      ...(keyType === "Customer" ? { customers: STORES } : {}),
    });
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    const buyer = await joinAs(backend, owner.workspaceId, "purchasing");
    // A real SMTP server, or none (the embedded default: nothing is sent).
    const mailer = createMailer({
      url: mail ? smtpUrl : undefined,
      from: "Backroom <no-reply@backroom.test>",
      noted: () => {},
    });
    const deps = { ...backend, mailer };
    const send = async (cookie: string, json: unknown, key: string | null = "list-1", site?: string) => {
      const response = await sendOrderList(
        browserRequest("POST", "/api/order-guide/lists", {
          cookie,
          json,
          ...(site ? { site } : {}),
          headers: key ? { "Idempotency-Key": key } : {},
        }),
        deps,
      );
      return { status: response.status, body: (await response.json()) as Row };
    };
    const guide = async (customer: number) => {
      const response = await getOrderGuide(
        browserRequest("GET", `/api/order-guide?customer=${customer}`, { cookie: owner.cookie }),
        backend,
      );
      return (await response.json()) as { salesRepEmail: string | null; rows: GuideRowJson[] };
    };
    const lists = async (cookie: string) =>
      (await (await getOrderLists(browserRequest("GET", "/api/order-guide/lists", { cookie }), deps)).json()) as {
        lists: Row[];
      };
    const email = async (userId: string) =>
      (await sql<{ email: string }>`select email from auth_user where id = ${userId}`.execute(backend.db)).rows[0]!
        .email;
    return { backend, deps, owner, viewer, buyer, send, guide, lists, email };
  }

  it("mails one list to the store's rep with a copy to the sender, the CSV attached, priced as the API prices now; the same key again mails nothing", async () => {
    const { backend, buyer, send, guide, lists, email } = await setUp();
    const { salesRepEmail, rows } = await guide(20001);
    expect(salesRepEmail).toMatch(/@/);
    const priced = rows.filter((r) => r.casePrice !== null).slice(0, 2);
    expect(priced).toHaveLength(2);
    const asked = [
      { productId: priced[0]!.productId, cases: 2 },
      { productId: priced[1]!.productId, cases: 3 },
      {
        productId: rows.at(-1)!.productId === priced[1]!.productId ? priced[0]!.productId : rows.at(-1)!.productId,
        cases: 0,
      },
    ];
    // The client's prices are not the list's: only products and cases are sent.
    const first = await send(buyer.cookie, { customer: 20001, lines: asked });
    expect(first.status).toBe(201);
    const list = first.body.list as Row & { lines: Row[] };
    const expected = parseDecimal(priced[0]!.casePrice!)! * 2n + parseDecimal(priced[1]!.casePrice!)! * 3n;
    expect(list).toMatchObject({
      status: "sent",
      customerId: 20001,
      recipient: salesRepEmail,
      lineCount: 2,
      totalCases: 5,
    });
    expect(list.total).toBe(toDecimalString(expected, 2));

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(addresses(mail.to)).toEqual([salesRepEmail!.toLowerCase()]);
    expect(addresses(mail.cc)).toEqual([(await email(buyer.userId)).toLowerCase()]);
    expect(mail.subject).toMatch(/^Reorder request: .+ \(20001\)$/);
    expect(mail.text).toContain("a request to your rep, not an order placed in the ERP");
    expect(mail.text).toContain(`total $${toDecimalString(expected, 2)}`);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`reorder-20001-${list.priceDay}.csv`]);
    const csv = mail.attachments[0]!.content.toString("utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(csv[0]).toBe("ProductID,Product,Units per case,Cases,Unit price,Case price,Line total");
    // A line per product, in the guide's order, each case price × cases.
    expect(csv.slice(1).map((l) => l.split(",").slice(-2))).toEqual([
      [priced[0]!.casePrice, toDecimalString(parseDecimal(priced[0]!.casePrice!)! * 2n, 2)],
      [priced[1]!.casePrice, toDecimalString(parseDecimal(priced[1]!.casePrice!)! * 3n, 2)],
    ]);

    // A double click: the same key answers the same list, and no second mail goes.
    const again = await send(buyer.cookie, { customer: 20001, lines: asked });
    expect(again.status).toBe(200);
    expect((again.body.list as Row).id).toBe(list.id);
    expect(received).toHaveLength(1);

    const kept = await lists(buyer.cookie);
    expect(kept.lists.map((l) => [l.id, l.status, (l.sentBy as Row).id])).toEqual([[list.id, "sent", buyer.userId]]);
    const audit = await backend.db
      .selectFrom("audit_events")
      .select(["reference_json", "user_id"])
      .where("event", "=", "order-list-sent")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.reference_json)).toMatchObject({
      customerId: 20001,
      listId: list.id,
      amount: list.total,
    });
  });

  it("sends to the workspace's contact where the record has no SalesRepEmail; with neither, 409 and nothing kept or sent", async () => {
    const { backend, deps, owner, viewer, send, guide, lists } = await setUp();
    // The API's sparse record: SalesRepEmail left out.
    backend.answerWith(async (request) => {
      const response = await sandbox.runtime.app.fetch(request);
      if (!new URL(request.url).pathname.endsWith("/customers")) return response;
      const body = (await response.json()) as { Data: Row[] };
      for (const c of body.Data) delete c.SalesRepEmail;
      return Response.json(body, { status: response.status, headers: response.headers });
    });
    const { rows } = await guide(20001);
    const line = { productId: rows.find((r) => r.casePrice !== null)!.productId, cases: 1 };
    const refused = await send(owner.cookie, { customer: 20001, lines: [line] }, "no-rep");
    expect(refused.status).toBe(409);
    expect((refused.body.Error as Row).code).toBe("NO_REP_EMAIL");
    expect(received).toHaveLength(0);
    expect((await lists(owner.cookie)).lists).toEqual([]);

    const put = (cookie: string, email: string | null) =>
      putOrderListContact(browserRequest("PUT", "/api/order-guide/contact", { cookie, json: { email } }), deps);
    expect((await put(viewer.cookie, "rep@distributor.example")).status).toBe(403);
    expect((await put(owner.cookie, "not an address")).status).toBe(400);
    expect((await put(owner.cookie, "rep@distributor.example")).status).toBe(200);
    const sent = await send(owner.cookie, { customer: 20001, lines: [line] }, "to-contact");
    expect(sent.status).toBe(201);
    expect((sent.body.list as Row).recipient).toBe("rep@distributor.example");
    expect(received.flatMap((m) => addresses(m.to))).toEqual(["rep@distributor.example"]);
  });

  it.each([
    ["a viewer", "viewer", undefined, "list-v", 403],
    ["a cross-site request", "owner", "cross-site", "list-x", 403],
    ["a request without an Idempotency-Key", "owner", undefined, null, 400],
  ] as const)("POST /api/order-guide/lists refuses %s", async (_, who, site, key, status) => {
    const ctx = await setUp();
    const { rows } = await ctx.guide(20001);
    const line = { productId: rows.find((r) => r.casePrice !== null)!.productId, cases: 1 };
    const answer = await ctx.send(ctx[who].cookie, { customer: 20001, lines: [line] }, key, site);
    expect(answer.status).toBe(status);
    expect(received).toHaveLength(0);
    expect((await ctx.lists(ctx.owner.cookie)).lists).toEqual([]);
  });

  it("refuses an empty list and another day than today (400), a body past 64 KiB (413), and a Supplier key (403)", async () => {
    const { owner, send } = await setUp();
    const empty = await send(owner.cookie, { customer: 20001, lines: [{ productId: 1, cases: 0 }] }, "empty");
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("The list is empty");
    // Priced as of now: another day than today is refused.
    const old = await send(
      owner.cookie,
      { customer: 20001, day: "2020-01-01", lines: [{ productId: 1, cases: 1 }] },
      "old",
    );
    expect(old.status).toBe(400);
    // A body past its 64 KiB: 413, before anything is read of the API.
    const huge = await send(
      owner.cookie,
      { customer: 20001, lines: Array.from({ length: 3000 }, (_, n) => ({ productId: n + 1, cases: 1 })) },
      "huge",
    );
    expect([huge.status, (huge.body.Error as Row).code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    const brand = await setUp({ keyType: "Supplier" });
    const refused = await brand.send(brand.owner.cookie, { customer: 20001, lines: [{ productId: 1, cases: 1 }] });
    expect(refused.status).toBe(403);
    expect(refused.body.Error).toEqual({
      code: "NOT_FOR_THIS_KEY",
      detail: "The store's order guide: for Customer or Employee keys only; this workspace's key is a Supplier key.",
    });
    expect(received).toHaveLength(0);
  });

  it("mails again a list the mail server refused, and one whose request stopped before its mail: once each, even asked twice at once", async () => {
    const { backend, deps, owner, viewer, buyer, guide, lists } = await setUp();
    const { rows } = await guide(20001);
    const line = { productId: rows.find((r) => r.casePrice !== null)!.productId, cases: 2 };
    // Nothing listens on the discard port: the mail server "refuses" and the list is kept as not sent.
    const down = createMailer({
      url: "smtp://127.0.0.1:9",
      from: "Backroom <no-reply@backroom.test>",
      noted: () => {},
    });
    const failed = await sendOrderList(
      browserRequest("POST", "/api/order-guide/lists", {
        cookie: buyer.cookie,
        json: { customer: 20001, lines: [line] },
        headers: { "Idempotency-Key": "refused-once" },
      }),
      { ...deps, mailer: down },
    );
    const refusedList = ((await failed.json()) as { list: Row }).list;
    expect([failed.status, refusedList.status]).toEqual([201, "mail-failed"]);
    expect(received).toHaveLength(0);

    const resend = async (cookie: string, id: string, site?: string) => {
      const response = await resendOrderList(
        browserRequest("POST", `/api/order-guide/lists/${id}/resend`, { cookie, ...(site ? { site } : {}) }),
        deps,
        { id },
      );
      return { status: response.status, body: (await response.json()) as Row };
    };
    // A viewer may not send; another site may not; an unknown id is 404.
    expect((await resend(viewer.cookie, refusedList.id as string)).status).toBe(403);
    expect((await resend(buyer.cookie, refusedList.id as string, "https://evil.example")).status).toBe(403);
    expect((await resend(buyer.cookie, "no-such-list")).status).toBe(404);
    // Two presses at once: one claims the list and mails it; the other answers it as it is.
    const both = await Promise.all([
      resend(buyer.cookie, refusedList.id as string),
      resend(owner.cookie, refusedList.id as string),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(received).toHaveLength(1);
    expect((await lists(buyer.cookie)).lists.map((l) => l.status)).toEqual(["sent"]);
    // Sent: pressed again, nothing more.
    expect(((await resend(buyer.cookie, refusedList.id as string)).body.list as Row).status).toBe("sent");
    expect(received).toHaveLength(1);

    // A request that kept its list and stopped (a crash) three minutes ago: still "sending", read as unconfirmed.
    const scope = { workspaceId: owner.workspaceId, environment: "test" as const };
    const past = new Date(backend.now!() - SENDING_LEASE_MS - 60_000);
    const stopped = await createOrderListStore(backend.db, () => past).keep(scope, {
      customerId: 20001,
      customerName: "Valley Cannabis - Oakland",
      recipient: "rep@example.com",
      lines: [],
      totalCases: 2,
      total: "10.00",
      priceDay: "2026-11-26",
      sender: { id: "someone", name: "Someone", email: "someone@example.com" },
      idempotencyKey: "stopped",
      sentWith: "Customer",
    });
    const read = (await lists(buyer.cookie)).lists.find((l) => l.id === stopped.list.id)!;
    expect(read.status).toBe("unconfirmed");
    // Its own request again (the browser's retry, same key): it is mailed now, once.
    const retried = await Promise.all(
      [1, 2].map(() =>
        sendOrderList(
          browserRequest("POST", "/api/order-guide/lists", {
            cookie: buyer.cookie,
            json: { customer: 20001, lines: [line] },
            headers: { "Idempotency-Key": "stopped" },
          }),
          deps,
        ).then(async (r) => ((await r.json()) as { list: Row }).list.status),
      ),
    );
    expect(retried.sort()).toEqual(["sending", "sent"]);
    expect(received).toHaveLength(2);
    expect(received[1]!.subject).toContain("Valley Cannabis - Oakland");
    const events = await backend.db
      .selectFrom("audit_events")
      .select(["event", "result"])
      .where("event", "=", "order-list-sent")
      .execute();
    expect(events.map((e) => e.result).sort()).toEqual(["done", "done", "refused"]);
  });

  it("keeps the list as not sent when mail is off (no SMTP_URL)", async () => {
    const { owner, send, guide, lists } = await setUp({ mail: false });
    const { rows } = await guide(20001);
    const line = { productId: rows.find((r) => r.casePrice !== null)!.productId, cases: 1 };
    const kept = await send(owner.cookie, { customer: 20001, lines: [line] });
    expect(kept.status).toBe(201);
    expect((kept.body.list as Row).status).toBe("mail-off");
    expect(received).toHaveLength(0);
    expect((await lists(owner.cookie)).lists.map((l) => l.status)).toEqual(["mail-off"]);
  });
  const withdrawer = (deps: Parameters<typeof withdrawOrderList>[1]) =>
    async function withdraw(cookie: string, id: string, key: string | null = "w-1", site?: string) {
      const response = await withdrawOrderList(
        browserRequest("POST", `/api/order-guide/lists/${id}/withdraw`, {
          cookie,
          ...(site ? { site } : {}),
          headers: key ? { "Idempotency-Key": key } : {},
        }),
        deps,
        { id },
      );
      return { status: response.status, body: (await response.json()) as Row };
    };

  it("withdraws a sent list once: the rep is mailed once that it is withdrawn (a copy to who withdrew it), it reads Withdrawn, is never mailed again, and the audit trail keeps it", async () => {
    const { backend, deps, owner, viewer, buyer, send, guide, lists, email } = await setUp();
    const { rows, salesRepEmail } = await guide(20001);
    const line = { productId: rows.find((r) => r.casePrice !== null)!.productId, cases: 3 };
    const list = (await send(buyer.cookie, { customer: 20001, lines: [line] })).body.list as Row;
    expect(received).toHaveLength(1);
    const withdraw = withdrawer(deps);

    // The same people as send it, from Backroom's pages, with an Idempotency-Key; an unknown list is 404.
    expect((await withdraw(viewer.cookie, list.id as string)).status).toBe(403);
    expect((await withdraw(buyer.cookie, list.id as string, "w-x", "https://evil.example")).status).toBe(403);
    const keyless = await withdraw(buyer.cookie, list.id as string, null);
    expect([keyless.status, (keyless.body.Error as Row).code]).toEqual([400, "VALIDATION_FAILED"]);
    expect((await withdraw(buyer.cookie, "no-such-list")).status).toBe(404);
    expect(received).toHaveLength(1);

    // A double press, and another person at once: one withdrawal, one mail.
    const answers = await Promise.all([
      withdraw(buyer.cookie, list.id as string, "w-1"),
      withdraw(buyer.cookie, list.id as string, "w-1"),
      withdraw(owner.cookie, list.id as string, "w-2"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(received).toHaveLength(2);
    const mail = received[1]!;
    expect(mail.subject).toBe(`Withdrawn: reorder request: ${list.customerName} (20001)`);
    expect(addresses(mail.to)).toEqual([salesRepEmail!.toLowerCase()]);
    expect(mail.text).toContain("Please do not act on it.");
    expect(mail.text).toContain(`total $${list.total}`);
    const [read] = (await lists(owner.cookie)).lists;
    const withdrawal = read!.withdrawal as Row & { by: Row };
    expect(withdrawal.mail).toBe("sent");
    expect([buyer.userId, owner.userId]).toContain(withdrawal.by.id);
    expect(addresses(mail.cc)).toEqual([(await email(withdrawal.by.id as string)).toLowerCase()]);
    expect(read!.status).toBe("sent");

    // Withdrawn: asked again, or resent, nothing more goes.
    expect(((await withdraw(owner.cookie, list.id as string, "w-3")).body.list as Row).withdrawal).toMatchObject({
      mail: "sent",
    });
    const resent = await resendOrderList(
      browserRequest("POST", `/api/order-guide/lists/${list.id}/resend`, { cookie: owner.cookie }),
      deps,
      { id: list.id as string },
    );
    expect(resent.status).toBe(200);
    expect(received).toHaveLength(2);
    const audit = await backend.db
      .selectFrom("audit_events")
      .select(["reference_json", "result", "idempotency_key"])
      .where("event", "=", "order-list-withdrawn")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.result).toBe("done");
    expect(JSON.parse(audit[0]!.reference_json)).toMatchObject({ listId: list.id, listStatus: "sent" });
  });

  it("withdraws a list that never reached the rep without mailing anyone, mails a refused withdrawal again once, and waits for a list being mailed", async () => {
    const { backend, deps, owner, buyer, guide, lists } = await setUp();
    const withdraw = withdrawer(deps);
    const { rows } = await guide(20001);
    const line = { productId: rows.find((r) => r.casePrice !== null)!.productId, cases: 1 };
    const down = createMailer({
      url: "smtp://127.0.0.1:9",
      from: "Backroom <no-reply@backroom.test>",
      noted: () => {},
    });
    const sendWith = async (mailer: typeof down, key: string) =>
      (
        (await (
          await sendOrderList(
            browserRequest("POST", "/api/order-guide/lists", {
              cookie: buyer.cookie,
              json: { customer: 20001, lines: [line] },
              headers: { "Idempotency-Key": key },
            }),
            { ...deps, mailer },
          )
        ).json()) as { list: Row }
      ).list;

    // The mail server refused the list: withdrawn, nobody mailed.
    const neverSent = await sendWith(down, "never");
    const quiet = await withdraw(buyer.cookie, neverSent.id as string, "wq");
    expect((quiet.body.list as Row).withdrawal).toMatchObject({ mail: "not-mailed" });
    expect(received).toHaveLength(0);

    // A sent list whose withdrawal the mail server refuses: kept withdrawn, and mailed by the next press, once.
    const sent = await sendWith(deps.mailer, "sent");
    expect(received).toHaveLength(1);
    const refused = await withdrawer({ ...deps, mailer: down })(buyer.cookie, sent.id as string, "wr");
    expect((refused.body.list as Row).withdrawal).toMatchObject({ mail: "mail-failed" });
    const again = await Promise.all([1, 2].map(() => withdraw(owner.cookie, sent.id as string, "wr2")));
    expect(again.map((a) => a.status)).toEqual([200, 200]);
    expect(received).toHaveLength(2);
    expect(received[1]!.subject).toMatch(/^Withdrawn: /);
    expect((await lists(owner.cookie)).lists.find((l) => l.id === sent.id)!.withdrawal).toMatchObject({
      mail: "sent",
    });

    // A list whose own mail is going this moment: 409, withdrawn once it is sent.
    const scope = { workspaceId: owner.workspaceId, environment: "test" as const };
    const sending = await createOrderListStore(backend.db, () => new Date(backend.now!())).keep(scope, {
      customerId: 20001,
      customerName: "Valley Cannabis - Oakland",
      recipient: "rep@example.com",
      lines: [],
      totalCases: 1,
      total: "5.00",
      sentWith: "Customer",
      priceDay: "2026-11-26",
      sender: { id: "someone", name: "Someone", email: "someone@example.com" },
      idempotencyKey: "in-flight",
    });
    const busy = await withdraw(owner.cookie, sending.list.id, "wb");
    expect([busy.status, (busy.body.Error as Row).code]).toEqual([409, "LIST_BEING_SENT"]);
    expect(received).toHaveLength(2);
  });
});
