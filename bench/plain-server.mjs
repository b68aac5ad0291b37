// The yardstick: a bare node:http server that answers every request with the same bytes and the
// same headers as the site (security headers, caching, encoding), so only the framework differs.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const [, , bodyFile, headersFile, port] = process.argv;
const body = readFileSync(bodyFile);
const headers = JSON.parse(readFileSync(headersFile, 'utf8'));
http
  .createServer((_req, res) => {
    res.writeHead(200, { ...headers, 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
