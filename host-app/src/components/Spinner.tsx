// Loading indicator with a visible caption.
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="center-state" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
