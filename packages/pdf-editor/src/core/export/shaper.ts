// Shaping and bidi levels for the complex-text engine (complexLayout.ts, a lazy chunk): HarfBuzz's
// WebAssembly build from harfbuzzjs, driven through its C API directly, and bidi-js. harfbuzzjs's own loader is not used:
// it imports Node's `module` in every environment (which browser bundlers refuse) and finds its
// .wasm in ways server bundles break; this module gets the bytes from the package's fonts/ folder.
import bidiFactory from 'bidi-js';
import { loadShaperWasm } from '../../fonts';

/** A glyph as HarfBuzz placed it, in font units; `cluster` is the UTF-16 index its characters start at. */
export interface ShapedGlyph {
  gid: number;
  cluster: number;
  advance: number;
  xOffset: number;
  yOffset: number;
}

export interface Shaper {
  /**
   * The bidi embedding level of each UTF-16 unit of `line` (odd: right to left), in a
   * left-to-right paragraph as the editor's text box lays it out.
   */
  levels(line: string): Uint8Array;
  /**
   * The glyphs of `line.slice(start, end)` in visual (left-to-right) order, shaped with the rest
   * of the line as context.
   */
  shape(fontFile: Uint8Array, line: string, start: number, end: number, rtl: boolean): ShapedGlyph[];
}

/** The C API functions used, as harfbuzz.wasm exports them (pointers and handles are numbers). */
interface HarfBuzzExports {
  memory: WebAssembly.Memory;
  __wasm_call_ctors(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_font_create(face: number): number;
  hb_buffer_create(): number;
  hb_buffer_destroy(buffer: number): void;
  hb_buffer_add_utf16(buffer: number, text: number, length: number, itemOffset: number, itemLength: number): void;
  hb_buffer_guess_segment_properties(buffer: number): void;
  hb_buffer_set_direction(buffer: number, direction: number): void;
  hb_buffer_get_length(buffer: number): number;
  hb_buffer_get_glyph_infos(buffer: number, length: number): number;
  hb_buffer_get_glyph_positions(buffer: number, length: number): number;
  hb_shape(font: number, buffer: number, features: number, featureCount: number): void;
}

const HB_MEMORY_MODE_READONLY = 1;
const HB_DIRECTION_LTR = 4;
const HB_DIRECTION_RTL = 5;
/** sizeof(hb_glyph_info_t) and sizeof(hb_glyph_position_t): five 32-bit fields each. */
const RECORD_BYTES = 20;

async function instantiateHarfBuzz(): Promise<HarfBuzzExports> {
  // The module's memory, known once it is instantiated.
  const heap: { memory?: WebAssembly.Memory } = {};
  // The runtime functions the Emscripten build imports; shaping calls none but the heap's growth.
  const runtime = {
    emscripten_resize_heap(requested: number): number {
      const { memory } = heap;
      if (!memory) return 0;
      try {
        memory.grow(Math.ceil((requested - memory.buffer.byteLength) / 65536));
        return 1;
      } catch {
        return 0;
      }
    },
    _abort_js(): never {
      throw new Error('HarfBuzz aborted');
    },
    _emscripten_runtime_keepalive_clear(): void {},
    _setitimer_js(): number {
      return 0;
    },
    proc_exit(code: number): never {
      throw new Error(`HarfBuzz exited with ${code}`);
    },
  };
  const wasm: BufferSource = (await loadShaperWasm()) as Uint8Array<ArrayBuffer>;
  const { instance } = await WebAssembly.instantiate(wasm, { env: runtime, wasi_snapshot_preview1: runtime });
  const hb = instance.exports as unknown as HarfBuzzExports;
  heap.memory = hb.memory;
  hb.__wasm_call_ctors();
  return hb;
}

export async function createShaper(): Promise<Shaper> {
  const hb = await instantiateHarfBuzz();
  const bidi = bidiFactory();
  // One HarfBuzz font per font file, kept for the process (or worker): files are few, and their
  // bytes must stay in HarfBuzz's heap as long as the font is used.
  const fonts = new WeakMap<Uint8Array, number>();
  const fontOf = (file: Uint8Array): number => {
    let font = fonts.get(file);
    if (font === undefined) {
      const data = hb.malloc(file.length);
      new Uint8Array(hb.memory.buffer).set(file, data);
      const blob = hb.hb_blob_create(data, file.length, HB_MEMORY_MODE_READONLY, 0, 0);
      fonts.set(file, (font = hb.hb_font_create(hb.hb_face_create(blob, 0))));
    }
    return font;
  };

  return {
    levels: (line) => bidi.getEmbeddingLevels(line, 'ltr').levels,
    shape(fontFile, line, start, end, rtl) {
      const font = fontOf(fontFile);
      const text = hb.malloc(line.length * 2);
      const buffer = hb.hb_buffer_create();
      try {
        const units = new Uint16Array(hb.memory.buffer, text, line.length);
        for (let index = 0; index < line.length; index++) units[index] = line.charCodeAt(index);
        // The whole line is the context (Arabic joining across a font change); only the run is shaped.
        hb.hb_buffer_add_utf16(buffer, text, line.length, start, end - start);
        hb.hb_buffer_guess_segment_properties(buffer);
        hb.hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
        hb.hb_shape(font, buffer, 0, 0);
        const count = hb.hb_buffer_get_length(buffer);
        // Read after shaping: the heap may have grown, which replaces its buffer.
        const infos = new DataView(hb.memory.buffer, hb.hb_buffer_get_glyph_infos(buffer, 0), count * RECORD_BYTES);
        const positions = new DataView(hb.memory.buffer, hb.hb_buffer_get_glyph_positions(buffer, 0), count * RECORD_BYTES);
        const glyphs: ShapedGlyph[] = [];
        for (let index = 0; index < count; index++) {
          const at = index * RECORD_BYTES;
          glyphs.push({
            gid: infos.getUint32(at, true),
            cluster: infos.getUint32(at + 8, true),
            advance: positions.getInt32(at, true),
            xOffset: positions.getInt32(at + 8, true),
            yOffset: positions.getInt32(at + 12, true),
          });
        }
        return glyphs;
      } finally {
        hb.hb_buffer_destroy(buffer);
        hb.free(text);
      }
    },
  };
}
