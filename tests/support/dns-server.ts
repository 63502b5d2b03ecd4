import dgram from 'node:dgram'

export type RecordType = 'A' | 'AAAA'

/**
 * What a name answers to its `count`th query of `type` (1 for the first): addresses of that
 * type (none is an empty answer), or null to leave the query unanswered; a promise of them for
 * a server that answers late.
 */
export type Answers = (
  type: RecordType,
  count: number,
) => string[] | null | Promise<string[] | null>

export interface DnsServer {
  /** For a resolver's setServers: `127.0.0.1:port`. */
  server: string
  /** Every query received, oldest first. */
  queries: { name: string; type: RecordType }[]
  /** Names answered; any other gets NXDOMAIN. Lower-case, without the final dot. */
  names: Map<string, Answers>
  close(): Promise<void>
}

const TYPE_CODES = { A: 1, AAAA: 28 } as const satisfies Record<RecordType, number>

/** The 16 bytes of an IPv6 address, `::` and a trailing dotted quad included. */
function ipv6Bytes(address: string): Buffer {
  const groups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)]
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number)
          return [(a << 8) | b, (c << 8) | d]
        })
  const [head = '', tail] = address.split('::')
  const left = groups(head)
  const right = tail === undefined ? [] : groups(tail)
  const all = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
  const bytes = Buffer.alloc(16)
  all.forEach((group, index) => bytes.writeUInt16BE(group, index * 2))
  return bytes
}

function record(type: RecordType, address: string): Buffer {
  const data = type === 'A' ? Buffer.from(address.split('.').map(Number)) : ipv6Bytes(address)
  const head = Buffer.alloc(12)
  // The name is a pointer to the question's, at offset 12; class IN, TTL 0.
  head.writeUInt16BE(0xc00c, 0)
  head.writeUInt16BE(TYPE_CODES[type], 2)
  head.writeUInt16BE(1, 4)
  head.writeUInt32BE(0, 6)
  head.writeUInt16BE(data.length, 10)
  return Buffer.concat([head, data])
}

/**
 * A DNS server over UDP on 127.0.0.1 that answers A and AAAA queries from `names`, with a TTL of
 * 0 so no resolver keeps an answer: each look-up reaches it and is counted.
 */
export async function startDnsServer(): Promise<DnsServer> {
  const socket = dgram.createSocket('udp4')
  const queries: DnsServer['queries'] = []
  const names = new Map<string, Answers>()
  const counts = new Map<string, number>()

  let closed = false

  async function answer(query: Buffer, from: dgram.RemoteInfo) {
    let offset = 12
    const labels: string[] = []
    while (offset < query.length && query[offset] !== 0) {
      const length = query[offset] ?? 0
      labels.push(query.toString('latin1', offset + 1, offset + 1 + length))
      offset += 1 + length
    }
    const questionEnd = offset + 5
    if (questionEnd > query.length) return
    const name = labels.join('.').toLowerCase()
    const code = query.readUInt16BE(offset + 1)
    const type = code === TYPE_CODES.A ? 'A' : code === TYPE_CODES.AAAA ? 'AAAA' : undefined
    const answersOf = names.get(name)
    let records: Buffer[] = []
    if (type !== undefined) {
      queries.push({ name, type })
      const count = (counts.get(`${type} ${name}`) ?? 0) + 1
      counts.set(`${type} ${name}`, count)
      const addresses = answersOf === undefined ? [] : await answersOf(type, count)
      // A late answer may find the server closed.
      if (addresses === null || closed) return
      records = addresses.map((address) => record(type, address))
    }
    const header = Buffer.alloc(12)
    query.copy(header, 0, 0, 2)
    // A response to a recursive query, with recursion available; NXDOMAIN for unknown names.
    header.writeUInt16BE(0x8180 | (answersOf === undefined ? 3 : 0), 2)
    header.writeUInt16BE(1, 4)
    header.writeUInt16BE(records.length, 6)
    socket.send(
      Buffer.concat([header, query.subarray(12, questionEnd), ...records]),
      from.port,
      from.address,
    )
  }
  socket.on('message', (query, from) => void answer(query, from))

  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const { port } = socket.address()
  return {
    server: `127.0.0.1:${port}`,
    queries,
    names,
    close() {
      closed = true
      return new Promise((resolve) => socket.close(() => resolve()))
    },
  }
}
