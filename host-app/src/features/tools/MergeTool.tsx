// Merge PDFs: add several PDFs, arrange documents and pages (drag, or Alt+Arrow), remove pages, then
// merge them in the browser with the SDK core (merge, then delete and reorder; the annotations of
// documents from My Documents are remapped the same way) and take the result.
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { arranged, runMerge } from './mergeDocuments';
import { mergedPageCount, moveItem } from './mergePlan';
import { PageGrid } from './PageGrid';
import { ResultActions } from './ResultActions';
import { reorderable } from './reorderable';
import { ToolDropZone } from './ToolDropZone';
import { outputName, type ToolOutput } from './toolOutput';
import { toolErrorMessage } from './toolErrors';
import { useThumbnails } from './useThumbnails';
import { useToolFiles } from './useToolFiles';
import type { ToolFile } from './toolFiles';

/** A document in Merge and the pages it keeps, in the chosen order. */
interface MergeItem {
  file: ToolFile;
  pages: number[];
}

export function MergeTool() {
  const [items, setItems] = useState<MergeItem[]>([]);
  const [result, setResult] = useState<ToolOutput | null>(null);
  const [merging, setMerging] = useState(false);
  const scope = useId();
  const { reading, read } = useToolFiles((files) => {
    setResult(null);
    setItems((current) => [...current, ...files.map((file) => ({ file, pages: range(file.pageCount) }))]);
  });

  const change = (next: MergeItem[]) => {
    setResult(null);
    setItems(next);
  };
  const moveDocument = (from: number, to: number) => change(moveItem(items, from, to));
  const updatePages = (index: number, pages: number[]) =>
    change(items.map((item, i) => (i === index ? { ...item, pages } : item)));

  const pageCount = mergedPageCount(arranged(items));
  const merge = async () => {
    setMerging(true);
    try {
      const merged = await runMerge(items);
      setResult({ name: outputName(items[0]!.file.name, 'merged'), ...merged });
      toast.success(`Merged ${items.length} ${items.length === 1 ? 'PDF' : 'PDFs'} into ${pageCount} pages`);
    } catch (error) {
      toast.error(toolErrorMessage(error));
    } finally {
      setMerging(false);
    }
  };

  return (
    <div className="stack tool">
      <ToolDropZone multiple label="Add PDFs to merge" onFiles={(files) => void read(files)} />
      {reading && <p className="muted">Reading files...</p>}
      {items.length > 0 && (
        <ol className="stack merge-documents" aria-label="Documents to merge">
          {items.map((item, index) => (
            <li
              key={item.file.id}
              className="card merge-document"
              aria-label={item.file.name}
              {...reorderable(scope, index, moveDocument, () => change(items.filter((_, i) => i !== index)))}
            >
              <div className="row merge-document-head">
                <strong>{item.file.name}</strong>
                <span className="muted">
                  {item.pages.length} of {item.file.pageCount} pages
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Move ${item.file.name} up`}
                  disabled={index === 0}
                  onClick={() => moveDocument(index, index - 1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Move ${item.file.name} down`}
                  disabled={index === items.length - 1}
                  onClick={() => moveDocument(index, index + 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Remove ${item.file.name}`}
                  onClick={() => change(items.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              </div>
              <DocumentPages item={item} onChange={(pages) => updatePages(index, pages)} />
            </li>
          ))}
        </ol>
      )}
      {items.length > 0 && (
        <div className="row">
          <button
            type="button"
            className="btn btn-primary"
            disabled={merging || pageCount === 0}
            onClick={() => void merge()}
          >
            {merging ? 'Merging...' : `Merge ${pageCount} pages`}
          </button>
          <span className="muted">
            Drag documents and pages to reorder them, or focus one and press Alt+Arrow.
          </span>
        </div>
      )}
      {result && (
        <section className="card stack" aria-label="Merged PDF">
          <p>
            <strong>{result.name}</strong> is ready: {pageCount} pages.
          </p>
          <ResultActions outputs={[result]} zipName={result.name} />
        </section>
      )}
    </div>
  );
}

function DocumentPages({ item, onChange }: { item: MergeItem; onChange(pages: number[]): void }) {
  const thumbnails = useThumbnails(item.file.bytes, item.file.id);
  return (
    <PageGrid
      label={`Pages of ${item.file.name}`}
      pages={item.pages.map((page) => ({
        key: String(page),
        label: `Page ${page} of ${item.file.name}`,
        number: page,
        src: thumbnails.get(page),
      }))}
      onMove={(from, to) => onChange(moveItem(item.pages, from, to))}
      onRemove={(index) => onChange(item.pages.filter((_, i) => i !== index))}
    />
  );
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}
