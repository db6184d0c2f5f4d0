/** Spec 3 §9: the scroll to the end of the list runs for 100 ms, 50 ms after a new message. */
export const SCROLL_DELAY_MS = 50;
export const SCROLL_ANIMATION_MS = 100;

const calm = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);
const end = (list: HTMLElement) => Math.max(0, list.scrollHeight - list.clientHeight);

/**
 * Scrolls `list` to its end: at once, or over SCROLL_ANIMATION_MS when `animate` (and the reader
 * has not asked for reduced motion). The end is read again on every frame, so a picture loading
 * meanwhile does not leave it short. Answers a function that stops the animation.
 */
export function scrollToEnd(list: HTMLElement, animate: boolean): () => void {
  if (!animate || calm()) {
    list.scrollTop = end(list);
    return () => {};
  }
  const from = list.scrollTop;
  const start = performance.now();
  let frame = requestAnimationFrame(function step() {
    const progress = Math.min(1, (performance.now() - start) / SCROLL_ANIMATION_MS);
    list.scrollTop = from + (end(list) - from) * easeInOut(progress);
    if (progress < 1) frame = requestAnimationFrame(step);
  });
  return () => cancelAnimationFrame(frame);
}
