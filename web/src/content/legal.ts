import { z } from 'zod'

import { paths } from '../config/paths.ts'

import { practice } from './practice.ts'
import { defineContent, isoDate, sitePath, text } from './schema.ts'

/**
 * The legal and static pages (SPEC §2 "Legal pages", §9): privacy policy, return policy, terms of
 * service and accessibility statement, plus the warranty and "What's included" facts that the
 * product pages show too. Every figure of SPEC §9 appears here once, in words a patient can follow.
 *
 * These texts are a starting point written for this demo practice, not legal advice: a practice
 * adopting the site has them reviewed and edits them here.
 *
 * A document is a title, a date, an introduction and sections; a section is a heading and blocks.
 * A block is a paragraph (a string), a bulleted list, a list of links, or the practice's contact
 * details (filled in from practice.ts and the clinics when the page renders).
 */

const legalBlockSchema = z.union([
  text,
  z.strictObject({ list: z.array(text).min(1) }),
  z.strictObject({ links: z.array(z.strictObject({ label: text, href: sitePath })).min(1) }),
  z.strictObject({ contact: z.literal(true) }),
])

const legalSectionSchema = z.strictObject({
  /** Fragment id of the section (links like /privacy-policy#cookies); lowercase words and hyphens. */
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'lowercase letters, digits and hyphens'),
  heading: text,
  blocks: z.array(legalBlockSchema).min(1),
})

const legalDocumentSchema = z
  .strictObject({
    title: text,
    /** For search results and link previews. */
    description: text,
    lastUpdated: isoDate,
    intro: z.array(text).min(1),
    sections: z.array(legalSectionSchema).min(1),
  })
  .refine((doc) => new Set(doc.sections.map((s) => s.id)).size === doc.sections.length, 'section ids must be unique')

const legalDocumentsSchema = z.strictObject({
  privacyPolicy: legalDocumentSchema,
  returnPolicy: legalDocumentSchema,
  termsOfService: legalDocumentSchema,
  accessibility: legalDocumentSchema,
})

const warrantySchema = z.strictObject({ title: text, summary: text, terms: z.array(text).min(1) })

const whatsIncludedSchema = z.strictObject({ title: text, items: z.array(text).min(1), followUpCare: text })

export type LegalBlock = z.infer<typeof legalBlockSchema>
export type LegalSection = z.infer<typeof legalSectionSchema>
export type LegalDocument = z.infer<typeof legalDocumentSchema>
export type LegalDocumentKey = keyof z.infer<typeof legalDocumentsSchema>
export type Warranty = z.infer<typeof warrantySchema>
export type WhatsIncluded = z.infer<typeof whatsIncludedSchema>

const { name } = practice

/** The 3-3-3 warranty (SPEC §9), shown on the return policy and on product pages. */
export const warranty: Warranty = defineContent('legal', warrantySchema, {
  title: '3-3-3 Warranty',
  summary: 'Every hearing aid we fit is covered for three years, three ways:',
  terms: [
    '3 years of coverage for manufacturer defects.',
    '3 years of coverage for loss, theft and damage: a one-time replacement per hearing aid, with a deductible.',
    '3 years of service and maintenance.',
  ],
})

/** What comes with every hearing aid (SPEC §9), shown on the return policy and on product pages. */
export const whatsIncluded: WhatsIncluded = defineContent('legal', whatsIncludedSchema, {
  title: "What's Included",
  items: ['Remote programming', '3 years of supplies', 'Firmware updates', 'In-home or in-office visits'],
  followUpCare: 'Follow-up care: 6 months of adjustments.',
})

