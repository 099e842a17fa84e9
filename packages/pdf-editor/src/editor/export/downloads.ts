// The editor's exports and downloads: the PDF with its annotations, made in a Web Worker with the
// host's export settings and the password the document opened with (`onExported` hears of each),
// and downloads, asked of the gate first, handed to `onDownload` or saved as a file.
import type { Annotation, PageRange } from '../../core/index';
import type { EditorOptions } from '../options';
import type { EditorStore } from '../store/createEditorStore';
import { extractRange } from '../store/pageOperations';
import { downloadFile, runExport } from './runExport';
import type { RunExportOptions } from './runExport';

/** An editor's `exportPdf`, `download` and `downloadPages`; a failed download goes to `onFailure`. */
export function createDownloads(store: EditorStore, options: () => EditorOptions, onFailure: (error: unknown) => void) {
  const exportAnnotated = async (bytes: Uint8Array, annotations: readonly Annotation[], exportOptions: RunExportOptions) => {
    const { exportWorker: worker, exportFonts: fonts } = options();
    const warnings: string[] = [];
    // The document's password, as the user typed it when it opened (a host's own option wins).
    const { pdfPassword: password, formValues } = store.getState();
    const exported = await runExport(bytes, annotations, {
      // The values the user filled in (a host's own `formValues` option wins).
      ...(Object.keys(formValues).length > 0 && { formValues }),
      ...(worker && { worker }),
      ...(password !== null && { password }),
      ...(fonts && { fonts }),
      ...exportOptions,
      onWarning: (warning) => {
        warnings.push(warning);
        exportOptions.onWarning?.(warning);
      },
    });
    options().onExported?.({ bytes: exported, annotations, warnings });
    return exported;
  };

  // A download, once the gate allows it: the PDF `make` exports, as the file name with `suffix`.
  // False when refused or failed (the error reported).
  const deliver = async (watermark: boolean, make: () => Promise<Uint8Array>, suffix: string) => {
    if (!store.getState().actions.allow({ type: 'download', watermark })) return false;
    try {
      const bytes = await make();
      const { fileName, onDownload } = options();
      const name = `${(fileName ?? 'document.pdf').replace(/\.pdf$/i, '')}${suffix}.pdf`;
      if (onDownload) await onDownload(bytes, name);
      else downloadFile(bytes, name);
      return true;
    } catch (error) {
      onFailure(error);
      return false;
    }
  };

  const exportPdf = async (exportOptions: RunExportOptions = {}) => {
    const { pdf, annotations } = store.getState();
    if (!pdf) throw new Error('No PDF loaded');
    // runExport copies the bytes for its worker: the revision's stay as they are.
    return exportAnnotated(pdf.bytes(), annotations, exportOptions);
  };

  return {
    exportPdf,
    download(exportOptions?: RunExportOptions) {
      const watermark = Boolean(exportOptions?.watermark);
      return deliver(watermark, () => exportPdf(exportOptions), `_edited${watermark ? '_watermark' : ''}`);
    },
    downloadPages(range: PageRange) {
      return deliver(
        false,
        async () => {
          const { bytes, annotations } = await extractRange(store, range);
          return exportAnnotated(bytes, annotations, {});
        },
        `_pages_${range.from}-${range.to}`,
      );
    },
  };
}
