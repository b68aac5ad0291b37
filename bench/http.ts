import autocannon from 'autocannon';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { startPlain } from './processes';

export type HttpFigure = { path: string; bytes: number; rps: number; p99: number; plainRps: number; plainP99: number; ratio: number; errors: number };

async function load(url: string, seconds: number) {
  const r = await autocannon({ url, connections: 50, duration: seconds });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

/** One endpoint of the site beside a plain node:http server sending the same bytes. */
export async function compareEndpoint(siteUrl: string, urlPath: string, seconds: number, plainPort: number): Promise<HttpFigure> {
  const res = await fetch(siteUrl + urlPath);
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${urlPath} answered ${res.status}`);
  const file = path.join(tmpdir(), `bench-body-${plainPort}`);
  writeFileSync(file, body);
  const site = await load(siteUrl + urlPath, seconds);
  const plain = await startPlain(file, res.headers.get('content-type') ?? 'application/json', plainPort);
  const baseline = await load(plain.url + '/', seconds);
  await plain.stop();
  return {
    path: urlPath, bytes: body.length, rps: site.rps, p99: site.p99, plainRps: baseline.rps, plainP99: baseline.p99,
    ratio: site.rps / baseline.rps, errors: site.errors,
  };
}
