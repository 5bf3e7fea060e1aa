import Link from "next/link";

/**
 * Above the account page when the workspace requires two factors: whether the person's are on, and the way back to
 * where they were (`next`) or to the dashboard.
 */
export function TwoFactorRequired({
  workspaceName,
  enabled,
  next,
}: {
  workspaceName: string | undefined;
  enabled: boolean;
  next: string;
}) {
  return (
    <div
      role="note"
      className="space-y-1 rounded border border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">
        {workspaceName !== undefined
          ? `${workspaceName} requires two factors of its members.`
          : "Your workspace requires two factors of its members."}
      </p>
      <p>
        {enabled ? (
          "Yours are on: "
        ) : (
          <>
            Turn yours on{" "}
            <a href="#two-factor" className="link">
              below
            </a>
            : the dashboard opens once they are.{" "}
          </>
        )}
        <Link href={next as never} className="link" prefetch={false}>
          Back to {next === "/" ? "the dashboard" : "where you were"}
        </Link>
      </p>
    </div>
  );
}
