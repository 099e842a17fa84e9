// The image tool's file picker: opens as soon as a place was dragged, accepts images only, and
// reads the file as a data URL for the annotation. Closing the picker drops the placement.
import { useEffect, useRef } from 'react';
import { useEditorState } from '../context';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Failed to process file'));
    reader.readAsDataURL(file);
  });
}

export function ImagePicker() {
  const actions = useEditorState((s) => s.actions);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    // React has no onCancel for inputs: the picker closed without a file drops the placement.
    const cancel = () => actions.requestPlacement(null);
    input.addEventListener('cancel', cancel);
    input.click();
    return () => input.removeEventListener('cancel', cancel);
  }, [actions]);
  return (
    <input
      ref={ref}
      type="file"
      accept="image/*"
      className="mg-visually-hidden"
      data-testid="mg-image-input"
      aria-hidden="true"
      tabIndex={-1}
      onChange={async (event) => {
        const file = event.target.files?.[0];
        if (!file || !file.type.startsWith('image/')) {
          actions.requestPlacement(null);
          return;
        }
        actions.completePlacement(await readAsDataUrl(file));
      }}
    />
  );
}
