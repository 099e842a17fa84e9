/* global document, location, URLSearchParams */
// The entry of the Vite and webpack apps: `?mode=controlled` shows the controlled editor.
// #region main
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsumerEditor } from './editor.mjs';

const controlled = new URLSearchParams(location.search).get('mode') === 'controlled';
createRoot(document.getElementById('root')).render(h(StrictMode, null, h(ConsumerEditor, { controlled })));
// #endregion
