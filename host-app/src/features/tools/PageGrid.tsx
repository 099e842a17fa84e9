// A grid of page thumbnails, shared by the tools: pages can be reordered (drag, or Alt+Arrow on the
// focused page) and removed (its button, or Delete), or selected with a checkbox.
import { useId } from 'react';
import { reorderable } from './reorderable';

export interface GridPage {
  /** Stable across moves: keys the tile and the selection. */
  key: string;
  /** "Page 3", or "Page 3 of report.pdf". */
  label: string;
  /** The page's number in its own document, shown under the thumbnail. */
  number: number;
  src: string | undefined;
  /** What happens to the page, e.g. "File 1" in Split's preview. */
  note?: string;
  /** Left out of the result. */
  dimmed?: boolean;
}

interface PageGridProps {
  label: string;
  pages: readonly GridPage[];
  onMove?(from: number, to: number): void;
  onRemove?(index: number): void;
  selected?: ReadonlySet<string>;
  onToggle?(key: string): void;
}

export function PageGrid({ label, pages, onMove, onRemove, selected, onToggle }: PageGridProps) {
  const scope = useId();
  return (
    <ol className="page-grid" aria-label={label}>
      {pages.map((page, index) => {
        const remove = onRemove ? () => onRemove(index) : undefined;
        const moves = onMove ? reorderable(scope, index, onMove, remove) : {};
        return (
          <li
            key={page.key}
            className={`page-tile${page.dimmed ? ' is-dimmed' : ''}`}
            aria-label={page.label}
            data-page-key={page.key}
            {...moves}
          >
            <div className="page-thumb">
              {page.src ? (
                <img src={page.src} alt={page.label} draggable={false} />
              ) : (
                <span className="muted">…</span>
              )}
            </div>
            <div className="page-tile-bar">
              {onToggle && selected ? (
                <label className="page-select">
                  <input
                    type="checkbox"
                    checked={selected.has(page.key)}
                    onChange={() => onToggle(page.key)}
                  />
                  <span>{page.label}</span>
                </label>
              ) : (
                <span className="page-number">{page.number}</span>
              )}
              {onMove && (
                <>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Move ${page.label} earlier`}
                    disabled={index === 0}
                    onClick={() => onMove(index, index - 1)}
                  >
                    ‹
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Move ${page.label} later`}
                    disabled={index === pages.length - 1}
                    onClick={() => onMove(index, index + 1)}
                  >
                    ›
                  </button>
                </>
              )}
              {remove && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Remove ${page.label}`}
                  onClick={remove}
                >
                  ×
                </button>
              )}
            </div>
            {page.note && <span className="page-note muted">{page.note}</span>}
          </li>
        );
      })}
    </ol>
  );
}
