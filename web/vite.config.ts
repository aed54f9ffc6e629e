import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const fromRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** The SPA build (served by CloudFront from S3 in AWS, by the local gateway's Vite middleware locally). */
export default defineConfig({
  root: fromRoot('web'),
  publicDir: fromRoot('web/public'),
  plugins: [react()],
  resolve: {
    alias: {
      '@shared': fromRoot('shared'),
      '@web': fromRoot('web/src'),
    },
  },
  build: {
    outDir: fromRoot('web/dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
});
