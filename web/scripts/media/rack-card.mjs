/** Rack card PDF (4 x 9 in), printed by Chromium: tagged, with real, selectable text. */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { CHROMIUM, C, FONT, run, out, esc } from './common.mjs'

function rackCardHtml({ media, practice, clinics, formatAddress, tips }) {
  const card = media.rackCard
  const icon = (i) =>
    `<svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true"><circle cx="12" cy="12" r="10" fill="${i % 2 ? C.primary : C.accent}"/><path d="M7 12.5l3 3 7-7" stroke="#fff" stroke-width="2.4" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(card.title)} - ${esc(practice.name)}</title>
<meta name="description" content="${esc(card.summary)}">
<meta name="author" content="${esc(practice.name)}">
<style>
  @page { size: 4in 9in; margin: 0; }
  * { box-sizing: border-box; }
  html, body { margin: 0; }
  body { width: 4in; height: 9in; font-family: ${FONT}; color: ${C.text}; font-size: 10.5pt; line-height: 1.35;
         -webkit-print-color-adjust: exact; print-color-adjust: exact; display: flex; flex-direction: column; }
  header { background: linear-gradient(160deg, ${C.inverse}, ${C.primary}); color: #fff; padding: 0.32in 0.3in 0.26in; }
  .practice { margin: 0 0 0.12in; font-size: 9pt; letter-spacing: 0.06em; text-transform: uppercase; color: #d8eef1; }
  h1 { margin: 0; font-size: 22pt; line-height: 1.12; }
  .lead { margin: 0.14in 0 0; font-size: 10.5pt; color: #eef7f8; }
  main { padding: 0.2in 0.3in 0; flex: 1; }
  h2 { margin: 0 0 0.08in; font-size: 12.5pt; color: ${C.primary}; }
  p { margin: 0 0 0.12in; }
  ul { list-style: none; margin: 0 0 0.14in; padding: 0; display: grid; grid-template-columns: 1fr 1fr; gap: 0.06in 0.12in; }
  li { display: flex; gap: 0.06in; align-items: center; font-weight: 700; font-size: 10pt; }
  li svg { flex: none; }
  .cta { background: ${C.primarySoft}; border-radius: 8px; padding: 0.12in 0.16in; margin-bottom: 0.14in; }
  .cta h2 { margin-bottom: 0.04in; }
  .cta p { margin: 0; }
  footer { padding: 0.16in 0.3in 0.26in; border-top: 3px solid ${C.primary}; font-size: 9.5pt; }
  .offices { display: grid; grid-template-columns: 1fr 1fr; gap: 0.14in; }
  .offices h3 { margin: 0 0 0.02in; font-size: 10pt; }
  .offices p { margin: 0; color: ${C.textMuted}; }
  .phone { font-weight: 700; color: ${C.text} !important; font-size: 10.5pt; }
</style>
</head>
<body>
<header>
  <p class="practice">${esc(practice.name)}</p>
  <h1>${esc(card.title)}</h1>
  <p class="lead">Research links untreated hearing loss with a higher risk of memory problems and cognitive decline. Treating it keeps you in the conversation and your brain engaged.</p>
</header>
<main>
  <h2>Why hearing matters for memory</h2>
  <p>When hearing fades, the brain works harder to fill the gaps, and many people begin to avoid conversations and company. Hearing aids fitted and followed up by a professional help you stay active and connected.</p>
  <h2>Eight habits for a healthy mind</h2>
  <ul>
    ${tips.map((tip, i) => `<li>${icon(i)}<span>${esc(tip.title)}</span></li>`).join('\n    ')}
  </ul>
  <p>Aim for at least 150 minutes of moderate aerobic exercise per week, and 7 to 9 hours of sleep a night.</p>
  <section class="cta">
    <h2>Ask us about a memory screening</h2>
    <p>A hearing evaluation and a short cognitive screening, side by side, with time for your questions.</p>
  </section>
</main>
<footer>
  <div class="offices">
    ${clinics
      .map(
        (c) => `<div><h3>${esc(c.name)}</h3><p class="phone">${esc(c.phone)}</p><p>${esc(formatAddress(c.address))}</p></div>`,
      )
      .join('\n    ')}
  </div>
</footer>
</body>
</html>
`
}

export async function makeRackCard(content, work) {
  const html = path.join(work, 'rack-card.html')
  await writeFile(html, rackCardHtml(content))
  const target = out(content.media.rackCard.src)
  await mkdir(path.dirname(target), { recursive: true })
  const profile = await mkdtemp(path.join(tmpdir(), 'generate-media-chromium-'))
  try {
    run(CHROMIUM, [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', `--user-data-dir=${profile}`, '--no-pdf-header-footer',
      `--print-to-pdf=${target}`, pathToFileURL(html).href,
    ])
  } finally {
    await rm(profile, { recursive: true, force: true })
  }
  // Chromium writes the PDF as a tagged PDF (structure tree), with the HTML's lang and title.
  const pdf = await readFile(target)
  if (!pdf.includes('/StructTreeRoot')) console.warn('generate-media: warning: the rack card PDF is not tagged')
}
