import fs from 'node:fs'
import http from 'node:http'

/**
 * The baseline: a raw node:http server answering every request with the same small JSON body,
 * the ceiling any route of the app could reach on this machine. Started by processes.ts. Given
 * BASELINE_IMAGE, it answers paths under /same-bytes/ with that file's bytes instead: the ceiling
 * for sending an avatar, which autocannon itself caps (it reads bodies in JavaScript).
 */
const body = JSON.stringify({ username: 'sakura', available: true, message: 'This ID is free.' })
const headers = {
  'Content-Type': 'application/json',
  'Content-Length': String(Buffer.byteLength(body)),
}

const image = process.env.BASELINE_IMAGE ? fs.readFileSync(process.env.BASELINE_IMAGE) : null
const imageHeaders = {
  'Content-Type': 'image/jpeg',
  'Content-Length': String(image?.length ?? 0),
}

http
  .createServer((request, response) => {
    if (image !== null && request.url?.startsWith('/same-bytes/')) {
      response.writeHead(200, imageHeaders).end(image)
    } else {
      response.writeHead(200, headers).end(body)
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'))
