import { describe, expect, it } from "vitest";
import { deviceOf } from "./user-agent";

describe("deviceOf", () => {
  it("names the browser and the system", () => {
    expect(
      deviceOf(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15",
      ),
    ).toBe("Safari on macOS");
    expect(
      deviceOf(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0",
      ),
    ).toBe("Edge on Windows");
    expect(
      deviceOf(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36",
      ),
    ).toBe("Chrome on Linux");
    expect(
      deviceOf(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/120.0 Mobile/15E148 Safari/605.1.15",
      ),
    ).toBe("Firefox on iOS");
    expect(
      deviceOf(
        "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome on Android");
  });

  it("shows what it cannot name as sent, and says when there is nothing", () => {
    expect(deviceOf("curl/8.5.0")).toBe("curl/8.5.0");
    expect(deviceOf(null)).toBe("An unknown device");
    expect(deviceOf("x".repeat(100))).toHaveLength(80);
  });
});
