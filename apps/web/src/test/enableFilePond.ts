/**
 * Import first in tests that render the upload panel. FilePond decides once, when loaded, whether
 * the browser can run it (it looks for CSS.supports, which jsdom lacks). Not global: a running
 * FilePond keeps an animation loop that fake-timer tests would count.
 */
Object.defineProperty(window, 'CSS', { configurable: true, value: { supports: () => true } });
