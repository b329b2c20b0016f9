import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Component tests of the mobile app: Testing Library in happy-dom (no browser needed).
export default defineProject({
  plugins: [react()],
  // Screen and component styles are CSS Modules (*.module.css): their classes are scoped to the
  // file, so one screen's class cannot restyle another's. Keys keep their CSS names and get a
  // camelCase twin (styles['wallet-list'] and styles.walletList). app/app.css stays global: the
  // theme tokens and the shell's shared components.
  css: { modules: { localsConvention: 'camelCase' } },
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    name: 'mobile',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
