// The tools reachable from the landing tiles and the features page, each at /editor?tool={id}.
export const TOOLS = [
  { id: 'merge', title: 'Merge PDFs', pro: false },
  { id: 'split', title: 'Split PDF', pro: false },
  { id: 'rotate', title: 'Rotate Pages', pro: false },
  { id: 'protect', title: 'Protect PDF', pro: true },
] as const;

export type ToolId = (typeof TOOLS)[number]['id'];

export function isToolId(value: string | null): value is ToolId {
  return TOOLS.some((tool) => tool.id === value);
}

export function toolPath(id: ToolId): string {
  return `/editor?tool=${id}`;
}
