import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { COLLECTED_KEY, readCollectedAgain } from "./collected-query";

/** A query of an account's collections whose reads the test answers by hand, each with what the server holds then. */
function collectedQuery() {
  const client = new QueryClient();
  const reads: ((answer: string) => void)[] = [];
  const observer = new QueryObserver<string>(client, {
    queryKey: [...COLLECTED_KEY, 30012],
    queryFn: () => new Promise<string>((resolve) => reads.push(resolve)),
    retry: false,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { client, reads, observer, unsubscribe };
}

describe("readCollectedAgain", () => {
  it("answers from a read that left after the write, not the first read still on its way", async () => {
    const { client, reads, observer, unsubscribe } = collectedQuery();
    // The card's first read left as the record came back; the photo is sent meanwhile.
    expect(reads).toHaveLength(1);
    const again = readCollectedAgain(client, 30012);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toHaveLength(2);
    reads[0]!("the record without its photo");
    reads[1]!("the record with its photo");
    await again;
    expect(observer.getCurrentResult().data).toBe("the record with its photo");
    unsubscribe();
  });

  it("reads again a query that has its answer", async () => {
    const { client, reads, observer, unsubscribe } = collectedQuery();
    reads[0]!("before");
    await new Promise((resolve) => setTimeout(resolve, 0));
    const again = readCollectedAgain(client, 30012);
    await new Promise((resolve) => setTimeout(resolve, 0));
    reads[1]!("after");
    await again;
    expect(observer.getCurrentResult().data).toBe("after");
    unsubscribe();
  });
});
