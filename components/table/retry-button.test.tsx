import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RetryButton } from "./retry-button";

const html = (waitSeconds?: number) =>
  renderToString(<RetryButton label="Try again" onRetry={() => {}} waitSeconds={waitSeconds} className="b" />).replace(
    /<!-- -->/g,
    "",
  );

describe("RetryButton", () => {
  it("offers itself at once after a failure with no wait", () => {
    expect(html()).toBe('<button type="button" class="b" aria-disabled="false">Try again</button>');
  });

  it("after a 429, says when the budget returns and takes no click until then, keeping focus (aria-disabled)", () => {
    expect(html(125)).toBe('<button type="button" class="b" aria-disabled="true">Try again in 2 min 5 s</button>');
  });
});
