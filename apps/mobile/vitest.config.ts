import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Component tests of the mobile app: Testing Library in happy-dom (no browser needed).
export default defineProject({
  plugins: [react()],
  // antd-mobile's react-spring pins React 18 as a peer, so npm hoists a React 18 beside our React 19:
  // every import of React must resolve to the app's own copy.
  resolve: { dedupe: ['react', 'react-dom'] },
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    name: 'mobile',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
