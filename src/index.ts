/** The action's entry point, bundled into dist/index.js: runs it. Everything else is in main.ts. */
import { run } from './main';

await run();
