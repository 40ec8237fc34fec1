// A worker started by the page's head (app/font-warmup.ts): it lays out a little text in each weight of the app's
// font stack, which makes the browser load those system font files on this thread instead of the page's main
// thread. Linux Chromium copies each font file (Debian's Noto Sans CJK: ~20 MB a weight) into shared memory the
// first time a page needs it, once per browser, and the page's first text layout waited 0.3-0.8 s on that copy.
// Plain JavaScript, same-origin (the deploy CSP's worker-src 'self'); it closes itself when done.
/* global self, OffscreenCanvas, close */
self.onmessage = function (event) {
  try {
    var context = new OffscreenCanvas(1, 1).getContext('2d');
    var fonts = event.data.fonts;
    for (var i = 0; i < fonts.length; i++) {
      context.font = fonts[i];
      context.measureText(event.data.text);
    }
  } catch {
    // No OffscreenCanvas in this browser's workers: the page loads its fonts itself, as it would anyway.
  }
  close();
};
