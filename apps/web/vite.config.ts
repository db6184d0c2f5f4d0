import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const page = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Libraries change less often than the app: separate chunks stay cached across releases.
const libraryChunks = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 30 },
  {
    name: 'mantine',
    test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format)/,
    priority: 20,
  },
  { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
];

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
        rolldownOptions: {
          input: page('./index.html'),
          // Screens load by route; a library's chunk is split by which screens use it, so the
          // sign-in page does not fetch the data tables' or the upload panel's libraries.
          output: { codeSplitting: { groups: [libraryChunks[0]] } },
        },
      },
    },
    chat: {
      consumer: 'client',
      build: {
        // The provider app's build, which runs first, has just emptied it.
        emptyOutDir: false,
        rolldownOptions: {
          input: page('./chat/index.html'),
          // Split by who loads them, so the upload panel's and the menu's libraries wait until used.
          output: { codeSplitting: { groups: [libraryChunks[0]] } },
        },
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
