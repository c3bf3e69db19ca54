/** Videos. */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { bitexact, C, esc, ffmpeg, FONT, out, run, wrap, writeOut } from './common.mjs'

/**
 * A calm, seamlessly looping field of drifting light: three slow sine waves whose periods divide the
 * loop length, computed small and scaled up (soft gradients compress well).
 * `from`/`to`: dark and light RGB of the palette.
 */
function wavesFilter({ seconds, fps, width, height, from, to, phase = 0 }) {
  const T = `(2*PI*T/${seconds})`
  const m = `((sin(2*PI*(X/W*1.1+Y/H*0.5)+${T}+${phase})+sin(2*PI*(X/W*0.55-Y/H*0.9)-2*${T}+1.3)+sin(2*PI*hypot(X/W-0.3,Y/H-0.65)*1.4-${T}))/6+0.5)`
  const ch = (i) => `${from[i]}+(${to[i] - from[i]})*${m}*(0.85+0.15*Y/H)`
  return [
    `color=c=black:s=320x180:r=${fps}:d=${seconds}`,
    'format=gbrp',
    `geq=r='${ch(0)}':g='${ch(1)}':b='${ch(2)}'`,
    `scale=${width}:${height}:flags=bicubic`,
    'format=yuv420p',
  ].join(',')
}

const x264 = (crf, extra = []) => ['-c:v', 'libx264', '-preset', 'veryslow', '-crf', String(crf), '-pix_fmt', 'yuv420p', '-movflags', '+faststart', ...extra]
const vp9 = (crf) => ['-c:v', 'libvpx-vp9', '-crf', String(crf), '-b:v', '0', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2', '-pix_fmt', 'yuv420p']

async function poster(videoFile, at, sitePath) {
  await mkdir(path.dirname(out(sitePath)), { recursive: true })
  ffmpeg(['-ss', String(at), '-i', videoFile, '-frames:v', '1', '-c:v', 'libwebp', '-quality', '78', ...bitexact, out(sitePath)])
}

export async function makeHero({ media }) {
  const v = media.heroVideo
  const filter = wavesFilter({ seconds: v.durationSeconds, fps: 24, width: v.width, height: v.height, from: [12, 52, 66], to: [70, 150, 160] })
  await mkdir(path.dirname(out(v.src)), { recursive: true })
  ffmpeg(['-f', 'lavfi', '-i', filter, '-an', ...x264(30, ['-tune', 'grain', '-g', '240']), ...bitexact, out(v.src)])
  if (v.webm) ffmpeg(['-f', 'lavfi', '-i', filter, '-an', ...vp9(42), ...bitexact, out(v.webm)])
  await poster(out(v.src), 0, v.poster)
}

/** Reads a 16-bit PCM WAV espeak-ng wrote: its sample rate and samples. */
function readWav(buffer) {
  let offset = 12
  let rate = 22050
  while (offset < buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4)
    const size = buffer.readUInt32LE(offset + 4)
    if (id === 'fmt ') rate = buffer.readUInt32LE(offset + 12)
    if (id === 'data') return { rate, pcm: buffer.subarray(offset + 8, offset + 8 + Math.min(size, buffer.length - offset - 8)) }
    offset += 8 + size + (size % 2)
  }
  throw new Error('no data chunk in WAV')
}

function wavFile(pcm, rate) {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + pcm.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(pcm.length, 40)
  return Buffer.concat([header, pcm])
}

/** A caption as one line, or two of about equal length (no orphaned last word). */
function captionLines(text, max = 42) {
  if (text.length <= max) return [text]
  const words = text.split(' ')
  let best = [text]
  let bestDiff = Infinity
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ')
    const b = words.slice(i).join(' ')
    const diff = Math.abs(a.length - b.length)
    if (diff < bestDiff) [best, bestDiff] = [[a, b], diff]
  }
  return best
}

