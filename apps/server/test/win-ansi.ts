// What `worker-win-ansi` is in the Node tests (vitest.config.ts `alias`): the table the Worker build
// writes (scripts/worker-encoding.ts), made from the installed package as that build makes it.
import { winAnsiTable } from "../scripts/worker-encoding.ts";

export default winAnsiTable();
