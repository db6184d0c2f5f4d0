import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const page = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react()],
  server: {
    // The API sets its cookies for the page's origin, so development goes through this proxy.
    proxy: {
      '/api': 'http://localhost:3000',
      // The chat room's calls and its socket.
      '/florie': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Two pages: the provider app, and the chat room that host pages and mobile apps embed
      // (served at /chat/), which must stay small.
      input: { main: page('./index.html'), chat: page('./chat/index.html') },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // entriesAware splits each group by the pages that use its modules, so the chat room never
        // downloads the provider app's router, query cache or the Mantine components only it uses.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 30, entriesAware: true },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format)/, priority: 20, entriesAware: true },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10, entriesAware: true },
          ],
        },
      },
    },
  },
});
