/** The AR aging page's address, as its regions read it. */
export type Params = Awaited<PageProps<"/ar-aging">["searchParams"]>;

/** A parameter's first value, or undefined when absent or empty. */
export const one = (params: Params, name: string) =>
  (Array.isArray(params[name]) ? params[name][0] : params[name]) || undefined;
