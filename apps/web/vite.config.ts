import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const page = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// React and its router change least often: a chunk of their own stays cached across releases.
// Every other library is split the default way, by which screens use it, so a screen fetches only
// the libraries it uses (one shared Mantine chunk made every page fetch every component).
const codeSplitting = {
  groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
};

/**
 * Two pages, built apart: the provider app (index.html) and the chat room that patients, host
 * pages and the mobile apps open at /chat/ (chat/index.html). A separate build keeps the chat room
 * small: in one build, a module both pages share (a contract, a date-fns or Mantine module) would
 * carry everything the provider app uses of it into the chat room too.
 */
export default defineConfig({
  // Brotli and gzip copies beside each file, made once at build time: the server sends the one the
  // browser accepts without compressing on every request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
  server: {
    // The API sets its cookies for the page's origin, so development goes through this proxy.
    proxy: {
      '/api': 'http://localhost:3000',
      // The chat room's calls and its socket.
      '/florie': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: { outDir: 'dist' },
  environments: {
    client: {
      build: {
        emptyOutDir: true,
        // Screens load by route (surfaces/*/routes.tsx).
        rolldownOptions: { input: page('./index.html'), output: { codeSplitting } },
      },
    },
    chat: {
      consumer: 'client',
      build: {
        // The provider app's build, which runs first, has just emptied it.
        emptyOutDir: false,
        // The upload panel and the message menu load when first used.
        rolldownOptions: { input: page('./chat/index.html'), output: { codeSplitting } },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client);
      await builder.build(builder.environments.chat);
    },
  },
});
