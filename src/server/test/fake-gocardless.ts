import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
export type FakeRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: Json | null };
export type FakePayment = {
  id: string;
  amount: number;
  currency: string;
  status: string;
  charge_date: string;
  metadata: Record<string, string>;
};

/**
 * The parts of GoCardless's API the deposit flow uses, on 127.0.0.1 at a random port: create a
 * billing request (answered once per idempotency key, as GoCardless does), create its flow, and read
 * a payment. Answers follow the shapes of GoCardless's documented examples. A test makes payments
 * with `addPayment` and moves them with `setStatus`.
 */
export async function startFakeGoCardless() {
  const requests: FakeRequest[] = [];
  const billingRequests = new Map<string, Json>();
  const byIdempotencyKey = new Map<string, string>();
  const payments = new Map<string, FakePayment>();
  let n = 0;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Json) : null;
      const path = (req.url ?? '').split('?')[0] ?? '';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== 'Bearer fake-access-token') {
        return send(401, { error: { message: 'Invalid token', type: 'invalid_api_usage', code: 401, errors: [] } });
      }
      if (req.method === 'POST' && path === '/billing_requests') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const earlier = byIdempotencyKey.get(key);
        if (earlier) {
          return send(409, {
            error: {
              message: 'A resource has already been created with this idempotency key',
              type: 'invalid_state',
              code: 409,
              errors: [
                {
                  reason: 'idempotent_creation_conflict',
                  message: 'A resource has already been created with this idempotency key',
                  links: { conflicting_resource_id: earlier },
                },
              ],
            },
          });
        }
        const data = (body?.billing_requests ?? {}) as Json;
        const id = `BRQ${String(++n).padStart(6, '0')}`;
        const created = { id, status: 'pending', created_at: new Date().toISOString(), ...data, links: { creditor: 'CR123' } };
        billingRequests.set(id, created);
        byIdempotencyKey.set(key, id);
        return send(201, { billing_requests: created });
      }
      const br = /^\/billing_requests\/(\w+)$/.exec(path);
      if (req.method === 'GET' && br) {
        const found = billingRequests.get(br[1]!);
        return found
          ? send(200, { billing_requests: found })
          : send(404, { error: { message: 'Not found', type: 'invalid_api_usage', code: 404, errors: [] } });
      }
      if (req.method === 'POST' && path === '/billing_request_flows') {
        const data = (body?.billing_request_flows ?? {}) as Json;
        const id = `BRF${String(++n).padStart(6, '0')}`;
        return send(201, {
          billing_request_flows: {
            id,
            ...data,
            authorisation_url: `https://pay-sandbox.gocardless.com/billing/static/flow?id=${id}`,
            auto_fulfil: true,
          },
        });
      }
      const pm = /^\/payments\/(\w+)$/.exec(path);
      if (req.method === 'GET' && pm) {
        const found = payments.get(pm[1]!);
        return found
          ? send(200, { payments: { ...found, amount_refunded: 0, reference: null, links: { mandate: 'MD123', creditor: 'CR123' } } })
          : send(404, { error: { message: 'Resource not found', type: 'invalid_api_usage', code: 404, errors: [] } });
      }
      send(404, { error: { message: `No route ${req.method} ${path}`, type: 'invalid_api_usage', code: 404, errors: [] } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token: 'fake-access-token',
    requests,
    billingRequests,
    addPayment(p: Partial<FakePayment> & { id: string; metadata: Record<string, string> }) {
      payments.set(p.id, { amount: 50000, currency: 'GBP', status: 'pending_submission', charge_date: '2026-03-02', ...p });
    },
    setStatus(id: string, status: string) {
      const p = payments.get(id);
      if (!p) throw new Error(`no payment ${id}`);
      p.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeGoCardless = Awaited<ReturnType<typeof startFakeGoCardless>>;
