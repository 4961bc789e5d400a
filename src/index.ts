/** Entry of the action (dist/index.js). */
import { run } from './main';

await run();
