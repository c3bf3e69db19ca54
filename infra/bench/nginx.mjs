// nginx as the benches' reference reverse proxy: Debian's nginx (nginx-light is enough) run as a
// child process with a configuration and prefix of its own in a temporary directory, one worker,
// keepalive connections to the upstream, as a production nginx in front of a service would be.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { atCleanup, stop } from './stack.mjs'

const CANDIDATES = [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].filter(Boolean)

/** The nginx binary, or undefined when none is installed. */
export function nginxBinary() {
  return CANDIDATES.find((candidate) => existsSync(candidate))
}

/**
 * What the gateway does for /api/<prefix>/*, as nginx would: the prefix stripped, the client's
 * address and a request id passed on, HTTP/1.1 with pooled connections to the service. Access log on
 * (buffered), as the gateway logs its requests too.
 */
function configuration({ dir, port, upstreamPort, prefix }) {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log combined buffer=64k flush=1s;
  # nginx closes a client's connection after 1,000 requests by default, and the load generator
  # counted the request it had already sent on it as an error (14-16 a round); the gateway keeps
  # its connections open. The same for both, then.
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream service {
    server 127.0.0.1:${upstreamPort};
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location ${prefix}/ {
      proxy_pass http://service/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
    }
  }
}
`
}

/**
 * Starts nginx on `port`, proxying `prefix`/* to 127.0.0.1:`upstreamPort`; resolves once `probePath`
 * answers 200 through it. Stopped (SIGTERM) and its directory removed at cleanup.
 */
export async function startNginx({ binary, port, upstreamPort, prefix, probePath }) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-nginx-'))
  atCleanup(() => rm(dir, { recursive: true, force: true }))
  // Run as root, nginx's worker becomes `nobody`, which must reach the temporary paths it creates.
  await chmod(dir, 0o755)
  await writeFile(path.join(dir, 'nginx.conf'), configuration({ dir, port, upstreamPort, prefix }))
  const child = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d))
  atCleanup(() => stop(child))
  const url = `http://127.0.0.1:${port}${probePath}`
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${stderr}`)
    try {
      if ((await fetch(url)).ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`nginx did not answer ${url}:\n${stderr}`)
}