const vttTime = (s) => {
  const ms = Math.round(s * 1000)
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const sec = Math.floor((ms % 60_000) / 1000)
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`
}

/** A title card of the About video: heading, subtitle and a sound-wave mark, above the caption area. */
function slideSvg({ width, height }, heading, subtitle, index) {
  const bars = Array.from({ length: 15 }, (_, i) => {
    const h = 14 + Math.abs(Math.sin((i + index * 2) * 0.75)) * 60
    return `<rect x="${width / 2 - 150 + i * 20}" y="${190 - h / 2}" width="10" height="${h.toFixed(1)}" rx="5" fill="#ffffff" opacity="0.85"/>`
  }).join('')
  const headingLines = wrap(heading, 30)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.inverse}"/><stop offset="1" stop-color="${index % 2 ? '#14707f' : C.primary}"/></linearGradient>
    <radialGradient id="glow" cx="${30 + index * 9}%" cy="30%" r="60%"><stop offset="0" stop-color="#8fd3da" stop-opacity="0.35"/><stop offset="1" stop-color="#8fd3da" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  ${bars}
  ${headingLines.map((line, i) => `<text x="${width / 2}" y="${310 + i * 70}" text-anchor="middle" font-family="${FONT}" font-size="60" font-weight="700" fill="#ffffff">${esc(line)}</text>`).join('\n  ')}
  <text x="${width / 2}" y="${310 + headingLines.length * 70 + 20}" text-anchor="middle" font-family="${FONT}" font-size="34" fill="#d8eef1">${esc(subtitle)}</text>
</svg>
`
}

export async function makeAboutVideo({ media, practice, clinics }, work) {
  const v = media.aboutVideo
  const lines = v.transcript
  const towns = clinics.map((c) => c.town).join(' · ')
  // One title card per spoken line.
  const cards = [
    [practice.name, `${towns}, ${practice.state}`],
    ['Hear life’s sounds again', 'Caring for our North Georgia neighbors'],
    ['We listen first', 'Your story, your goals, the sounds you miss'],
    ['Test · Explain · Fit', 'Hearing aids fitted with care'],
    ['Here for every follow-up', 'Adjustments, cleanings and check-ins'],
    ['We look forward to meeting you', practice.name],
  ]
  if (cards.length !== lines.length) throw new Error(`about video: ${lines.length} transcript lines but ${cards.length} title cards`)

  // Speech: one WAV per line, joined with pauses; the captions are timed from the same lengths.
  const LEAD = 0.6
  const GAP = 0.45
  const TAIL = 1.2
  let rate = 22050
  const pcmParts = []
  const cues = []
  let t = LEAD
  for (const [i, line] of lines.entries()) {
    const wav = path.join(work, `line-${i}.wav`)
    run('espeak-ng', ['-v', 'en-us+f3', '-s', '150', '-p', '45', '-g', '2', '-w', wav, line])
    const { rate: r, pcm } = readWav(await readFile(wav))
    rate = r
    const seconds = pcm.length / 2 / rate
    cues.push({ start: t, end: t + seconds, text: line })
    pcmParts.push(pcm)
    t += seconds + GAP
  }
  const total = Math.ceil((t - GAP + TAIL) * 10) / 10
  const silence = (s) => Buffer.alloc(Math.round(s * rate) * 2)
  const audio = [silence(LEAD)]
  for (const [i, pcm] of pcmParts.entries()) audio.push(pcm, silence(i < pcmParts.length - 1 ? GAP : 0))
  const speechLength = audio.reduce((n, b) => n + b.length, 0) / 2 / rate
  audio.push(silence(total - speechLength))
  const audioFile = path.join(work, 'speech.wav')
  await writeFile(audioFile, wavFile(Buffer.concat(audio), rate))

  const vtt = ['WEBVTT', '', ...cues.flatMap((c, i) => [`${i + 1}`, `${vttTime(c.start)} --> ${vttTime(c.end + 0.3)}`, ...captionLines(c.text), ''])].join('\n')
  await writeOut(v.captions[0].src, vtt)

  // Pictures: each card from shortly before its line until shortly before the next, cross-faded.
  const FADE = 0.5
  const bounds = [0, ...cues.slice(1).map((c) => c.start - GAP / 2), total]
  const inputs = []
  for (const [i, [heading, subtitle]] of cards.entries()) {
    const png = path.join(work, `card-${i}.png`)
    const svg = path.join(work, `card-${i}.svg`)
    await writeFile(svg, slideSvg(v, heading, subtitle, i))
    ffmpeg(['-i', svg, '-frames:v', '1', png])
    const last = i === cards.length - 1
    const length = bounds[i + 1] - bounds[i] + (i === 0 ? FADE / 2 : last ? FADE / 2 : FADE) + (last ? 0 : 0.1)
    inputs.push('-loop', '1', '-framerate', '24', '-t', length.toFixed(3), '-i', png)
  }
  let graph = ''
  let prev = '[0:v]'
  for (let i = 1; i < cards.length; i++) {
    const label = i === cards.length - 1 ? '[v]' : `[x${i}]`
    graph += `${prev}[${i}:v]xfade=transition=fade:duration=${FADE}:offset=${(bounds[i] - FADE / 2).toFixed(3)}${label};`
    prev = label
  }
  graph += '[v]format=yuv420p[vout]'
  await mkdir(path.dirname(out(v.src)), { recursive: true })
  ffmpeg([
    ...inputs,
    '-i', audioFile,
    '-filter_complex', graph,
    '-map', '[vout]', '-map', `${cards.length}:a`,
    ...x264(30, ['-tune', 'stillimage', '-r', '24']),
    '-c:a', 'aac', '-b:a', '64k', '-ac', '1', '-ar', '44100',
    '-t', String(total),
    ...bitexact,
    out(v.src),
  ])
  await poster(out(v.src), 0.2, v.poster)
  return { durationSeconds: total, cues: cues.length }
}

