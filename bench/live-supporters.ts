/**
 * The supporters of the live bench (bench/live.ts), in a process of their own so their work does
 * not slow the teams' requests or the measuring: `count` open /live pages, each one plain node:http
 * Server-Sent Events connection to GET /api/live-events that, on each `standings.changed`, fetches
 * GET /api/clues/standings as the page does (compressed, revalidating with If-None-Match as a
 * browser does for a `no-cache` answer with an ETag; one fetch at a time per page, once more if
 * events came meanwhile). A stream the site ends is opened again after its `retry`, as EventSource does.
 *
 * Messages: the parent sends `start` (counting begins) and `finish` with the scoring answers
 * ({ signupId, total, okAt }); this process answers `opened` once every stream is open, then `figures`.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const [siteUrl, countArg] = process.argv.slice(2);
const COUNT = Number(countArg);
const base = new URL(siteUrl!);
const now = () => performance.timeOrigin + performance.now();
const send = (message: object) => process.send!(message);

/** Each page's own keep-alive connection for its fetches, as each browser has. */
const fetchAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: COUNT });
const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

type Fetch = { eventAt: number; doneAt: number; etag: string };
type Page = { fetches: Fetch[]; events: number; etag: string | null };

const pages: Page[] = [];
/** Each version of the standings (by ETag): the teams' totals, read once whatever the number of pages. */
const totalsByEtag = new Map<string, Map<number, number>>();
const counts = { fetch200: 0, fetch304: 0, fetchErrors: 0, streamDrops: 0, streamRefused: 0 };
/** What the failed fetches were: a status, or what went wrong before one. */
const failures: Record<string, number> = {};
const failed = (why: string) => {
  if (!counting) return;
  counts.fetchErrors++;
  failures[why] = (failures[why] ?? 0) + 1;
};
let counting = false;

function readTotals(etag: string, body: Buffer, encoding: string | undefined) {
  if (totalsByEtag.has(etag)) return;
  const raw = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  const { teams } = JSON.parse(raw.toString('utf8')) as { teams: { signupId: number; total: number }[] };
  totalsByEtag.set(etag, new Map(teams.map((t) => [t.signupId, t.total])));
}

function fetchStandings(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { 'accept-encoding': 'br, gzip', accept: 'application/json' };
    if (page.etag) headers['if-none-match'] = page.etag;
    const req = http.get(new URL('/api/clues/standings', base), { agent: fetchAgent, headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const etag = res.headers.etag;
        if ((res.statusCode === 200 || res.statusCode === 304) && etag) {
          if (res.statusCode === 200) readTotals(etag, Buffer.concat(chunks), res.headers['content-encoding']);
          page.etag = etag;
          if (counting) counts[res.statusCode === 200 ? 'fetch200' : 'fetch304']++;
        } else failed(String(res.statusCode));
        resolve();
      });
      res.on('error', () => {
        failed('aborted');
        resolve();
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err: NodeJS.ErrnoException) => {
      failed(err.message === 'timeout' ? 'timeout' : (err.code ?? 'network'));
      resolve();
    });
  });
}

/** One open /live page: its stream, and its fetches of the standings. */
function openPage(page: Page): Promise<void> {
  let inFlight = false;
  let heldEventAt: number | null = null;
  const refetch = async (eventAt: number) => {
    inFlight = true;
    await fetchStandings(page);
    if (counting) page.fetches.push({ eventAt, doneAt: now(), etag: page.etag ?? '' });
    inFlight = false;
    if (heldEventAt !== null) {
      const next = heldEventAt;
      heldEventAt = null;
      void refetch(next);
    }
  };
  const onEvent = (kind: string) => {
    if (kind !== 'standings.changed' && kind !== 'live.resync') return;
    const at = now();
    if (counting) page.events++;
    if (inFlight) heldEventAt ??= at;
    else void refetch(at);
  };
  return new Promise((opened) => {
    const req = http.get(new URL('/api/live-events', base), { agent: streamAgent, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        counts.streamRefused++;
        res.resume();
        opened();
        setTimeout(() => void openPage(page), 3000);
        return;
      }
      opened();
      let pending = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const blocks = (pending + chunk).split('\n\n');
        pending = blocks.pop() ?? '';
        for (const block of blocks) {
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) onEvent((JSON.parse(data.slice(6)) as { kind: string }).kind);
        }
      });
      res.on('close', () => {
        if (stopping) return;
        counts.streamDrops++;
        setTimeout(() => void openPage(page), 3000);
      });
    });
    req.on('error', () => {
      if (stopping) return;
      counts.streamDrops++;
      opened();
      setTimeout(() => void openPage(page), 3000);
    });
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

/**
 * For each scoring answer and each page: the first of the page's fetches whose standings show the
 * team's new total, timed from the answer's 2xx to that fetch's event arriving and to the fetch
 * answering (0 when they came first: the event leaves at the commit, before the team's answer).
 * A team's total only grows in the bench, so a fetch showing it is one made after the commit.
 */
function latencies(answers: { signupId: number; total: number; okAt: number }[]) {
  const event: number[] = [];
  const standings: number[] = [];
  let missed = 0;
  for (const page of pages) {
    for (const a of answers) {
      const seen = page.fetches.find((f) => (totalsByEtag.get(f.etag)?.get(a.signupId) ?? -1) >= a.total);
      if (!seen) {
        missed++;
        continue;
      }
      event.push(Math.max(0, seen.eventAt - a.okAt));
      standings.push(Math.max(0, seen.doneAt - a.okAt));
    }
  }
  event.sort((x, y) => x - y);
  standings.sort((x, y) => x - y);
  const q = (s: number[]) => ({ p50: quantile(s, 0.5), p95: quantile(s, 0.95), p99: quantile(s, 0.99), max: s.at(-1) ?? NaN });
  return { event: q(event), standings: q(standings), samples: standings.length, missed };
}

let stopping = false;
process.on('message', (message: { type: string; answers?: { signupId: number; total: number; okAt: number }[] }) => {
  if (message.type === 'start') {
    counting = true;
    for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] = 0;
    for (const key of Object.keys(failures)) delete failures[key];
  } else if (message.type === 'finish') {
    counting = false;
    stopping = true;
    const events = pages.map((p) => p.events).sort((a, b) => a - b);
    send({
      type: 'figures',
      ...counts,
      fetchFailures: failures,
      eventsPerPage: quantile(events, 0.5),
      ...latencies(message.answers ?? []),
    });
    setTimeout(() => process.exit(0), 100);
  }
});

// Opened in batches, as pages are over the first minutes, rather than 2,000 connects at once.
for (let i = 0; i < COUNT; i += 100) {
  const batch = Array.from({ length: Math.min(100, COUNT - i) }, () => {
    const page: Page = { fetches: [], events: 0, etag: null };
    pages.push(page);
    return openPage(page);
  });
  await Promise.all(batch);
}
send({ type: 'opened', refused: counts.streamRefused });
