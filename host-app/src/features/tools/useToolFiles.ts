// Reads chosen files into ToolFiles, one after the other, telling the user about each one refused.
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Annotation } from '@marginalia/pdf-editor/core';
import { readToolFile, ToolFileError, type ToolFile } from './toolFiles';

/** A file to read, with the annotations it has in My Documents. */
export interface ChosenFile {
  file: File;
  annotations?: Annotation[];
}

export function useToolFiles(onRead: (files: ToolFile[]) => void, options: { allowPassword?: boolean } = {}) {
  const [reading, setReading] = useState(false);
  const read = async (files: readonly (File | ChosenFile)[]) => {
    setReading(true);
    const read: ToolFile[] = [];
    for (const chosen of files) {
      const { file, annotations } =
        chosen instanceof File ? { file: chosen, annotations: undefined } : chosen;
      try {
        read.push(await readToolFile(file, { ...options, annotations }));
      } catch (error) {
        const message =
          error instanceof ToolFileError ? error.message : `${file.name}: Failed to process file`;
        toast.error(message, { id: message });
      }
    }
    setReading(false);
    if (read.length > 0) onRead(read);
  };
  return { reading, read };
}
