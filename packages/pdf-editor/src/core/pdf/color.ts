// Colour parsing for export: the spec's rule is that anything but a 6-digit hex (with or without
// '#') is black.

/** A colour's red, green and blue components, 0 to 1. */
export interface RgbComponents {
  r: number;
  g: number;
  b: number;
}

const HEX6 = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** Components in 0..1; black for anything that is not a 6-digit hex colour. */
export function parseHexColor(color: string | undefined): RgbComponents {
  const match = color ? HEX6.exec(color.trim()) : null;
  if (!match) return { r: 0, g: 0, b: 0 };
  const [, r, g, b] = match as unknown as [string, string, string, string];
  return { r: parseInt(r, 16) / 255, g: parseInt(g, 16) / 255, b: parseInt(b, 16) / 255 };
}

/** `#RRGGBB` (upper case) from components in 0..1, for colours read back from PDFs. */
export function toHexColor({ r, g, b }: RgbComponents): string {
  const channel = (value: number) =>
    Math.round(Math.min(1, Math.max(0, value)) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`.toUpperCase();
}
