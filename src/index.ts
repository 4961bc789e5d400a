/** The action's entry point, bundled into dist/index.js: runs it. Everything else is in action/main.ts. */
import { run } from './action/main';

await run();
