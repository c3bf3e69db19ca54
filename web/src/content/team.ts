import { z } from 'zod'

import { defineContent, text } from './schema.ts'

/**
 * The care team (SPEC §3 "Team member": name, title, bio, image). Shown on About (cards whose full
 * bio opens in a dialog) and Locations (providers). The people are placeholders for the practice
 * to replace; `image` names the portrait in ./media.ts (`media.team`).
 */
const teamMemberSchema = z.strictObject({
  /** Stable id for keys and element ids. */
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: text,
  title: text,
  /** One or two sentences for the card. */
  summary: text,
  /** The full bio, one string per paragraph. */
  bio: z.array(text).min(1),
  image: text,
  /** Whether the person sees patients (listed as a provider on Locations). */
  provider: z.boolean(),
})

export type TeamMember = z.infer<typeof teamMemberSchema>

/** PLACEHOLDER PEOPLE: fictional team members written for this demo; replace with the real team. */
export const team: readonly TeamMember[] = defineContent('team', z.array(teamMemberSchema).length(4), [
  {
    id: 'sarah-mitchell',
    name: 'Dr. Sarah Mitchell, Au.D.',
    title: 'Founder & Lead Audiologist',
    summary: 'Doctor of Audiology who founded the practice to bring unhurried, personal hearing care to North Georgia.',
    bio: [
      'Dr. Mitchell earned her Doctor of Audiology degree and spent more than fifteen years in hospital and ENT clinics before founding our practice in 2021.',
      'She specializes in complex hearing loss, tinnitus management and fitting the latest rechargeable and Bluetooth hearing aids. Patients know her for explaining test results in plain language and for never rushing an appointment.',
      'Outside the clinic she volunteers with local hearing-loss support groups and enjoys hiking the North Georgia mountains with her family.',
    ],
    image: 'team-1',
    provider: true,
  },
  {
    id: 'james-carter',
    name: 'Dr. James Carter, Au.D.',
    title: 'Audiologist',
    summary: 'Focuses on hearing evaluations, real-ear verified fittings and care for patients with tinnitus.',
    bio: [
      'Dr. Carter completed his doctorate in audiology and joined our team after several years in a busy multi-specialty practice.',
      'He leads our diagnostic testing and makes sure every hearing aid we fit is verified with real-ear measurement, so what you hear matches what your ears need.',
      'He sees patients in both our Gainesville and Dawsonville offices and is happy to bring family members into the conversation.',
    ],
    image: 'team-2',
    provider: true,
  },
  {
    id: 'emily-brooks',
    name: 'Emily Brooks, BC-HIS',
    title: 'Hearing Instrument Specialist',
    summary: 'Board-certified specialist who programs, repairs and maintains hearing aids of every major brand.',
    bio: [
      'Emily is board certified in hearing instrument sciences and has fitted and repaired hearing aids for more than a decade.',
      'She handles adjustments, cleanings and in-office repairs, and she is the person to ask about pairing your hearing aids with a phone, TV or tablet.',
      'Emily also runs our in-home visits for patients who find it hard to travel to the office.',
    ],
    image: 'team-3',
    provider: true,
  },
  {
    id: 'laura-nguyen',
    name: 'Laura Nguyen',
    title: 'Patient Care Coordinator',
    summary: 'Your first friendly voice on the phone: appointments, insurance benefits and follow-up reminders.',
    bio: [
      'Laura coordinates appointments for both offices and works with insurance plans every day to explain your hearing benefits before your visit.',
      'She makes sure follow-up visits, supply deliveries and warranty paperwork happen on time, so you can focus on hearing better.',
    ],
    image: 'team-4',
    provider: false,
  },
])
