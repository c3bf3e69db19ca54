import { z } from 'zod'

import { defineContent, sitePath, text } from './schema.ts'

/**
 * Every image, video, caption track and file the site shows that is not part of the code: the one
 * list pages take file names, alternative texts and caption tracks from (SPEC §2, §7 "Static assets").
 *
 * The files under web/public/media and web/public/files are made by this project, not downloaded:
 * `npm run generate-media -w web` (web/scripts/generate-media.mjs, with ffmpeg, espeak-ng and Chromium
 * from Debian) writes them from the inputs below (spoken script, names) and the practice content
 * (practice.ts, the clinics, tips.ts). They are committed, so building and running the site needs none
 * of those tools. To use your own media, put your files under web/public and change the paths and
 * texts here; to regenerate ours after editing an input, run the script again.
 *
 * Every video with speech has captions (WebVTT) and a transcript; videos without speech say so.
 */

const mediaPath = sitePath.refine((p) => /^\/(media|files)\//.test(p), 'must be a file under /media/ or /files/')

const image = z.strictObject({
  src: mediaPath,
  /** Alternative text; empty only for a decorative image. */
  alt: z.string(),
  width: z.int().positive(),
  height: z.int().positive(),
})

const captionTrack = z.strictObject({
  src: mediaPath,
  kind: z.enum(['captions', 'subtitles']),
  srcLang: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
  label: text,
  default: z.boolean(),
})

const video = z
  .strictObject({
    /** MP4 (H.264), played everywhere. */
    src: mediaPath,
    /** Optional smaller WebM (VP9), offered first where supported. */
    webm: mediaPath.optional(),
    poster: mediaPath,
    width: z.int().positive(),
    height: z.int().positive(),
    durationSeconds: z.number().positive(),
    /** What the video shows, for people who cannot see it (aria-label / description). */
    description: text,
    hasSpeech: z.boolean(),
    captions: z.array(captionTrack),
    /** What is said, in order, one paragraph per entry (shown as a transcript; also the speech script). */
    transcript: z.array(text),
  })
  .refine((v) => !v.hasSpeech || (v.captions.length > 0 && v.transcript.length > 0), {
    message: 'a video with speech needs captions and a transcript',
  })

const insurerLogo = image.extend({
  /** The fictional plan name drawn in the logo (not a real insurer). */
  name: text,
})

const mediaSchema = z.strictObject({
  /** Home hero: decorative looping background, no speech. */
  heroVideo: video,
  /** Home hero, beside (wide screens) or below (narrow) the text: a consultation. Decorative. */
  heroArt: image,
  /** About > Our Story: spoken introduction. */
  aboutVideo: video,
  /** /cognivue: muted looping promo (on-screen words only, listed in `transcript`). */
  cognivueVideo: video,
  /** /cognivue hero image behind "Enhance Your Memory Health". */
  cognivueHero: image,
  /** Home insurance carousel: 20 partner logos; alt text "Insurance partner N" (SPEC §2). */
  insurers: z.array(insurerLogo).length(20),
  /** Team portraits by file name (team.ts `image`). Illustrations, not photos of real people. */
  team: z.record(z.string().regex(/^team-\d+$/), image),
  /** Home brand cards: product-style illustrations by brand key (brands.ts `key`). No trademarks. */
  brands: z.record(z.string().regex(/^[a-z0-9-]+$/), image),
  /** /cognivue: the rack card shown in the PDF viewer and downloaded. */
  rackCard: z.strictObject({
    src: mediaPath,
    /** The name the "Download PDF" button saves it as (SPEC §2). */
    downloadName: z.string().regex(/^[\w.-]+\.pdf$/),
    title: text,
    /** The card's text, for a reader who cannot open the PDF. */
    summary: text,
  }),
})

export type MediaImage = z.infer<typeof image>
export type MediaVideo = z.infer<typeof video>
export type CaptionTrack = z.infer<typeof captionTrack>
export type InsurerLogo = z.infer<typeof insurerLogo>
export type Media = z.infer<typeof mediaSchema>

/** Fictional plan names for the generated insurer logos: generic words, not real insurers' marks. */
const INSURER_NAMES = [
  'Aurelia Health',
  'Brightwell Benefits',
  'Cedarline Care',
  'Dovetail Health Plan',
  'Everbrook Mutual',
  'Fernhollow Health',
  'Glenmora Care',
  'Hollisford Benefits',
  'Ivyreach Health',
  'Juniper Vale Plan',
  'Kestrelton Mutual',
  'Larkspur Health',
  'Marlowe Bay Benefits',
  'Northwind Cove Care',
  'Oakhaven Health Plan',
  'Pinecrest Meadow',
  'Quillfield Benefits',
  'Rosmere Health',
  'Silverbirch Care',
  'Thistledown Mutual',
] as const

const pad = (n: number) => String(n).padStart(2, '0')

const teamImage = (n: number) => ({ src: `/media/team/team-${n}.webp`, alt: '', width: 480, height: 480 })

export const media: Media = defineContent('media', mediaSchema, {
  heroVideo: {
    src: '/media/hero.mp4',
    webm: '/media/hero.webm',
    poster: '/media/hero-poster.webp',
    width: 1280,
    height: 720,
    durationSeconds: 10,
    description: 'Slowly drifting waves of teal and blue light.',
    hasSpeech: false,
    captions: [],
    transcript: [],
  },
  heroArt: { src: '/media/hero-consultation.svg', alt: '', width: 640, height: 560 },
  aboutVideo: {
    src: '/media/about-story.mp4',
    poster: '/media/about-story-poster.webp',
    width: 1280,
    height: 720,
    durationSeconds: 25,
    description:
      'A short welcome from North Georgia Hearing Care: title cards about our two offices, how we listen first, and our follow-up care, with a spoken introduction.',
    hasSpeech: true,
    captions: [{ src: '/media/about-story.vtt', kind: 'captions', srcLang: 'en', label: 'English', default: true }],
    // The speech and the captions are generated from these lines: keep each one short enough to read.
    transcript: [
      'Welcome to North Georgia Hearing Care.',
      'We help our neighbors in Gainesville and Dawsonville hear life’s sounds again.',
      'Every visit starts with listening to you.',
      'We test, explain and fit your hearing aids with care,',
      'and we stay with you at every follow-up.',
      'We look forward to meeting you.',
    ],
  },
  cognivueVideo: {
    src: '/media/cognivue-promo.mp4',
    webm: '/media/cognivue-promo.webm',
    poster: '/media/cognivue-promo-poster.webp',
    width: 1280,
    height: 720,
    durationSeconds: 12,
    description:
      'A silent animation of soft light with four short messages about memory health and hearing (listed below the video).',
    hasSpeech: false,
    captions: [],
    transcript: [
      'Memory health matters.',
      'Hearing and memory are connected.',
      'Ask us about a cognitive screening.',
      'Book your visit today.',
    ],
  },
  cognivueHero: {
    src: '/media/cognivue/hero.webp',
    alt: '',
    width: 1600,
    height: 900,
  },
  insurers: INSURER_NAMES.map((name, i) => ({
    src: `/media/insurers/insurer-${pad(i + 1)}.svg`,
    alt: `Insurance partner ${i + 1}`,
    width: 240,
    height: 120,
    name,
  })),
  team: {
    'team-1': teamImage(1),
    'team-2': teamImage(2),
    'team-3': teamImage(3),
    'team-4': teamImage(4),
  },
  brands: {
    phonak: { src: '/media/brands/phonak.svg', alt: 'Illustration of a behind-the-ear hearing aid', width: 480, height: 360 },
    signia: { src: '/media/brands/signia.svg', alt: 'Illustration of a receiver-in-canal hearing aid', width: 480, height: 360 },
    oticon: { src: '/media/brands/oticon.svg', alt: 'Illustration of a discreet hearing aid with its charger', width: 480, height: 360 },
    unitron: { src: '/media/brands/unitron.svg', alt: 'Illustration of a rechargeable hearing aid pair', width: 480, height: 360 },
  },
  rackCard: {
    src: '/files/Audiology_rack_card.pdf',
    downloadName: 'audiology_rack_card.pdf',
    title: 'Protect Your Hearing, Protect Your Mind',
    summary:
      'A one-page card on how treating hearing loss supports memory health, eight everyday tips for a healthy brain, and how to book a hearing and memory screening at our Gainesville and Dawsonville offices.',
  },
})

/** A team portrait by the file name team.ts gives (`team-1`, `team-1.webp`, `team-1.jpg` all find team-1). */
export function teamPhoto(image: string): MediaImage | undefined {
  return media.team[image.replace(/\.[a-z]+$/i, '')]
}
