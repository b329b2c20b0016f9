import Fastify from 'fastify';

// The baseline: a bare Fastify JSON endpoint, no database, no validation.
const app = Fastify({ logger: false });
app.post('/json', async () => ({
  status: 1,
  msg: '',
  data: { hello: 'world', balances: [{ currency: 'EUR' }] },
}));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`bare fastify listening at ${address}`);
