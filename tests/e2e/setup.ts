// Setup file of every browser test file: waits until tests/e2e/serve.ts has the servers up (global-setup.ts starts
// it while the other test projects run), and fails the file with serve.ts's error when it could not.
import { serversReady } from "./browser";

await serversReady();
