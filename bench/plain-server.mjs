// The yardstick: a bare node:http server that answers every request with the same bytes.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const [, , bodyFile, contentType, port] = process.argv;
const body = readFileSync(bodyFile);
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
