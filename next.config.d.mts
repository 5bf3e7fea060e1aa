import type { NextConfig } from "next";

/** Backroom's Next config (`next.config.mjs`), as a test reads its headers. */
declare const config: NextConfig;
export default config;
