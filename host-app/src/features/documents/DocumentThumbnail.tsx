// Page-1 preview of a stored document. The server signs thumbnail URLs, so a plain <img> can load them;
// without one (or when it fails) a generic PDF icon stands in.
import { useState } from 'react';
import type { DocumentSummary } from '@marginalia/api';

export function DocumentThumbnail({ doc }: { doc: DocumentSummary }) {
  const [failed, setFailed] = useState(false);
  const src = doc.thumbnailUrl && !failed ? doc.thumbnailUrl : null;
  return (
    <div className="doc-thumb">
      {src ? (
        <img src={src} alt={`First page of ${doc.name}`} loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <svg width="36" height="44" viewBox="0 0 36 44" aria-hidden="true">
          <path
            d="M4 2h20l10 10v28a2 2 0 01-2 2H4a2 2 0 01-2-2V4a2 2 0 012-2z"
            fill="var(--color-surface)"
            stroke="var(--color-border)"
            strokeWidth="2"
          />
          <text x="18" y="30" textAnchor="middle" fontSize="9" fontWeight="700" fill="var(--color-danger)">
            PDF
          </text>
        </svg>
      )}
    </div>
  );
}
