import { spawn, type SpawnOptions } from 'node:child_process'

export interface CommandOptions extends Pick<SpawnOptions, 'cwd' | 'env' | 'uid' | 'gid'> {
  /** Names the command in the error message. */
  label: string
}

/** Runs a command to completion: resolves with its output, or rejects with it on a non-zero exit. */
export function runCommand(cmd: string, args: string[], { label, ...options }: CommandOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout!.on('data', (d) => (output += d))
    child.stderr!.on('data', (d) => (output += d))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve(output.trim()) : reject(new Error(`${label} failed (${code}): ${output.trim()}`))))
  })
}
