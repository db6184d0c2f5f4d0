/**
 * Applies the style sheet that the built index.html only preloads (see `stylesAfterFirstPaint` in
 * vite.config.ts), resolving once it is in force, so the app renders nothing unstyled. In
 * development, where Vite injects styles from the scripts, there is none and it resolves at once.
 */
export function applyPreloadedStyles(): Promise<void> {
  const preloads = document.querySelectorAll<HTMLLinkElement>('link[data-app-styles]');
  const applied = [...preloads].map(
    (preload) =>
      new Promise<void>((resolve) => {
        const sheet = document.createElement('link');
        sheet.rel = 'stylesheet';
        sheet.crossOrigin = preload.crossOrigin;
        sheet.href = preload.href;
        // A sheet that fails to load must not keep the app from starting.
        sheet.onload = sheet.onerror = () => resolve();
        // Beside its preload, ahead of the sheets of screens loaded later: the cascade keeps the build's order.
        preload.after(sheet);
      }),
  );
  return Promise.all(applied).then(() => undefined);
}
