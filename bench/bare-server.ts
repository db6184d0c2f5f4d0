import Fastify from 'fastify';

/** The baseline: a bare Fastify route answering small JSON, nothing else. */
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
