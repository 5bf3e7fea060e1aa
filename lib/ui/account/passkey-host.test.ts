import { describe, expect, it } from "vitest";
import { passkeyHostProblem } from "./passkey-host";

describe("passkeyHostProblem", () => {
  it("names the same page at localhost for a loopback IP address", () => {
    expect(passkeyHostProblem(new URL("http://127.0.0.1:3000/account"))).toBe(
      "Passkeys need a host name, and this page is open at an IP address (127.0.0.1). Open this page at http://localhost:3000/account to use them.",
    );
    expect(passkeyHostProblem(new URL("http://[::1]:3000/sign-in"))).toContain("http://localhost:3000/sign-in");
  });

  it("asks for the host name at any other IP address", () => {
    expect(passkeyHostProblem(new URL("http://192.168.1.20:3000/sign-in"))).toContain("Open Backroom at its host name");
  });

  it("finds nothing wrong with a host name", () => {
    expect(passkeyHostProblem(new URL("http://localhost:3000/account"))).toBeUndefined();
    expect(passkeyHostProblem(new URL("https://backroom.example/account"))).toBeUndefined();
  });
});
