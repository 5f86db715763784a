/** Builds the server once before the system tests (they run `node server/dist/main.js`). */
import { ensureServerBuild } from "../../../scripts/lib.mjs";

export default async function () {
  await ensureServerBuild();
}
