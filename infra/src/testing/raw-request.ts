import { request } from 'node:http'

export interface RawAnswer {
  status: number
  body: string
  /** Access-Control-Allow-Origin, if the answer granted one. */
  cors: string | undefined
}

/** A GET to 127.0.0.1 with exactly the headers given, Host included (fetch would not let a test set it). */
export function rawGet(port: number, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, cors: res.headers['access-control-allow-origin'] }))
    })
    req.on('error', reject)
    req.end()
  })
}
