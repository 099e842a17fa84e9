// Rotate Pages: turn the chosen pages (or all) by 90, 180 or 270 degrees clockwise in the browser
// with the SDK core (annotations turn with their pages); thumbnails are rendered again from the
// rotated file.
import {
  getPageSizes,
  remapAnnotations,
  rotatePages,
  type Annotation,
  type RotationDelta,
} from '@marginalia/pdf-editor/core';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { PageGrid } from './PageGrid';
import { ResultActions } from './ResultActions';
import { ToolDropZone } from './ToolDropZone';
import type { ToolFile } from './toolFiles';
import { outputName } from './toolOutput';
import { toolErrorMessage } from './toolErrors';
import { useThumbnails } from './useThumbnails';
import { useToolFiles } from './useToolFiles';

const TURNS: readonly RotationDelta[] = [90, 180, 270];

export function RotateTool() {
  const [file, setFile] = useState<ToolFile | null>(null);
  /** The file (and its annotations, turned with their pages) as rotated so far; null until the first turn. */
  const [rotated, setRotated] = useState<{ bytes: Uint8Array; annotations: Annotation[] } | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const current = rotated ?? file;
  const thumbnails = useThumbnails(current?.bytes ?? null, file?.id ?? null);
  const { reading, read } = useToolFiles(([first]) => {
    setFile(first!);
    setRotated(null);
    setSelected(new Set());
  });

  const toggle = (key: string) =>
    setSelected((keys) => {
      const next = new Set(keys);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const rotate = async (degrees: RotationDelta) => {
    if (!file || !current) return;
    const pages =
      selected.size > 0
        ? [...selected].map(Number).sort((a, b) => a - b)
        : Array.from({ length: file.pageCount }, (_, i) => i + 1);
    setBusy(true);
    try {
      const sizes = await getPageSizes(current.bytes);
      setRotated({
        bytes: await rotatePages(current.bytes, pages, degrees),
        annotations: remapAnnotations(current.annotations, { type: 'rotate', pages, degrees }, sizes),
      });
      toast.success(`Rotated ${pages.length} ${pages.length === 1 ? 'page' : 'pages'} by ${degrees}°`, {
        id: 'rotate',
      });
    } catch (error) {
      toast.error(toolErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack tool">
      <ToolDropZone multiple={false} label="Choose a PDF to rotate" onFiles={(files) => void read(files)} />
      {reading && <p className="muted">Reading file...</p>}
      {file && (
        <>
          <p>
            <strong>{file.name}</strong> <span className="muted">({file.pageCount} pages)</span>
          </p>
          <div className="row tool-options" role="group" aria-label="Rotate">
            <span>
              {selected.size > 0
                ? `Rotate ${selected.size} selected ${selected.size === 1 ? 'page' : 'pages'}:`
                : 'Rotate all pages:'}
            </span>
            {TURNS.map((degrees) => (
              <button
                key={degrees}
                type="button"
                className="btn"
                disabled={busy}
                onClick={() => void rotate(degrees)}
              >
                {degrees}°
              </button>
            ))}
            {selected.size > 0 && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSelected(new Set())}>
                Clear selection
              </button>
            )}
          </div>
          {rotated && (
            <section className="card stack" aria-label="Rotated PDF">
              <p>The rotated PDF is ready.</p>
              <ResultActions
                outputs={[{ name: outputName(file.name, 'rotated'), ...rotated }]}
                zipName={outputName(file.name, 'rotated')}
              />
            </section>
          )}
          <PageGrid
            label={`Pages of ${file.name}`}
            pages={Array.from({ length: file.pageCount }, (_, index) => ({
              key: String(index + 1),
              label: `Page ${index + 1}`,
              number: index + 1,
              src: thumbnails.get(index + 1),
            }))}
            selected={selected}
            onToggle={toggle}
          />
        </>
      )}
    </div>
  );
}
