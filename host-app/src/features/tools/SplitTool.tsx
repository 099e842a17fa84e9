// Split PDF: page ranges ("1-3, 5, 8-") or every page; shows what each new file will hold, then
// splits in the browser with the SDK core and downloads one PDF, or a ZIP of several.
import { remapAnnotations, splitPdf, type PageRange } from '@marginalia/pdf-editor/core';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { describeRange, everyPage, parsePageRanges } from './pageRanges';
import { PageGrid } from './PageGrid';
import { ResultActions } from './ResultActions';
import { ToolDropZone } from './ToolDropZone';
import type { ToolFile } from './toolFiles';
import { outputName, type ToolOutput } from './toolOutput';
import { toolErrorMessage } from './toolErrors';
import { useThumbnails } from './useThumbnails';
import { useToolFiles } from './useToolFiles';

type SplitMode = 'ranges' | 'every';

export function partName(sourceName: string, { from, to }: PageRange): string {
  return outputName(sourceName, from === to ? `page_${from}` : `pages_${from}-${to}`);
}

/** The (1-based) numbers of the new files that hold `page`. */
function filesHolding(ranges: readonly PageRange[], page: number): number[] {
  return ranges.flatMap((range, index) => (page >= range.from && page <= range.to ? [index + 1] : []));
}

export function SplitTool() {
  const [file, setFile] = useState<ToolFile | null>(null);
  const [mode, setMode] = useState<SplitMode>('ranges');
  const [text, setText] = useState('');
  const [parts, setParts] = useState<ToolOutput[] | null>(null);
  const [splitting, setSplitting] = useState(false);
  const thumbnails = useThumbnails(file?.bytes ?? null, file?.id ?? null);
  const { reading, read } = useToolFiles(([first]) => {
    setFile(first!);
    setParts(null);
  });

  const plan = useMemo(() => {
    if (!file) return null;
    return mode === 'every'
      ? ({ ok: true, ranges: everyPage(file.pageCount) } as const)
      : parsePageRanges(text, file.pageCount);
  }, [file, mode, text]);

  const split = async () => {
    if (!file || !plan?.ok) return;
    setSplitting(true);
    try {
      const bytes = await splitPdf(file.bytes, plan.ranges);
      const annotations = remapAnnotations(file.annotations, { type: 'split', ranges: plan.ranges });
      setParts(
        bytes.map((part, index) => ({
          name: partName(file.name, plan.ranges[index]!),
          bytes: part,
          annotations: annotations[index]!,
        })),
      );
    } catch (error) {
      toast.error(toolErrorMessage(error));
    } finally {
      setSplitting(false);
    }
  };

  return (
    <div className="stack tool">
      <ToolDropZone multiple={false} label="Choose a PDF to split" onFiles={(files) => void read(files)} />
      {reading && <p className="muted">Reading file...</p>}
      {file && (
        <>
          <p>
            <strong>{file.name}</strong> <span className="muted">({file.pageCount} pages)</span>
          </p>
          <fieldset className="stack tool-options">
            <legend>How to split</legend>
            <label className="row">
              <input
                type="radio"
                name="split-mode"
                checked={mode === 'ranges'}
                onChange={() => setMode('ranges')}
              />
              Page ranges
            </label>
            <div className="field">
              <label htmlFor="split-ranges">Pages for each new file</label>
              <input
                id="split-ranges"
                className="input"
                placeholder="1-3, 5, 8-"
                value={text}
                disabled={mode !== 'ranges'}
                aria-invalid={mode === 'ranges' && text.trim() !== '' && plan?.ok === false}
                aria-describedby="split-ranges-help"
                onChange={(event) => {
                  setText(event.target.value);
                  setParts(null);
                }}
              />
              <p
                id="split-ranges-help"
                className={
                  mode === 'ranges' && text.trim() !== '' && plan && !plan.ok ? 'field-error' : 'muted'
                }
              >
                {mode === 'ranges' && text.trim() !== '' && plan && !plan.ok
                  ? plan.error
                  : 'Separate files with commas; "8-" runs to the last page.'}
              </p>
            </div>
            <label className="row">
              <input
                type="radio"
                name="split-mode"
                checked={mode === 'every'}
                onChange={() => {
                  setMode('every');
                  setParts(null);
                }}
              />
              Every page as its own file
            </label>
          </fieldset>
          {plan?.ok && (
            <section className="card" aria-label="Files to create">
              <h3>
                {plan.ranges.length} {plan.ranges.length === 1 ? 'file' : 'files'}
              </h3>
              <ol className="split-parts">
                {plan.ranges.map((range, index) => (
                  <li key={index}>
                    {partName(file.name, range)}: {describeRange(range)} ({range.to - range.from + 1}{' '}
                    {range.to === range.from ? 'page' : 'pages'})
                  </li>
                ))}
              </ol>
              <button
                type="button"
                className="btn btn-primary"
                disabled={splitting}
                onClick={() => void split()}
              >
                {splitting ? 'Splitting...' : 'Split PDF'}
              </button>
            </section>
          )}
          {parts && (
            <section className="card stack" aria-label="Split result">
              <p>
                {parts.length} {parts.length === 1 ? 'file is' : 'files are'} ready.
              </p>
              <ResultActions outputs={parts} zipName={outputName(file.name, 'split', 'zip')} />
            </section>
          )}
          <PageGrid
            label={`Pages of ${file.name}`}
            pages={Array.from({ length: file.pageCount }, (_, index) => {
              const files = plan?.ok ? filesHolding(plan.ranges, index + 1) : [];
              return {
                key: String(index + 1),
                label: `Page ${index + 1}`,
                number: index + 1,
                src: thumbnails.get(index + 1),
                note: plan?.ok ? (files.length > 0 ? `File ${files.join(', ')}` : 'Not included') : undefined,
                dimmed: plan?.ok === true && files.length === 0,
              };
            })}
          />
        </>
      )}
    </div>
  );
}
