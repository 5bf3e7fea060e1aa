/** An empty table cell's content: a dash on screen, "none" for screen readers. */
export function NoneMark() {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="sr-only">none</span>
    </>
  );
}