const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  description: `How ${name} collects, uses and protects your personal information, and the choices you have.`,
  lastUpdated: '2026-11-01',
  intro: [
    `${name} ("we", "us") respects your privacy. This policy explains what personal information we collect when you visit our website, request an appointment, send us a message, shop or create an account; how we use it; and the choices you have.`,
  ],
  sections: [
    {
      id: 'information-we-collect',
      heading: 'Information we collect',
      blocks: [
        'We collect only what we need to care for you and to run this website:',
        {
          list: [
            'Contact details you give us: your name, phone number, e-mail address, mailing address and preferred clinic.',
            'Appointment requests and messages: the date, time and type of visit you ask for, and anything you write to us.',
            'Account details: your e-mail address and profile. Your password is stored only in a scrambled (hashed) form that no one can read.',
            'Order requests: the hearing aids and accessories you ask to buy.',
            'Website usage, unless you decline cookies: which pages are viewed (the page address only) and whether someone booked, contacted us, signed in or signed up.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-it',
      heading: 'How we use your information',
      blocks: [
        {
          list: [
            'To answer your messages and schedule, confirm and follow up on your appointments.',
            'To run your account and handle your orders and returns.',
            'To understand which pages help our visitors, so we can improve them.',
            'To meet our legal and professional obligations.',
          ],
        },
        'We never sell your personal information, and we do not use advertising trackers.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and similar storage',
      blocks: [
        'Your browser keeps a small record of your cookie choice ("cookie-consent") so we do not ask again. When you sign in, one essential cookie keeps you signed in; it is removed when you sign out.',
        'Our page-view statistics are our own: they are stored on our servers and are not shared with advertising networks. If you choose Decline in the cookie notice, we record no page views or events from your browser.',
        'You can change your choice at any time with "Cookie Preferences" at the bottom of every page.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      blocks: [
        'We share personal information only with service providers that help us serve you, and only what they need: our patient messaging service (which delivers your messages and appointment requests to our staff), our online store and checkout provider, and our e-mail provider. They may use it only on our behalf.',
        'We may also disclose information when the law requires it.',
        "Patient reviews on our home page may come from Google Maps. Those reviews are provided by Google under Google's Terms of Service (https://policies.google.com/terms) and Privacy Policy (https://policies.google.com/privacy); we do not store them.",
      ],
    },
    {
      id: 'health-information',
      heading: 'Health information',
      blocks: [
        'Health information from your care at our clinics is protected under the federal HIPAA Privacy Rule. Our Notice of Privacy Practices, available at each clinic, describes how we use and disclose it and your rights.',
      ],
    },
    {
      id: 'security',
      heading: 'How we protect it',
      blocks: [
        'Information travels to and from this website encrypted. Access is limited to the staff who need it to care for you, and every account password is stored hashed.',
      ],
    },
    {
      id: 'breach-notification',
      heading: 'If a data breach occurs',
      blocks: [
        'If a security breach affects your personal information, we will notify you within 7 business days of discovering it, and tell you what happened, what information was involved and what we are doing about it.',
      ],
    },
    {
      id: 'your-choices',
      heading: 'Your choices and rights',
      blocks: [
        {
          list: [
            'See and correct your details in your Profile Settings, or ask us to.',
            'Ask us for a copy of the personal information we hold about you.',
            'Ask us to delete your account and the information we no longer need to keep.',
            'Decline website statistics through the cookie notice.',
          ],
        },
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      blocks: [
        'We keep personal information for as long as you have an account or we provide care to you, and afterwards only as long as the law requires us to keep health and financial records.',
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: ['This website is not directed to children under 13, and we do not knowingly collect their information online.'],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: ['When we change this policy we update the date at the top of this page. Significant changes are announced on this website.'],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      blocks: ['Questions about your privacy? Contact us:', { contact: true }],
    },
  ],
}

const returnPolicy: LegalDocument = {
  title: 'Return Policy',
  description: `Returning hearing aids bought from ${name}: the 30-day return period, what to bring, the restocking fee, refunds and the 3-3-3 warranty.`,
  lastUpdated: '2026-11-01',
  intro: [
    'We want you to love how you hear. If your new hearing aids are not right for you, you can return them under the terms below.',
  ],
  sections: [
    {
      id: 'return-period',
      heading: '30-day return period',
      blocks: ['You may return hearing aids within 30 days from the date of delivery.'],
    },
    {
      id: 'how-to-return',
      heading: 'How to return',
      blocks: [
        'Returns are by appointment only. Call your clinic to book a return appointment, so a hearing care professional can check the devices with you and make sure nothing else would help first.',
      ],
    },
    {
      id: 'what-to-bring',
      heading: 'What to bring',
      blocks: [
        'A return must include:',
        {
          list: [
            'the original packaging,',
            'all accessories (chargers, cases, domes and cleaning tools), and',
            'a copy of the original bill of sale.',
          ],
        },
      ],
    },
    {
      id: 'restocking-fee',
      heading: 'Restocking fee',
      blocks: ['A $175 restocking fee is deducted from your refund.'],
    },
    {
      id: 'refunds',
      heading: 'Refunds',
      blocks: [
        'Refunds go back to the original method of payment. Because the manufacturer must first confirm the return, refunds may take 3-6 weeks to arrive.',
      ],
    },
    {
      id: 'warranty',
      heading: warranty.title,
      blocks: [warranty.summary, { list: warranty.terms }],
    },
    {
      id: 'whats-included',
      heading: whatsIncluded.title,
      blocks: ['Every hearing aid comes with:', { list: whatsIncluded.items }, whatsIncluded.followUpCare],
    },
    {
      id: 'contact',
      heading: 'Questions about a return?',
      blocks: [{ contact: true }],
    },
  ],
}

const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  description: `The terms for using the ${name} website, booking appointments and buying hearing aids online.`,
  lastUpdated: '2026-11-01',
  intro: [
    `These terms apply to your use of the ${name} website, including appointment requests, your account and purchases. By using the website you agree to them.`,
  ],
  sections: [
    {
      id: 'eligibility',
      heading: 'Who may use this website',
      blocks: ['You must be 18 years of age or older to create an account, request an appointment or make a purchase on this website.'],
    },
    {
      id: 'medical-information',
      heading: 'Health information on this website',
      blocks: [
        'Articles and other content on this website are general information, not medical advice. They do not replace a hearing evaluation by a licensed professional. If you have sudden hearing loss, see a doctor right away.',
      ],
    },
    {
      id: 'appointments',
      heading: 'Appointments',
      blocks: [
        'An appointment requested online is pending until our staff verify it; we then contact you to confirm. Please call your clinic if you need to change or cancel a visit.',
      ],
    },
    {
      id: 'prices-and-orders',
      heading: 'Prices and orders',
      blocks: [
        'All prices are in US dollars (USD). Prices and availability may change without notice, and we may correct errors in prices or descriptions. Online payment is handled by our secure checkout provider.',
      ],
    },
    {
      id: 'returns-and-warranty',
      heading: 'Returns and warranty',
      blocks: [
        'Returns, refunds and the 3-3-3 warranty are described in our Return Policy.',
        { links: [{ label: 'Read the Return Policy', href: paths.returnPolicy.getHref() }] },
      ],
    },
    {
      id: 'accounts',
      heading: 'Your account',
      blocks: [
        'Keep your password to yourself and tell us if you think someone else has used your account. You are responsible for what is done with your account.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      blocks: [
        'Do not misuse this website: no attempts to break its security, overload it, collect other people’s information, or send unlawful or abusive messages.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Content and trademarks',
      blocks: [
        `The text, images and design of this website belong to ${name} or its licensors. Hearing aid brand names and logos belong to their owners.`,
      ],
    },
    {
      id: 'liability',
      heading: 'Limitation of liability',
      blocks: [
        'We work to keep this website accurate and available but cannot promise that it always will be. To the extent the law allows, we are not liable for indirect losses arising from the use of this website.',
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing law',
      blocks: [
        'These terms are governed by the laws of the State of Georgia, United States of America. Any dispute will be heard by the courts of Georgia.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      blocks: ['When we change these terms we update the date at the top of this page. The terms in force when you use the website apply.'],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      blocks: [{ contact: true }],
    },
  ],
}

const accessibility: LegalDocument = {
  title: 'Accessibility Statement',
  description: `${name} wants everyone to be able to use this website. Our accessibility goal, what we do to reach it, and how to reach us if something gets in your way.`,
  lastUpdated: '2026-11-01',
  intro: [
    `Many of our patients live with hearing loss, and many are older adults. ${name} wants everyone to be able to use this website easily, whatever their abilities and whatever device they use.`,
  ],
  sections: [
    {
      id: 'standard',
      heading: 'Our goal',
      blocks: [
        'This website aims to conform to the Web Content Accessibility Guidelines (WCAG) 2.1, Level AA, published by the World Wide Web Consortium.',
      ],
    },
    {
      id: 'measures',
      heading: 'What we do',
      blocks: [
        {
          list: [
            'Large, high-contrast text that you can enlarge with your browser’s zoom.',
            'Every page and feature works with a keyboard alone, with a clearly visible focus.',
            'Videos come with captions or a written transcript.',
            'Pages are built to work with screen readers and voice control.',
            'Animations are reduced when your device asks for less motion.',
            'We test every page with automated accessibility checks and by hand.',
          ],
        },
      ],
    },
    {
      id: 'limitations',
      heading: 'Known limitations',
      blocks: [
        'Embedded maps and videos come from other providers and may not be fully accessible. Every clinic’s address, phone number and hours are also written out as text on our Locations page.',
      ],
    },
    {
      id: 'feedback',
      heading: 'Feedback and help',
      blocks: [
        'If something on this website is hard to use, or you need information in another format, please tell us. We answer accessibility feedback within 2 business days.',
        'You can always call either clinic and our staff will help you book an appointment or find what you need.',
        { contact: true },
      ],
    },
  ],
}

export const legalDocuments: Record<LegalDocumentKey, LegalDocument> = defineContent('legal', legalDocumentsSchema, {
  privacyPolicy,
  returnPolicy,
  termsOfService,
  accessibility,
})
