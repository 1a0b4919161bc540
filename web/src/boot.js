// boot.js — the first module main.js imports, so it runs before any other of the page's code (the modules'
// own set-up and main.js's start() take a few hundred milliseconds on a slow phone): it starts the download and
// compilation of the WebAssembly module the first lesson needs (kernel/call.js; the base module or the whole
// one, lessons.js kernelPart), the largest download and the one the first figure waits for. kernel.js
// loadKernel takes the same start over once the lesson needs the module.
import { startModule } from './kernel/call.js';
import { parseHash } from './state.js';
import { lessonFromLink, movedLesson, kernelPart } from './lessons.js';

const { lesson, query } = parseHash(location.hash);
startModule(kernelPart(lessonFromLink(movedLesson(lesson, query)).lesson));
