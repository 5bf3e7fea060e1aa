import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BACKROOM,
  browserRequest,
  connectKey,
  createTestBackend,
  DEMO_KEYS,
  joinAs,
  signUp,
  type TestBackend,
} from "../testing";
import { removalNotice } from "./removal-notice";

// No upstream is asked: the keys are stored as they are, and nothing goes through the proxy.
let backend: TestBackend;
beforeEach(async () => {
  backend = await createTestBackend(() => Promise.reject(new Error("no upstream in this test")));
  // The trail's clock (fixed in the past) a minute past the accounts' (better-auth's, the real one): the trail is read
  // from the day an account was made.
  backend.advance(Date.now() + 60_000 - Date.parse("2026-11-21T18:00:00.000Z"));
});
afterEach(() => backend.close());

/** better-auth's organization endpoint `/api/auth/organization${path}`, as the person's browser calls it. */
async function organization(cookie: string, path: string, json: unknown) {
  const response = await backend.auth.handler(
    browserRequest("POST", `/api/auth/organization${path}`, { cookie, json, headers: { Origin: BACKROOM } }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
}

const emailOf = async (userId: string) =>
  (await backend.db
    .selectFrom("auth_user" as never)
    .select("email" as never)
    .where("id" as never, "=", userId as never)
    .executeTakeFirstOrThrow()) as unknown as { email: string };

describe("removalNotice", () => {
  it("tells a removed member from which workspace, by whom and when", async () => {
    const owner = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const member = await joinAs(backend, owner.workspaceId, "viewer");
    const person = { id: member.userId, email: (await emailOf(member.userId)).email };
    expect(await removalNotice(backend, person)).toBeUndefined();
    await organization(owner.cookie, "/remove-member", {
      memberIdOrEmail: member.memberId,
      organizationId: owner.workspaceId,
    });
    const workspace = await backend.auth.api.getFullOrganization({
      query: { organizationId: owner.workspaceId },
      headers: new Headers({ cookie: owner.cookie, origin: BACKROOM }),
    });
    const ownerName = (await emailOf(owner.userId)).email.split("@")[0];
    expect(await removalNotice(backend, person)).toEqual({
      workspace: workspace!.name,
      by: ownerName,
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it("says nothing to a person who left their workspace themselves after a removal, nor to one who never had one", async () => {
    const owner = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const other = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const member = await joinAs(backend, owner.workspaceId, "viewer");
    const person = { id: member.userId, email: (await emailOf(member.userId)).email };
    await organization(owner.cookie, "/remove-member", {
      memberIdOrEmail: member.memberId,
      organizationId: owner.workspaceId,
    });
    // Then a member of another, which they leave.
    await backend.auth.api.addMember({
      body: { userId: member.userId, role: "viewer", organizationId: other.workspaceId },
    });
    await organization(member.cookie, "/leave", { organizationId: other.workspaceId });
    expect(await removalNotice(backend, person)).toBeUndefined();
    const newcomer = await signUp(backend);
    expect(await removalNotice(backend, { id: newcomer.userId, email: newcomer.email })).toBeUndefined();
  });

  it("reads an address with LIKE's wildcard in it as it is", async () => {
    const owner = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const removed = await signUp(backend, "axb@backroom.test");
    const member = await backend.auth.api.addMember({
      body: { userId: removed.userId, role: "viewer", organizationId: owner.workspaceId },
    });
    await organization(owner.cookie, "/remove-member", {
      memberIdOrEmail: member!.id,
      organizationId: owner.workspaceId,
    });
    expect(await removalNotice(backend, { id: removed.userId, email: removed.email })).toMatchObject({
      by: expect.any(String),
    });
    // "a_b@…", read as a pattern, would be "axb@…"'s removal.
    const underscored = await signUp(backend, "a_b@backroom.test");
    expect(await removalNotice(backend, { id: underscored.userId, email: underscored.email })).toBeUndefined();
  });
});
