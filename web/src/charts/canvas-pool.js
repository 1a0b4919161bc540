// charts/canvas-pool.js — canvases no longer on the page, reused: a new canvas and its 2-D context cost more
// than the painting itself when a slider redraws a heat map on every frame. One handed out stays reserved until
// the next frame, so a drawing made but not yet placed is never painted over. Each kind of chart has its own
// pool, so a canvas comes back with the class, style and handlers that kind gave it.

/** A function that returns a canvas not on the page (a reused one, or a new one); `kept`: how many are kept. */
export function canvasPool(kept = 8) {
  const spare = [];
  const reserved = new Set();
  return function freshCanvas() {
    let canvas = spare.find((c) => !c.isConnected && !reserved.has(c));
    if (!canvas) {
      canvas = document.createElement('canvas');
      spare.push(canvas);
      if (spare.length > kept) spare.shift();
    }
    reserved.add(canvas);
    requestAnimationFrame(() => reserved.delete(canvas));
    return canvas;
  };
}