export async function makeCognivueVideo({ media }, work) {
  const v = media.cognivueVideo
  const seconds = v.durationSeconds
  const per = seconds / v.transcript.length
  const background = wavesFilter({ seconds, fps: 24, width: v.width, height: v.height, from: [20, 40, 70], to: [70, 120, 150], phase: 1.7 })
  // Each message fades in and out within its share of the loop; text is white on the dark field.
  const texts = v.transcript.map((message, i) => {
    const file = path.join(work, `promo-${i}.txt`)
    return { file, message, start: i * per, end: (i + 1) * per }
  })
  for (const { file, message } of texts) await writeFile(file, message)
  const fade = 0.6
  const fontFile = run('fc-match', ['-f', '%{file}', 'Liberation Sans:style=Bold']).trim()
  const draw = texts
    .map(({ file, start, end }) =>
      [
        `drawtext=textfile='${file}'`,
        `fontfile='${fontFile}'`,
        'fontsize=64',
        'fontcolor=white',
        'shadowcolor=black@0.35',
        'shadowx=2',
        'shadowy=2',
        'x=(w-text_w)/2',
        'y=(h-text_h)/2',
        `enable='between(t,${start},${end})'`,
        `alpha='if(lt(t,${start + fade}),(t-${start})/${fade},if(gt(t,${end - fade}),(${end}-t)/${fade},1))'`,
      ].join(':'),
    )
    .join(',')
  const filter = `${background},${draw}`
  await mkdir(path.dirname(out(v.src)), { recursive: true })
  ffmpeg(['-f', 'lavfi', '-i', filter, '-an', ...x264(31, ['-g', '240']), ...bitexact, out(v.src)])
  if (v.webm) ffmpeg(['-f', 'lavfi', '-i', filter, '-an', ...vp9(44), ...bitexact, out(v.webm)])
  await poster(out(v.src), per / 2, v.poster)
}
