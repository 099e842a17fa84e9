import { createElement as h } from 'react';
import Editor from './Editor';

export default async function Page({ searchParams }) {
  const { mode } = await searchParams;
  return h(Editor, { controlled: mode === 'controlled' });
}
