/** The action's entry point, bundled into dist/index.js: runs it. Everything else is in action/main.ts. */
import { keepHeapSmall } from './action/heap-limits';
import { run } from './action/main';

keepHeapSmall();
await run();
