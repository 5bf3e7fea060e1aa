import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SandboxConfig } from "./config";
import { mountedSandbox, mountedSandboxState } from "./mounted";

const dir = mkdtempSync(join(tmpdir(), "backroom-mounted-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("mountedSandbox", () => {
  it("does not keep a failed start: the next request tries again; says where it is (preparing, failed, ready)", async () => {
    const blocked = join(dir, "data");
    writeFileSync(blocked, "a file where the data folder should be");
    const config = SandboxConfig.parse({
      SANDBOX_DATA_DIR: blocked,
      SANDBOX_SCALE: "0.02",
      SANDBOX_NOW: "2026-11-21T18:00:00.000Z",
    });
    expect(mountedSandboxState()).toBe("idle");
    const failing = mountedSandbox(config);
    expect(mountedSandboxState()).toBe("preparing");
    await expect(failing).rejects.toThrow();
    expect(mountedSandboxState()).toBe("failed");
    rmSync(blocked);
    mkdirSync(blocked);
    const starting = mountedSandbox(config);
    expect(mountedSandboxState()).toBe("preparing");
    const runtime = await starting;
    expect(mountedSandboxState()).toBe("ready");
    expect(
      (await runtime.app.request("/sandbox/test/api/v1/states", { headers: { "x-api-key": "test-employee-demo" } }))
        .status,
    ).toBe(200);
    await runtime.close();
  }, 60_000);
});
