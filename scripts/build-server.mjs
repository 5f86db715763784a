// `npm run build:server`: builds the server and contracts to plain JavaScript (server/dist,
// contracts/dist) for the production command `node server/dist/main.js`.
import { ensureServerBuild } from "./lib.mjs";

await ensureServerBuild(true);
