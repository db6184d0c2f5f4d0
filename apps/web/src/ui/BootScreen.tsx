/**
 * What index.html paints before any script has run (its styles are there too), kept on screen
 * until the first route's screen has loaded, so the page does not flash from one to another.
 */
export function BootScreen() {
  return (
    <div className="boot" role="status">
      <span className="boot__name">Referwell</span>
      <span className="boot__status">Loading…</span>
    </div>
  );
}
