import Fastify from 'fastify';

/** The baselines: a bare Fastify route answering small JSON, and a page of plain HTML (no script). */
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
app.get('/page', (_request, reply) =>
  reply
    .type('text/html')
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
        '<title>Bare page</title></head><body><main><h1>Bare page</h1><p>Plain HTML, no script.</p></main></body></html>',
    ),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
