// boot.js — the first module main.js imports, so it runs before any other of the page's code (the modules'
// own set-up and main.js's start() take a few hundred milliseconds on a slow phone): it starts the WebAssembly
// module's download and compilation (kernel/call.js), the largest download and the one the first figure waits
// for. kernel.js loadKernel takes the same start over once the lesson needs the module.
import { startModule } from './kernel/call.js';

startModule();
