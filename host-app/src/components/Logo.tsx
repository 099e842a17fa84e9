// Wordmark used in the navbar and footer.
export function Logo() {
  return (
    <span className="logo">
      <svg width="26" height="26" viewBox="0 0 26 26" aria-hidden="true">
        <rect x="3" y="1" width="18" height="24" rx="3" fill="var(--color-primary)" />
        <path d="M7 8h10M7 12h10M7 16h6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        <path d="M19 14l5-5" stroke="var(--color-accent)" strokeWidth="3" strokeLinecap="round" />
      </svg>
      Marginalia
    </span>
  );
}
