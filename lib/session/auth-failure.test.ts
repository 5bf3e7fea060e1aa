import { describe, expect, it } from "vitest";
import { authFailure } from "./auth-failure";

describe("authFailure", () => {
  it("says an ended invitation in words, with or without better-auth's code", () => {
    const coded = authFailure({ status: 400, code: "INVITATION_NOT_FOUND", message: "Invitation not found" }, "x");
    expect(coded).toMatch(/no longer open.*7 days/);
    expect(authFailure({ status: 400, message: "Invitation not found!" }, "x")).toBe(coded);
  });

  it("names the other cases a person can act on", () => {
    expect(authFailure({ status: 403, code: "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION" }, "x")).toMatch(
      /another email address/,
    );
    expect(
      authFailure({ status: 403, code: "EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION" }, "x"),
    ).toMatch(/^Confirm your email address/);
    expect(authFailure({ status: 400, code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER" }, "x")).toMatch(
      /last owner/,
    );
    expect(authFailure({ status: 429, message: "Too many requests." }, "x")).toMatch(/^Too many attempts/);
    expect(authFailure({ status: 401, code: "UNAUTHORIZED", message: "Unauthorized" }, "x")).toMatch(
      /^Your session has ended/,
    );
  });

  it("keeps the server's own words otherwise, and says when nothing answered", () => {
    expect(authFailure({ status: 400, code: "SOMETHING_ELSE", message: "Invalid email" }, "x")).toBe("Invalid email");
    expect(authFailure({ status: 500, statusText: "Internal Server Error" }, "x")).toBe("Internal Server Error");
    expect(authFailure({ status: 0 }, "x")).toMatch(/could not be reached/);
    expect(authFailure(null, "Nothing happened.")).toBe("Nothing happened.");
  });
});
