// Icons of the toolbar (24x24 SVG paths), kept beside the presets that name them.
export const ICONS = {
  select: 'M5 3l14 8-6 1.5L10 19z',
  text: 'M5 5h14M12 5v14M9 19h6',
  highlight: 'M4 19h16M7 15l7-10 4 3-7 10H7z',
  strikethrough: 'M4 12h16M7 6h10M7 18h10',
  underline: 'M7 4v6a5 5 0 0010 0V4M5 20h14',
  freehand: 'M3 17c3-6 5 4 8-2s5-8 10-4',
  rectangle: 'M4 6h16v12H4z',
  circle: 'M12 4a8 8 0 110 16 8 8 0 010-16z',
  arrow: 'M5 19L19 5M11 5h8v8',
  comment: 'M4 4h16v12H9l-5 4z',
  signature: 'M3 18c4-10 6-10 6-4s3 2 5-2 3 4 7 2M3 21h18',
  image: 'M4 5h16v14H4zM4 15l5-5 4 4 3-3 4 4',
  whiteout: 'M4 8h16v8H4z',
  eraser: 'M4 16l8-8 6 6-4 4H8zM12 20h8',
} as const;
