// The spec's default values (sections 3 and 9) as plain data, apart from `normalizeAnnotation` so
// the kind modules can read them without importing the function that reads the kinds.

/**
 * The spec's defaults, which `normalizeAnnotation` and the editor's tools fill in: colours as
 * `#RRGGBB`, opacities 0 to 1, sizes in points. `shapeSize`, `markupWidth`/`markupHeight` and
 * `imageSize` are what a click (rather than a drag) creates.
 */
export const DEFAULTS = {
  color: '#000000',
  highlightColor: '#FFFF00',
  whiteoutColor: '#FFFFFF',
  opacity: 1,
  highlightOpacity: 0.3,
  strokeWidth: 2,
  fontSize: 16,
  fontFamily: 'Arial',
  shapeSize: 100,
  markupWidth: 100,
  markupHeight: 20,
  radius: 50,
  imageSize: 200,
  signatureWidth: 200,
  signatureHeight: 80,
  whiteout: { width: 100, height: 20 },
} as const;

/** The whiteout tool's size choices, in points; `medium` is the default. */
export const WHITEOUT_PRESETS = {
  small: { width: 50, height: 15 },
  medium: { width: 100, height: 20 },
  large: { width: 200, height: 40 },
} as const;
