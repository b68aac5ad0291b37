import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { payPage } from './fake-gocardless-pay-page';

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
type PaymentRequest = { amount: number; currency: string; description: string; metadata: Record<string, string> };
type Flow = { id: string; billingRequestId: string; redirectUri: string; exitUri?: string };

export type FakeGoCardlessOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Where the Pay button's webhook batch goes, signed with this secret; without it, Pay only redirects. */
  webhook?: { url: string; secret: string };
};

const apiError = (code: number, message: string, type = 'invalid_api_usage', errors: unknown[] = []) => ({
  error: { message, type, code, errors },
});

/**
 * The parts of GoCardless the deposit flow uses, on 127.0.0.1: create a billing request (answered
 * once per idempotency key, as GoCardless does), create its flow, read a payment, and the hosted
 * payment page the flow's authorisation URL opens. Its Pay button makes a confirmed payment, posts
 * the signed webhook batch GoCardless would send, then returns the payer to the flow's redirect URI.
 * Answers follow the shapes of GoCardless's documented examples. A test makes payments with
 * `addPayment` and moves them with `setStatus`; `holdWebhooks` keeps batches back until
 * `releaseWebhooks` (also over HTTP, `POST /_fake/webhooks/hold|release`, for a fake in another process).
 */
export async function startFakeGoCardless(opts: FakeGoCardlessOptions = {}) {
  const requests: FakeRequest[] = [];
  const billingRequests = new Map<string, Json>();
  const byIdempotencyKey = new Map<string, string>();
  const payments = new Map<string, FakePayment>();
  const flows = new Map<string, Flow>();
  const held: { events: Json[] }[] = [];
  let holding = false;
  let n = 0;
  let url = '';
  const nextId = (prefix: string) => `${prefix}${String(++n).padStart(6, '0')}`;

  async function deliver(batch: { events: Json[] }) {
    if (!opts.webhook) return;
    const body = JSON.stringify(batch);
    const res = await fetch(opts.webhook.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Webhook-Signature': createHmac('sha256', opts.webhook.secret).update(body).digest('hex'),
      },
      body,
    });
    if (!res.ok) throw new Error(`the webhook was answered ${res.status}`);
  }

  /** The payer pressed Pay: the payment exists, confirmed, and GoCardless tells the site. */
  async function pay(flow: Flow) {
    const br = billingRequests.get(flow.billingRequestId) as Json & { payment_request: PaymentRequest };
    const { amount, currency, metadata } = br.payment_request;
    const id = nextId('PM');
    payments.set(id, { id, amount, currency, status: 'confirmed', charge_date: new Date().toISOString().slice(0, 10), metadata });
    Object.assign(br, { status: 'fulfilled', links: { ...(br.links as Json), payment_request_payment: id } });
    const at = new Date().toISOString();
    const batch = {
      events: [
        {
          id: nextId('EV'),
          created_at: at,
          resource_type: 'billing_requests',
          action: 'fulfilled',
          links: { billing_request: br.id, payment_request_payment: id },
          details: { origin: 'payer', cause: 'billing_request_fulfilled', description: 'This billing request has been fulfilled.' },
          resource_metadata: br.metadata ?? {},
        },
        {
          id: nextId('EV'),
          created_at: at,
          resource_type: 'payments',
          action: 'confirmed',
          links: { payment: id },
          details: { origin: 'gocardless', cause: 'payment_confirmed', description: 'The payment has been confirmed.' },
          resource_metadata: metadata,
        },
      ],
    };
    if (holding) held.push(batch);
    else await deliver(batch);
  }

  async function releaseWebhooks() {
    holding = false;
    while (held.length) await deliver(held.shift()!);
  }

  /** The payer's pages and the test's switches: no API token, as in a browser. */
  async function publicRoute(req: IncomingMessage, path: string, res: ServerResponse): Promise<boolean> {
    const page = /^\/flow\/(\w+)(\/pay)?$/.exec(path);
    const flow = page ? flows.get(page[1]!) : undefined;
    if (page && !flow) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('No such payment page');
      return true;
    }
    if (flow && req.method === 'GET' && !page![2]) {
      const br = billingRequests.get(flow.billingRequestId) as Json & { payment_request: PaymentRequest };
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(payPage(flow, br.payment_request));
      return true;
    }
    if (flow && req.method === 'POST' && page![2]) {
      try {
        await pay(flow);
      } catch (err) {
        res.writeHead(502, { 'Content-Type': 'text/plain' }).end(`Payment made, but ${(err as Error).message}`);
        return true;
      }
      res.writeHead(303, { Location: flow.redirectUri }).end();
      return true;
    }
    if (req.method === 'POST' && (path === '/_fake/webhooks/hold' || path === '/_fake/webhooks/release')) {
      if (path.endsWith('hold')) holding = true;
      else await releaseWebhooks();
      res.writeHead(204).end();
      return true;
    }
    return false;
  }

  function apiRoute(req: IncomingMessage, path: string, body: Json | null, send: (status: number, payload: unknown) => void) {
    if (req.headers.authorization !== 'Bearer fake-access-token') return send(401, apiError(401, 'Invalid token'));
    if (req.method === 'POST' && path === '/billing_requests') {
      const key = String(req.headers['idempotency-key'] ?? '');
      const earlier = byIdempotencyKey.get(key);
      if (earlier) {
        const message = 'A resource has already been created with this idempotency key';
        return send(
          409,
          apiError(409, message, 'invalid_state', [
            { reason: 'idempotent_creation_conflict', message, links: { conflicting_resource_id: earlier } },
          ]),
        );
      }
      const data = (body?.billing_requests ?? {}) as Json;
      const id = nextId('BRQ');
      const created = { id, status: 'pending', created_at: new Date().toISOString(), ...data, links: { creditor: 'CR123' } };
      billingRequests.set(id, created);
      byIdempotencyKey.set(key, id);
      return send(201, { billing_requests: created });
    }
    const br = /^\/billing_requests\/(\w+)$/.exec(path);
    if (req.method === 'GET' && br) {
      const found = billingRequests.get(br[1]!);
      return found ? send(200, { billing_requests: found }) : send(404, apiError(404, 'Not found'));
    }
    if (req.method === 'POST' && path === '/billing_request_flows') {
      const data = (body?.billing_request_flows ?? {}) as Json & { redirect_uri?: string; exit_uri?: string; links?: Json };
      const id = nextId('BRF');
      const billingRequestId = String(data.links?.billing_request ?? '');
      if (!billingRequests.has(billingRequestId)) return send(404, apiError(404, 'Billing request not found'));
      flows.set(id, { id, billingRequestId, redirectUri: String(data.redirect_uri ?? ''), exitUri: data.exit_uri });
      return send(201, { billing_request_flows: { id, ...data, authorisation_url: `${url}/flow/${id}`, auto_fulfil: true } });
    }
    const pm = /^\/payments\/(\w+)$/.exec(path);
    if (req.method === 'GET' && pm) {
      const found = payments.get(pm[1]!);
      return found
        ? send(200, { payments: { ...found, amount_refunded: 0, reference: null, links: { mandate: 'MD123', creditor: 'CR123' } } })
        : send(404, apiError(404, 'Resource not found'));
    }
    send(404, apiError(404, `No route ${req.method} ${path}`));
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const isJson = String(req.headers['content-type'] ?? '').startsWith('application/json');
      const body = text && isJson ? (JSON.parse(text) as Json) : null;
      const path = (req.url ?? '').split('?')[0] ?? '';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      publicRoute(req, path, res)
        .then((handled) => handled || apiRoute(req, path, body, send))
        .catch((err: Error) => send(500, apiError(500, err.message, 'gocardless')));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;

  return {
    url,
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
    holdWebhooks() {
      holding = true;
    },
    releaseWebhooks,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeGoCardless = Awaited<ReturnType<typeof startFakeGoCardless>>;
