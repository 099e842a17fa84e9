import react from '@vitejs/plugin-react';

// The React plugin and nothing else: the SDK needs no Vite setting.
export default { plugins: [react()] };
