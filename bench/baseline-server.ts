import http from 'node:http'

/**
 * The baseline: a raw node:http server answering every request with the same small JSON body,
 * the ceiling any route of the app could reach on this machine. Started by processes.ts.
 */
const body = JSON.stringify({ username: 'sakura', available: true, message: 'This ID is free.' })
const headers = {
  'Content-Type': 'application/json',
  'Content-Length': String(Buffer.byteLength(body)),
}

http
  .createServer((_request, response) => response.writeHead(200, headers).end(body))
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'))
