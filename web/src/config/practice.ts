/**
 * Who the practice is. The spec names no practice, so the name is neutral and lives here only:
 * another practice rebrands by editing this file (index.html's title and description come from it
 * at build time too).
 */
export const practice = {
  name: 'North Georgia Hearing Care',
  tagline: "Reconnect With Life's Sounds.",
  description:
    'Hearing evaluations, hearing aids and personal follow-up care from our clinics in Gainesville and Dawsonville, Georgia.',
} as const
