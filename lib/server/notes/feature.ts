import "server-only";
import { defineFeature } from "../core/feature";
import { NOTE_MIGRATIONS } from "./migrations";

/**
 * The visit notes with the core: their table, and nothing more. Its routes read and write it with the core's database;
 * nothing runs in the background, and a note is the workspace's, kept when a key goes.
 */
export const notesFeature = defineFeature({
  name: "notes",
  migrations: NOTE_MIGRATIONS,
});
