// A toolbar icon: one stroked SVG path on a 24x24 grid.
export function Icon({ path }: { path: string }) {
  return (
    <svg className="mg-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
