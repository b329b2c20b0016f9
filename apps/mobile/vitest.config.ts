import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Component tests of the mobile app: Testing Library in happy-dom (no browser needed).
export default defineProject({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    name: 'mobile',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
