// Zoom limits of the spec: 0.5 to 3 in steps of 0.25, 1.5 to start with.
/** Zoom limits: 0.5 to 3 in steps of 0.25, starting at 1.5. */
export const ZOOM = { min: 0.5, max: 3, step: 0.25, initial: 1.5 } as const;

export function clampZoom(zoom: number): number {
  return Math.min(ZOOM.max, Math.max(ZOOM.min, zoom));
}

/** The next step up (+1) or down (-1) on the 0.25 grid, so a fitted zoom snaps back onto it. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const steps = zoom / ZOOM.step;
  const next = direction > 0 ? Math.floor(steps + 1e-9) + 1 : Math.ceil(steps - 1e-9) - 1;
  return clampZoom(next * ZOOM.step);
}
