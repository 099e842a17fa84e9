import { createElement as h } from 'react';

export default function RootLayout({ children }) {
  return h('html', { lang: 'en' }, h('body', { style: { margin: 0 } }, children));
}
